import Foundation
import HomeroomCore
import SQLKit

/// Who holds which role, who is logged in, and what that lets each person do.
///
/// Roles are stored in `core_roles` (granted with `homeroom admin grant`) or listed in the
/// configuration; PIN logins in `core_sessions`, so a login holds across processes and restarts.
/// Resolved callers are cached for a few seconds and dropped at once on any change made here;
/// registered as ``sharedCache``, they are dropped on every other instance too.
package final class AccessDirectory: Sendable {
    /// A role name that the configuration does not define.
    package struct UnknownRole: Error, CustomStringConvertible {
        /// The name given.
        package let name: String
        /// The roles that exist.
        package let known: [String]
        package var description: String {
            "no role \"\(name)\" — the roles are \(known.sorted().joined(separator: ", "))"
        }
    }

    private struct CacheKey: Hashable, Sendable {
        let user: UserID
        let verified: Bool
    }

    static let rolesTable = "core_roles"
    static let sessionsTable = "core_sessions"

    /// The configured roles.
    package let policy: AccessPolicy
    private let database: any Database
    private let clock: any HomeroomClock
    private let cache: ExpiringCache<CacheKey, Caller>

    /// Creates the directory.
    package init(
        policy: AccessPolicy, database: any Database, clock: any HomeroomClock, cacheLifetime: TimeInterval = 10
    ) {
        self.policy = policy
        self.database = database
        self.clock = clock
        self.cache = ExpiringCache(timeToLive: cacheLifetime, capacity: 10_000)
    }

    /// The caller behind a message: roles in force when the platform verified the id or a PIN login lasts.
    package func caller(for user: UserID, verified: Bool) async throws -> Caller {
        let now = clock.now
        let key = CacheKey(user: user, verified: verified)
        if let cached = cache.value(for: key, at: now) { return cached }
        let generation = cache.generation
        // The person and their stored roles in one read: this runs whenever the cache has no answer.
        let (home, identities, stored, languages) = try await database.read { db in
            let home = try await IdentityLinks.home(of: user, on: db)
            let identities = try await IdentityLinks.identities(ofHome: home, on: db)
            return (
                home, identities, try await Self.storedRoles(of: identities, on: db),
                try await PersonLanguages.stored(for: home, on: db)
            )
        }
        let roles = roles(stored: stored, of: identities)
        let sessionEnd = roles.isEmpty ? nil : try await sessionExpiry(of: user)
        let loggedIn = sessionEnd.map { $0 > now } ?? false
        let caller = Caller(
            user: user, capabilities: policy.capabilities(holding: roles, rolesInForce: verified || loggedIn),
            roles: roles, isLoggedIn: loggedIn, person: home, identities: identities, language: languages.language,
            offeredLanguage: languages.offered)
        // A login that ends sooner ends the cached caller with it.
        cache.store(caller, for: key, at: now, expiringBy: loggedIn ? sessionEnd : nil, readSince: generation)
        return caller
    }

    /// The cached callers, for the runtime to empty when another instance changes roles or logins.
    package var sharedCache: SharedCache { SharedCache(cache) }

    /// The roles `user` holds, stored or configured, sorted.
    package func roles(of user: UserID) async throws -> [String] {
        try await roles(of: [user])
    }

    /// The roles any of `identities` (one person's) holds, stored or configured, sorted.
    package func roles(of identities: [UserID]) async throws -> [String] {
        roles(stored: try await database.read { try await Self.storedRoles(of: identities, on: $0) }, of: identities)
    }

    /// `stored` (the roles granted to `identities`) with the ones the configuration gives them, sorted.
    private func roles(stored: [String], of identities: [UserID]) -> [String] {
        Set(stored).union(identities.flatMap { policy.configuredRoles[$0] ?? [] }).sorted()
    }

    private static func storedRoles(of identities: [UserID], on db: any SQLDatabase) async throws -> [String] {
        try await db.select().column("role").from(rolesTable)
            .where("identity", .in, SQLBind.group(identities.map(\.description))).all()
            .map { try $0.decode(column: "role", as: String.self) }
    }

    /// Every stored grant, by identity.
    package func storedGrants() async throws -> [(user: String, role: String)] {
        try await database.read { db in
            try await db.select().columns("identity", "role").from(Self.rolesTable)
                .orderBy("identity").orderBy("role").all()
                .map {
                    (try $0.decode(column: "identity", as: String.self), try $0.decode(column: "role", as: String.self))
                }
        }
    }

    /// Grants `role` to `user`; recorded in the audit log as done by `actor` in `channel` (`web`
    /// for the web console, nil for the command line). Returns false when they already held it.
    @discardableResult
    package func grant(_ role: String, to user: UserID, by actor: UserID, channel: String? = nil) async throws -> Bool {
        guard policy.roles[role] != nil else { throw UnknownRole(name: role, known: Array(policy.roles.keys)) }
        if let problem = AccessPolicy.problemGranting(to: user) { throw UserFacingError(problem) }
        let now = clock.now
        let added: Bool = try await database.write { db in
            guard try await !Self.holds(role, user, on: db) else { return false }
            try await db.insert(into: Self.rolesTable).columns("identity", "role", "granted_by", "granted_at")
                .values(
                    SQLBind(user.description), SQLBind(role), SQLBind(actor.description),
                    SQLBind(Int64(now.timeIntervalSince1970))
                )
                .run()
            try await AuditLog.insert(
                AuditEntry(
                    at: now, actor: actor, action: "role.grant", detail: "\(user) now holds \(role)", channel: channel),
                into: db)
            return true
        }
        forget(user)
        return added
    }

    /// Takes `role` away from `user`; recorded in the audit log as done by `actor` in `channel`.
    /// Returns false when they did not hold it.
    @discardableResult
    package func revoke(_ role: String, from user: UserID, by actor: UserID, channel: String? = nil) async throws
        -> Bool
    {
        let now = clock.now
        let removed: Bool = try await database.write { db in
            guard try await Self.holds(role, user, on: db) else { return false }
            try await db.delete(from: Self.rolesTable)
                .where("identity", .equal, SQLBind(user.description)).where("role", .equal, SQLBind(role)).run()
            try await AuditLog.insert(
                AuditEntry(
                    at: now, actor: actor, action: "role.revoke", detail: "\(user) no longer holds \(role)",
                    channel: channel),
                into: db)
            return true
        }
        forget(user)
        return removed
    }

    private static func holds(_ role: String, _ user: UserID, on db: any SQLDatabase) async throws -> Bool {
        try await db.select().column("role").from(rolesTable)
            .where("identity", .equal, SQLBind(user.description)).where("role", .equal, SQLBind(role)).first() != nil
    }

    /// When the PIN login of `user` ends, or nil when there is none (it may lie in the past).
    package func sessionExpiry(of user: UserID) async throws -> Date? {
        try await database.read { db in
            try await db.select().column("expires_at").from(Self.sessionsTable)
                .where("identity", .equal, SQLBind(user.description)).first()
                .map { Date(timeIntervalSince1970: TimeInterval(try $0.decode(column: "expires_at", as: Int64.self))) }
        }
    }

    /// Stores `language` as the choice of `person` (a home identity; nil: none), keeping whether
    /// a language was offered; every cached caller is dropped, here and on other instances.
    package func setLanguage(_ language: Language?, for person: UserID) async throws {
        try await changeLanguages(of: person) { $0.language = language }
    }

    /// Records that `person` was offered answers in `language`, so that it is offered once.
    package func recordOffer(of language: Language, to person: UserID) async throws {
        try await changeLanguages(of: person) { $0.offered = language }
    }

    /// Reads, changes with `change` and stores what is kept of `person`'s languages in one
    /// transaction; every cached caller is dropped, here and on other instances.
    private func changeLanguages(
        of person: UserID, _ change: @escaping @Sendable (inout PersonLanguages.Stored) -> Void
    ) async throws {
        let now = clock.now
        try await database.write { db in
            var stored = try await PersonLanguages.stored(for: person, on: db)
            change(&stored)
            try await PersonLanguages.store(stored, for: person, at: now, on: db)
        }
        cache.invalidate()
    }

    /// Drops the cached caller of `user`, so the next message reads their roles and login afresh
    /// (on other instances, every cached caller goes).
    package func forget(_ user: UserID) {
        cache.forget(CacheKey(user: user, verified: true))
        cache.forget(CacheKey(user: user, verified: false))
    }
}
