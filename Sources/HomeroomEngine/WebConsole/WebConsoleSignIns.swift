import Crypto
import Foundation
import HomeroomCore
import SQLKit
import Synchronization

/// Sign-ins to the office's web console, kept in the database so that any instance serves any
/// page and a sign-out ends the session everywhere.
///
/// An admin asks for a link in a direct message (`/admin web`); the link holds 32 random bytes,
/// works once and for ``WebConsoleSettings/linkLifetime``, and is bound to the identity that asked
/// and to whether its platform vouched for it. Using it starts a session: the browser keeps a
/// cookie of a random id and its HMAC under this deployment's key (made at first use and kept in
/// the database), so a cookie of another deployment is refused before any lookup. Only hashes of
/// tokens and ids are stored. A session ends when idle, at its maximum age, or at sign-out.
package struct WebConsoleSignIns: Sendable {
    /// The console's settings.
    package let settings: WebConsoleSettings
    let database: any Database
    let clock: any HomeroomClock
    private let key = KnownKey()

    /// The key once read, shared by the copies of this value.
    private final class KnownKey: Sendable {
        let value = Mutex<SymmetricKey?>(nil)
    }

    /// Sign-ins kept in `database`, timed by `clock`.
    package init(settings: WebConsoleSettings, database: any Database, clock: any HomeroomClock) {
        self.settings = settings
        self.database = database
        self.clock = clock
    }

    /// A signed-in browser, as a request's cookie shows it.
    package struct Session: Sendable, Equatable {
        /// The identity the link was asked for.
        package let identity: UserID
        /// True when the identity's platform vouched for it when the link was asked for.
        package let verified: Bool
        /// The token every form of the session carries.
        package let csrf: String
        /// The cookie's value, which names the session.
        package let cookie: String

        /// The hash the session is stored under: of the id before the cookie's signature.
        var idHash: String { WebConsoleSignIns.hash(String(cookie.prefix { $0 != "." })) }
    }

    /// What using a link gave.
    package enum Redemption: Sendable, Equatable {
        /// A new session.
        case signedIn(Session)
        /// The link was used before: a second use is refused (and audited).
        case alreadyUsed
        /// The link is older than ``WebConsoleSettings/linkLifetime``.
        case expired
        /// No such link.
        case unknown
    }

    /// A new one-time link for `identity`, whose platform vouched for it when `verified`; links and
    /// sessions past their time are deleted on the way.
    package func link(for identity: UserID, verified: Bool) async throws -> String {
        let token = Self.randomToken()
        let now = clock.now
        let expires = now.addingTimeInterval(TimeInterval(settings.linkLifetime.components.seconds))
        try await database.write { db in
            try await db.delete(from: Self.linksTable).where("expires_at", .lessThan, SQLBind(Self.seconds(now)))
                .run()
            // Sessions whose browsers never came back end here.
            try await db.delete(from: Self.sessionsTable)
                .where("seen_at", .lessThan, SQLBind(Self.seconds(now) - settings.idleLifetime.components.seconds))
                .orWhere(
                    "created_at", .lessThan, SQLBind(Self.seconds(now) - settings.maximumLifetime.components.seconds)
                )
                .run()
            try await db.insert(into: Self.linksTable).columns("token_hash", "identity", "verified", "expires_at")
                .values(
                    SQLBind(Self.hash(token)), SQLBind(identity.description), SQLBind(Int64(verified ? 1 : 0)),
                    SQLBind(Self.seconds(expires))
                ).run()
        }
        return "\(settings.publicURL)/console/signin/\(token)"
    }

    /// Uses the link whose token is `token`: a new session when it is unused and in time. Taking
    /// the link and starting the session are one transaction, so two instances given the same
    /// link start one session between them.
    package func redeem(_ token: String) async throws -> Redemption {
        let now = clock.now
        let key = try await signingKey()
        let sessionID = Self.randomToken()
        let csrf = Self.randomToken()
        let hashed = Self.hash(token)
        return try await database.write { db in
            let taken = try await db.raw(
                """
                UPDATE \(unsafeRaw: Self.linksTable) SET used_at = \(bind: Self.seconds(now))
                WHERE token_hash = \(bind: hashed) AND used_at IS NULL AND expires_at > \(bind: Self.seconds(now))
                RETURNING identity, verified
                """
            ).first()
            guard let taken else {
                let row = try await db.select().columns("identity", "used_at").from(Self.linksTable)
                    .where("token_hash", .equal, SQLBind(hashed)).first()
                guard let row else { return .unknown }
                let identity = UserID(try row.decode(column: "identity", as: String.self)) ?? AuditEntry.commandLine
                if try row.decodeNil(column: "used_at") { return .expired }
                try await AuditLog.insert(
                    AuditEntry(
                        at: now, actor: identity, action: "console.link.reused",
                        detail: "a web console link was used a second time and refused", channel: "web"),
                    into: db)
                return .alreadyUsed
            }
            let identityText = try taken.decode(column: "identity", as: String.self)
            guard let identity = UserID(identityText) else { return .unknown }
            let verified = try taken.decode(column: "verified", as: Int64.self) == 1
            try await db.insert(into: Self.sessionsTable)
                .columns("id_hash", "identity", "verified", "csrf", "created_at", "seen_at")
                .values(
                    SQLBind(Self.hash(sessionID)), SQLBind(identityText), SQLBind(Int64(verified ? 1 : 0)),
                    SQLBind(csrf), SQLBind(Self.seconds(now)), SQLBind(Self.seconds(now))
                ).run()
            try await AuditLog.insert(
                AuditEntry(
                    at: now, actor: identity, action: "console.signin", detail: "signed in to the web console",
                    channel: "web"),
                into: db)
            return .signedIn(
                Session(
                    identity: identity, verified: verified, csrf: csrf,
                    cookie: sessionID + "." + Self.signature(of: sessionID, key: key)))
        }
    }

    /// The live session the cookie `cookie` names, or nil: a cookie signed with another key, a
    /// session ended, idle too long or past its maximum age. Marks the session as used now.
    package func session(fromCookie cookie: String) async throws -> Session? {
        let parts = cookie.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 43, parts[1].count == 43 else { return nil }
        let sessionID = String(parts[0])
        let key = try await signingKey()
        guard
            let given = Data(base64URL: String(parts[1])),
            HMAC<SHA256>.isValidAuthenticationCode(given, authenticating: Data(sessionID.utf8), using: key)
        else { return nil }
        let now = Self.seconds(clock.now)
        let idle = settings.idleLifetime.components.seconds
        let oldest = now - settings.maximumLifetime.components.seconds
        let hashed = Self.hash(sessionID)
        return try await database.write { db in
            let row = try await db.raw(
                """
                UPDATE \(unsafeRaw: Self.sessionsTable) SET seen_at = \(bind: now)
                WHERE id_hash = \(bind: hashed) AND seen_at > \(bind: now - idle) AND created_at > \(bind: oldest)
                RETURNING identity, verified, csrf
                """
            ).first()
            guard let row, let identity = UserID(try row.decode(column: "identity", as: String.self)) else {
                try await db.delete(from: Self.sessionsTable).where("id_hash", .equal, SQLBind(hashed)).run()
                return nil
            }
            return Session(
                identity: identity, verified: try row.decode(column: "verified", as: Int64.self) == 1,
                csrf: try row.decode(column: "csrf", as: String.self), cookie: cookie)
        }
    }

    /// Ends `session` on every instance (sign-out).
    package func end(_ session: Session) async throws {
        let hashed = session.idHash
        let now = clock.now
        try await database.write { db in
            try await db.delete(from: Self.sessionsTable).where("id_hash", .equal, SQLBind(hashed)).run()
            try await AuditLog.insert(
                AuditEntry(
                    at: now, actor: session.identity, action: "console.signout",
                    detail: "signed out of the web console", channel: "web"),
                into: db)
        }
    }

    /// Keeps `notice` for the session's next page (what a form did, shown after the redirect).
    package func leave(_ notice: ConsoleNotice, for session: Session) async throws {
        let hashed = session.idHash
        let text = (notice.isError ? "!" : " ") + notice.lines.joined(separator: "\n")
        try await database.write { db in
            try await db.update(Self.sessionsTable).set("notice", to: SQLBind(text))
                .where("id_hash", .equal, SQLBind(hashed)).run()
        }
    }

    /// The notice left for the session, taken so that it shows once.
    package func takeNotice(of session: Session) async throws -> ConsoleNotice? {
        let hashed = session.idHash
        return try await database.write { db in
            let row = try await db.select().column("notice").from(Self.sessionsTable)
                .where("id_hash", .equal, SQLBind(hashed)).first()
            guard let text = try row?.decode(column: "notice", as: String?.self) else { return nil }
            try await db.update(Self.sessionsTable).set("notice", to: SQLLiteral.null)
                .where("id_hash", .equal, SQLBind(hashed)).run()
            guard let marker = text.first else { return nil }
            return ConsoleNotice(
                lines: text.dropFirst().split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                isError: marker == "!")
        }
    }

    /// This deployment's key for session cookies: made once, at the first sign-in, and kept in the
    /// database so that every instance signs and checks with it.
    private func signingKey() async throws -> SymmetricKey {
        if let known = key.value.withLock({ $0 }) { return known }
        let made = Self.randomToken()
        let stored = try await database.write { db in
            try await db.insert(into: Self.keysTable).columns("name", "secret")
                .values(SQLBind("cookie"), SQLBind(made)).ignoringConflicts(with: "name").run()
            return try await db.select().column("secret").from(Self.keysTable)
                .where("name", .equal, SQLBind("cookie")).first()?.decode(column: "secret", as: String.self) ?? made
        }
        let symmetric = SymmetricKey(data: Data(stored.utf8))
        key.value.withLock { $0 = symmetric }
        return symmetric
    }

    /// 32 random bytes, base64url without padding (43 characters).
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).base64URL
    }

    /// The hash a token or session id is stored as.
    static func hash(_ token: String) -> String {
        Data(SHA256.hash(data: Data(token.utf8))).base64URL
    }

    static func signature(of sessionID: String, key: SymmetricKey) -> String {
        Data(HMAC<SHA256>.authenticationCode(for: Data(sessionID.utf8), using: key)).base64URL
    }

    static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }
}
