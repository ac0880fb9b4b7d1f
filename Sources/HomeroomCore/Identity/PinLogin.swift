import Foundation
import SQLKit

/// PIN logins: setting a PIN, checking one, counting failures and locking, logging out.
///
/// PINs are stored only as salted slow hashes (`core_pins`). Wrong PINs are counted per identity
/// in `core_login_failures`; at ``LoginPolicy/maxFailures`` the identity is locked for
/// ``LoginPolicy/lockout``, and while locked no PIN is checked at all. Every outcome is audited.
public struct PinLogin: Sendable {
    /// What a login attempt came to.
    public enum Outcome: Equatable, Sendable {
        /// Logged in until the given instant.
        case loggedIn(until: Date)
        /// Wrong PIN; this many tries are left before the lock.
        case wrongPIN(triesLeft: Int)
        /// Locked until the given instant (this attempt may have caused it).
        case locked(until: Date)
        /// No PIN is set for this identity.
        case noPIN
    }

    /// A PIN that cannot be set.
    public struct UnacceptablePIN: Error, CustomStringConvertible {
        /// Why.
        public let description: String
    }

    static let pinsTable = "core_pins"
    static let failuresTable = "core_login_failures"

    let database: any Database
    let directory: AccessDirectory
    let hasher: any SecretHasher
    let policy: LoginPolicy
    let clock: any HomeroomClock

    /// Creates the login service.
    public init(
        database: any Database, directory: AccessDirectory, hasher: any SecretHasher, policy: LoginPolicy,
        clock: any HomeroomClock
    ) {
        self.database = database
        self.directory = directory
        self.hasher = hasher
        self.policy = policy
        self.clock = clock
    }

    /// Sets the PIN of `user` (digits only, at least the policy's length), clears a lock, and audits it.
    public func setPIN(_ pin: String, for user: UserID, by actor: UserID) async throws {
        guard pin.count >= policy.minimumPINLength, pin.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw UnacceptablePIN(description: "a PIN is \(policy.minimumPINLength) or more digits, nothing else")
        }
        let hash = try hasher.hash(pin)
        let now = clock.now
        try await database.write { db in
            try await db.delete(from: Self.pinsTable).where("identity", .equal, SQLBind(user.description)).run()
            try await db.insert(into: Self.pinsTable).columns("identity", "hash", "set_at")
                .values(SQLBind(user.description), SQLBind(hash), SQLBind(Int64(now.timeIntervalSince1970))).run()
            try await db.delete(from: Self.failuresTable).where("identity", .equal, SQLBind(user.description)).run()
            try await AuditLog.insert(
                AuditEntry(at: now, actor: actor, action: "pin.set", detail: "PIN set for \(user)"), into: db)
        }
    }

    /// Checks `pin` for `user` (their own PIN, or their linked person's home identity's) and
    /// starts a login of `user` when it matches.
    public func logIn(_ user: UserID, pin: String) async throws -> Outcome {
        let now = clock.now
        let identity = user.description
        let (storedHash, lockedUntil): (String?, Date?) = try await database.read { db in
            // The identity's own PIN, else that of its person's home identity.
            let home = try await IdentityLinks.home(of: user, on: db).description
            let hashes = try await db.select().columns("identity", "hash").from(Self.pinsTable)
                .where("identity", .in, SQLBind.group([identity, home])).all()
                .map {
                    (try $0.decode(column: "identity", as: String.self), try $0.decode(column: "hash", as: String.self))
                }
            let hash = (hashes.first { $0.0 == identity } ?? hashes.first)?.1
            let locked = try await db.select().column("locked_until").from(Self.failuresTable)
                .where("identity", .equal, SQLBind(identity)).first()
                .flatMap { try $0.decode(column: "locked_until", as: Int64?.self) }
                .map { Date(timeIntervalSince1970: TimeInterval($0)) }
            return (hash, locked)
        }
        if let lockedUntil, lockedUntil > now {
            try await AuditLog.record(
                AuditEntry(
                    at: now, actor: user, action: "login.refused",
                    detail: "locked for \(Int(lockedUntil.timeIntervalSince(now) / 60) + 1) more min"),
                in: database)
            return .locked(until: lockedUntil)
        }
        guard let storedHash else { return .noPIN }
        if hasher.verify(pin, against: storedHash) {
            return try await startSession(for: user, at: now)
        }
        return try await recordFailure(of: user, at: now)
    }

    /// Ends the login of `user`; returns false when there was none.
    @discardableResult
    public func logOut(_ user: UserID) async throws -> Bool {
        let now = clock.now
        let ended: Bool = try await database.write { db in
            let existing = try await db.select().column("expires_at").from(AccessDirectory.sessionsTable)
                .where("identity", .equal, SQLBind(user.description)).first()
            guard existing != nil else { return false }
            try await db.delete(from: AccessDirectory.sessionsTable).where(
                "identity", .equal, SQLBind(user.description)
            ).run()
            try await AuditLog.insert(
                AuditEntry(at: now, actor: user, action: "logout", detail: "logged out"), into: db)
            return true
        }
        directory.forget(user)
        return ended
    }

    /// Deletes ended logins and failure counts that no longer matter; returns how many rows went.
    @discardableResult
    public func pruneExpired() async throws -> Int {
        let now = Int64(clock.now.timeIntervalSince1970)
        let forgetBefore = now - Int64(policy.lockout)
        return try await database.write { db in
            let sessions = try await db.delete(from: AccessDirectory.sessionsTable)
                .where("expires_at", .lessThanOrEqual, SQLBind(now)).returning("identity").all()
            let stale = SQLBinaryExpression(SQLColumn("last_failure_at"), .lessThan, SQLBind(forgetBefore))
            let unlocked = SQLBinaryExpression(SQLColumn("locked_until"), .is, SQLLiteral.null)
            let lockEnded = SQLBinaryExpression(SQLColumn("locked_until"), .lessThanOrEqual, SQLBind(now))
            let failures = try await db.delete(from: Self.failuresTable)
                .where(stale).where { $0.where(unlocked).orWhere(lockEnded) }.returning("identity").all()
            return sessions.count + failures.count
        }
    }

    private func startSession(for user: UserID, at now: Date) async throws -> Outcome {
        let until = now.addingTimeInterval(policy.sessionLength)
        try await database.write { db in
            try await db.delete(from: AccessDirectory.sessionsTable).where(
                "identity", .equal, SQLBind(user.description)
            ).run()
            try await db.insert(into: AccessDirectory.sessionsTable).columns("identity", "expires_at")
                .values(SQLBind(user.description), SQLBind(Int64(until.timeIntervalSince1970))).run()
            try await db.delete(from: Self.failuresTable).where("identity", .equal, SQLBind(user.description)).run()
            try await AuditLog.insert(
                AuditEntry(at: now, actor: user, action: "login", detail: "logged in with PIN"), into: db)
        }
        directory.forget(user)
        return .loggedIn(until: until)
    }

    private func recordFailure(of user: UserID, at now: Date) async throws -> Outcome {
        let identity = user.description
        let maxFailures = policy.maxFailures
        let lockUntil = now.addingTimeInterval(policy.lockout)
        // Wrong PINs count "in a row" within one lockout period; older ones are forgotten.
        let countSince = Int64(now.timeIntervalSince1970 - policy.lockout)
        return try await database.write { db in
            let previous = try await db.select().columns("failures", "last_failure_at").from(Self.failuresTable)
                .where("identity", .equal, SQLBind(identity)).first()
                .map {
                    (
                        try $0.decode(column: "failures", as: Int.self),
                        try $0.decode(column: "last_failure_at", as: Int64.self)
                    )
                }
            let recent = previous.flatMap { $0.1 >= countSince ? $0.0 : nil } ?? 0
            let failures = recent + 1
            let locks = failures >= maxFailures
            try await db.delete(from: Self.failuresTable).where("identity", .equal, SQLBind(identity)).run()
            try await db.insert(into: Self.failuresTable).columns(
                "identity", "failures", "locked_until", "last_failure_at"
            )
            .values(
                SQLBind(identity), SQLBind(locks ? 0 : failures),
                SQLBind(locks ? Int64(lockUntil.timeIntervalSince1970) : nil as Int64?),
                SQLBind(Int64(now.timeIntervalSince1970))
            ).run()
            try await AuditLog.insert(
                AuditEntry(
                    at: now, actor: user, action: locks ? "login.locked" : "login.failed",
                    detail: locks
                        ? "wrong PIN \(failures) times in a row; locked for \(Int(lockUntil.timeIntervalSince(now) / 60)) min"
                        : "wrong PIN (\(failures) in a row)"),
                into: db)
            return locks ? .locked(until: lockUntil) : .wrongPIN(triesLeft: maxFailures - failures)
        }
    }
}
