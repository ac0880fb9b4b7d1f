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
        let (home, identities, stored, languages, school, storedAtSchools) = try await database.read { db in
            let home = try await IdentityLinks.home(of: user, on: db)
            let identities = try await IdentityLinks.identities(ofHome: home, on: db)
            return (
                home, identities, try await Self.storedRoles(of: identities, on: db),
                try await PersonLanguages.stored(for: home, on: db),
                try await SchoolAssignments.school(of: home, on: db),
                try await SchoolAssignments.storedRoles(of: identities, on: db)
            )
        }
        let roles = roles(stored: stored, of: identities)
        let schoolRoles = schoolRoles(stored: storedAtSchools, of: identities)
        let sessionEnd = roles.isEmpty && schoolRoles.isEmpty ? nil : try await sessionExpiry(of: user)
        let loggedIn = sessionEnd.map { $0 > now } ?? false
        let caller = Caller(
            user: user, capabilities: policy.capabilities(holding: roles, rolesInForce: verified || loggedIn),
            roles: roles, isLoggedIn: loggedIn, person: home, identities: identities, language: languages.language,
            offeredLanguage: languages.offered, school: school, schoolRoles: schoolRoles,
            rolesInForce: verified || loggedIn)
        // A login that ends sooner ends the cached caller with it.
        cache.store(caller, for: key, at: now, expiringBy: loggedIn ? sessionEnd : nil, readSince: generation)
        return caller
    }

    /// `caller` asking about the school `schoolID`: with the capabilities of the roles they hold
    /// there too (in force as their district roles are; their denials always).
    package func caller(_ caller: Caller, at schoolID: String) -> Caller {
        let roles = caller.schoolRoles[schoolID] ?? []
        // Most people hold no role at one school: they are the same at every school.
        if roles.isEmpty, caller.capabilities == caller.districtCapabilities { return caller }
        return caller.atSchool(allowing: policy.capabilities(holding: roles, rolesInForce: caller.rolesInForce))
    }

    /// `stored` (roles at single schools granted to `identities`) with the ones the configuration
    /// gives them.
    private func schoolRoles(stored: [String: Set<String>], of identities: [UserID]) -> [String: Set<String>] {
        var roles = stored
        for identity in identities {
            for (school, configured) in policy.configuredSchoolRoles[identity] ?? [:] {
                roles[school, default: []].formUnion(configured)
            }
        }
        return roles
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

    /// Every stored grant, by identity: district-wide grants have no school.
    package func storedGrants() async throws -> [(user: String, role: String, school: String?)] {
        try await database.read { db in
            let district = try await db.select().columns("identity", "role").from(Self.rolesTable).all()
                .map {
                    (
                        try $0.decode(column: "identity", as: String.self),
                        try $0.decode(column: "role", as: String.self),
                        String?.none
                    )
                }
            let atSchools = try await db.select().columns("identity", "role", "school")
                .from(SchoolAssignments.rolesTable).all()
                .map {
                    (
                        try $0.decode(column: "identity", as: String.self),
                        try $0.decode(column: "role", as: String.self),
                        Optional(try $0.decode(column: "school", as: String.self))
                    )
                }
            return (district + atSchools).sorted { ($0.0, $0.2 ?? "", $0.1) < ($1.0, $1.2 ?? "", $1.1) }
        }
    }

    /// Grants `role` to `user`, across the district or at the school `school` only; recorded in
    /// the audit log as done by `actor` in `channel` (`web` for the web console, nil for the
    /// command line). Returns false when they already held it.
    @discardableResult
    package func grant(
        _ role: String, to user: UserID, at school: String? = nil, by actor: UserID, channel: String? = nil
    ) async throws -> Bool {
        guard policy.roles[role] != nil else { throw UnknownRole(name: role, known: Array(policy.roles.keys)) }
        if let problem = AccessPolicy.problemGranting(to: user) { throw UserFacingError(problem) }
        let now = clock.now
        let added: Bool = try await database.write { db in
            guard try await !Self.holds(role, user, at: school, on: db) else { return false }
            let table = school == nil ? Self.rolesTable : SchoolAssignments.rolesTable
            let insert = db.insert(into: table)
            if let school {
                try await insert.columns("identity", "role", "school", "granted_by", "granted_at")
                    .values(
                        SQLBind(user.description), SQLBind(role), SQLBind(school), SQLBind(actor.description),
                        SQLBind(Int64(now.timeIntervalSince1970))
                    ).run()
            } else {
                try await insert.columns("identity", "role", "granted_by", "granted_at")
                    .values(
                        SQLBind(user.description), SQLBind(role), SQLBind(actor.description),
                        SQLBind(Int64(now.timeIntervalSince1970))
                    ).run()
            }
            try await AuditLog.insert(
                AuditEntry(
                    at: now, actor: actor, action: "role.grant",
                    detail: school.map { "\(user) now holds \(role) at \($0)" } ?? "\(user) now holds \(role)",
                    channel: channel, school: school),
                into: db)
            return true
        }
        forget(user)
        return added
    }

    /// Takes `role` away from `user`, across the district or at the school `school`; recorded in
    /// the audit log as done by `actor` in `channel`. Returns false when they did not hold it.
    @discardableResult
    package func revoke(
        _ role: String, from user: UserID, at school: String? = nil, by actor: UserID, channel: String? = nil
    ) async throws -> Bool {
        let now = clock.now
        let removed: Bool = try await database.write { db in
            guard try await Self.holds(role, user, at: school, on: db) else { return false }
            let delete = db.delete(from: school == nil ? Self.rolesTable : SchoolAssignments.rolesTable)
                .where("identity", .equal, SQLBind(user.description)).where("role", .equal, SQLBind(role))
            if let school { delete.where("school", .equal, SQLBind(school)) }
            try await delete.run()
            try await AuditLog.insert(
                AuditEntry(
                    at: now, actor: actor, action: "role.revoke",
                    detail: school.map { "\(user) no longer holds \(role) at \($0)" }
                        ?? "\(user) no longer holds \(role)",
                    channel: channel, school: school),
                into: db)
            return true
        }
        forget(user)
        return removed
    }

    /// Stores `school` (an id; nil: none) as the school of `person`, a home identity; every
    /// cached caller is dropped, here and on other instances.
    package func setSchool(_ school: String?, of person: UserID) async throws {
        let now = clock.now
        try await database.write { db in try await SchoolAssignments.setSchool(school, of: person, at: now, on: db) }
        cache.invalidate()
    }

    private static func holds(_ role: String, _ user: UserID, at school: String?, on db: any SQLDatabase)
        async throws -> Bool
    {
        let query = db.select().column("role").from(school == nil ? rolesTable : SchoolAssignments.rolesTable)
            .where("identity", .equal, SQLBind(user.description)).where("role", .equal, SQLBind(role))
        if let school { query.where("school", .equal, SQLBind(school)) }
        return try await query.first() != nil
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
