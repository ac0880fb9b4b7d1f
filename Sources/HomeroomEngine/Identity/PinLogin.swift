import Foundation
import HomeroomCore
import Logging
import SQLKit

/// PIN logins: setting a PIN, checking one, counting failures and locking, logging out.
///
/// PINs are stored only as salted slow hashes (`core_pins`). Wrong PINs are counted per identity
/// in `core_login_failures`, each by one atomic insert-or-increment, so that wrong PINs arriving
/// at once (on one instance or on several sharing PostgreSQL) are all counted; at
/// ``LoginPolicy/maxFailures`` the identity is locked for ``LoginPolicy/lockout``, and each lock
/// that follows another without a right PIN lasts twice as long, up to
/// ``LoginPolicy/longestLockout`` (``LoginPolicy/lockout(afterLocks:)``). While locked, no PIN is
/// checked at all; the lock is read again after the slow hash, so a right PIN whose hash was
/// computed while wrong ones locked the identity is refused too, and no later failure shortens
/// or clears a lock. Every outcome is audited; a lock is also logged as a warning and, in the same
/// transaction, queued as a notice to every admin (``LockoutNotice``).
package struct PinLogin: Sendable {
    /// What a login attempt came to.
    package enum Outcome: Equatable, Sendable {
        /// Logged in until the given instant.
        case loggedIn(until: Date)
        /// Wrong PIN; this many tries are left before the lock.
        case wrongPIN(triesLeft: Int)
        /// Locked until the given instant (this attempt may have caused it).
        case locked(until: Date)
        /// No PIN is set for this identity.
        case noPIN
    }

    /// A wrong PIN that could not be counted (the database returned no count): the login is
    /// refused, and the person may try again.
    package struct FailureNotCounted: Error {}

    /// A PIN that cannot be set.
    package struct UnacceptablePIN: Error, CustomStringConvertible {
        /// Why.
        package let description: String
    }

    static let pinsTable = "core_pins"
    static let failuresTable = "core_login_failures"

    let database: any Database
    let directory: AccessDirectory
    let hasher: any SecretHasher
    let policy: LoginPolicy
    let clock: any HomeroomClock
    let logger: Logger

    /// Creates the login service; locks are logged to `logger`.
    package init(
        database: any Database, directory: AccessDirectory, hasher: any SecretHasher, policy: LoginPolicy,
        clock: any HomeroomClock, logger: Logger
    ) {
        self.database = database
        self.directory = directory
        self.hasher = hasher
        self.policy = policy
        self.clock = clock
        self.logger = logger
    }

    /// Sets the PIN of `user` (digits only, at least the policy's length), clears a lock, and audits
    /// it as done by `actor` in `channel` (`web` for the web console, nil for the command line).
    package func setPIN(_ pin: String, for user: UserID, by actor: UserID, channel: String? = nil) async throws {
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
                AuditEntry(at: now, actor: actor, action: "pin.set", detail: "PIN set for \(user)", channel: channel),
                into: db)
        }
    }

    /// Checks `pin` for `user` (their own PIN, or their linked person's home identity's) and
    /// starts a login of `user` when it matches. A wrong PIN that locks tells the admins, each in
    /// their language, else in `schoolLanguage`; one that cannot be counted throws
    /// ``FailureNotCounted``.
    package func logIn(_ user: UserID, pin: String, schoolLanguage: Language = .english) async throws -> Outcome {
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
            return (hash, try await Self.lockEnd(of: identity, on: db))
        }
        if let lockedUntil, lockedUntil > now {
            try await AuditLog.record(refusal(of: user, lockedUntil: lockedUntil, at: now), in: database)
            return .locked(until: lockedUntil)
        }
        guard let storedHash else { return .noPIN }
        let matches = await hasher.verify(pin, against: storedHash)
        // The hash took a while: what follows is decided at the time it ended.
        let checkedAt = clock.now
        if matches {
            return try await startSession(for: user, at: checkedAt)
        }
        return try await recordFailure(of: user, at: checkedAt, schoolLanguage: schoolLanguage)
    }

    /// Ends the login of `user`; returns false when there was none.
    @discardableResult
    package func logOut(_ user: UserID) async throws -> Bool {
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
    /// A count that never locked goes a lockout period after its last wrong PIN; one that locked
    /// is remembered (so the next lock is longer) until a quiet ``LoginPolicy/longestLockout``
    /// has passed after both its last wrong PIN and the end of its lock.
    @discardableResult
    package func pruneExpired() async throws -> Int {
        let now = Int64(clock.now.timeIntervalSince1970)
        let forgetBefore = now - Int64(policy.lockout)
        let forgetLocksBefore = now - Int64(policy.longestLockout)
        return try await database.write { db in
            let sessions = try await db.delete(from: AccessDirectory.sessionsTable)
                .where("expires_at", .lessThanOrEqual, SQLBind(now)).returning("identity").all()
            let neverLocked: SQLQueryString = """
                lockouts = 0 AND last_failure_at < \(bind: forgetBefore) \
                AND (locked_until IS NULL OR locked_until <= \(bind: now))
                """
            let locksForgotten: SQLQueryString = """
                last_failure_at < \(bind: forgetLocksBefore) \
                AND (locked_until IS NULL OR locked_until <= \(bind: forgetLocksBefore))
                """
            let failures = try await db.delete(from: Self.failuresTable)
                .where { $0.where(neverLocked).orWhere(locksForgotten) }.returning("identity").all()
            return sessions.count + failures.count
        }
    }

    /// Starts the login unless wrong PINs locked the identity while the hash was computed.
    private func startSession(for user: UserID, at now: Date) async throws -> Outcome {
        let identity = user.description
        let until = now.addingTimeInterval(policy.sessionLength)
        let seconds = Int64(now.timeIntervalSince1970)
        let outcome: Outcome = try await database.write { db in
            // Failures without a lock in force go; a lock stays. Deleting first takes the row's lock
            // on PostgreSQL, so a failure that locks at this moment waits for this transaction or
            // is seen by the read below.
            let unlocked = SQLBinaryExpression(SQLColumn("locked_until"), .is, SQLLiteral.null)
            let lockEnded = SQLBinaryExpression(SQLColumn("locked_until"), .lessThanOrEqual, SQLBind(seconds))
            try await db.delete(from: Self.failuresTable).where("identity", .equal, SQLBind(identity))
                .where { $0.where(unlocked).orWhere(lockEnded) }.run()
            if let lockedUntil = try await Self.lockEnd(of: identity, on: db), lockedUntil > now {
                try await AuditLog.insert(refusal(of: user, lockedUntil: lockedUntil, at: now), into: db)
                return .locked(until: lockedUntil)
            }
            try await db.delete(from: AccessDirectory.sessionsTable).where("identity", .equal, SQLBind(identity)).run()
            try await db.insert(into: AccessDirectory.sessionsTable).columns("identity", "expires_at")
                .values(SQLBind(identity), SQLBind(Int64(until.timeIntervalSince1970))).run()
            try await AuditLog.insert(
                AuditEntry(at: now, actor: user, action: "login", detail: "logged in with PIN"), into: db)
            return .loggedIn(until: until)
        }
        if case .loggedIn = outcome { directory.forget(user) }
        return outcome
    }

    /// Counts one wrong PIN in a single statement: inserts the count, or increments it (a new
    /// streak when the last one is older than a lockout period or its lock has ended), and locks
    /// at the policy's limit. A lock in force is kept as it is. The failure that locks then sets
    /// the lock's length by the locks before it (``LoginPolicy/lockout(afterLocks:)``), in the
    /// same transaction, and queues the admins' notice (in `schoolLanguage` for an admin who chose
    /// no language).
    private func recordFailure(of user: UserID, at now: Date, schoolLanguage: Language) async throws -> Outcome {
        let identity = user.description
        let maxFailures = policy.maxFailures
        let seconds = Int64(now.timeIntervalSince1970)
        let lockSeconds = Int64(now.addingTimeInterval(policy.lockout).timeIntervalSince1970)
        // Wrong PINs count "in a row" within one lockout period; older ones are forgotten.
        let countSince = Int64(now.timeIntervalSince1970 - policy.lockout)
        // Past locks count until a quiet longest lock has passed after both the last wrong PIN
        // and the end of the last lock.
        let locksRememberedSince = Int64(now.timeIntervalSince1970 - policy.longestLockout)
        let table = Self.failuresTable
        let old = { (column: String) in SQLColumn(column, table: table) }
        // The streak goes on unless its last failure is older than a lockout period or its lock
        // has ended. (The count cannot run away: a lock refuses every PIN before it is checked,
        // and the next streak starts again at 1.)
        let streakGoesOn: SQLQueryString = """
            \(old("last_failure_at")) >= \(bind: countSince) \
            AND (\(old("locked_until")) IS NULL OR \(old("locked_until")) > \(bind: seconds))
            """
        let failures: SQLQueryString = """
            CASE WHEN \(streakGoesOn) THEN \(old("failures")) + 1 ELSE 1 END
            """
        let lock: SQLQueryString = """
            CASE WHEN \(old("locked_until")) > \(bind: seconds) THEN \(old("locked_until")) \
            WHEN \(failures) >= \(bind: maxFailures) THEN \(bind: lockSeconds) ELSE NULL END
            """
        let lockouts: SQLQueryString = """
            CASE WHEN \(old("last_failure_at")) >= \(bind: locksRememberedSince) \
            OR \(old("locked_until")) >= \(bind: locksRememberedSince) THEN \(old("lockouts")) ELSE 0 END
            """
        let (outcome, imposed): (Outcome, LockoutNotice?) = try await database.write { db in
            let row = try await db.insert(into: table).columns(
                "identity", "failures", "locked_until", "last_failure_at", "lockouts"
            )
            .values(
                SQLBind(identity), SQLBind(1), SQLBind(maxFailures <= 1 ? lockSeconds : nil as Int64?),
                SQLBind(seconds), SQLBind(0)
            )
            .onConflict(with: "identity") {
                $0.set("failures", to: failures).set("locked_until", to: lock)
                    .set("last_failure_at", to: SQLBind(seconds)).set("lockouts", to: lockouts)
            }
            .returning("failures", "locked_until", "lockouts").first()
            guard let row else { throw FailureNotCounted() }
            let count = try row.decode(column: "failures", as: Int.self)
            var lockedSeconds = try row.decode(column: "locked_until", as: Int64?.self)
            // The failure that reached the limit is the one that locked; later ones found the lock.
            let locks = lockedSeconds != nil && count == maxFailures
            var notice: LockoutNotice?
            if locks {
                let earlierLocks = try row.decode(column: "lockouts", as: Int.self)
                let length = policy.lockout(afterLocks: earlierLocks)
                let until = Int64(now.addingTimeInterval(length).timeIntervalSince1970)
                try await db.update(table).set("locked_until", to: SQLBind(until))
                    .set("lockouts", to: SQLBind(earlierLocks + 1)).where("identity", .equal, SQLBind(identity)).run()
                lockedSeconds = until
                let lockNotice = LockoutNotice(
                    user: user, failures: count, length: length, lockInARow: earlierLocks + 1,
                    until: Date(timeIntervalSince1970: TimeInterval(until)))
                try await lockNotice.queue(to: directory.policy, on: db, at: now, schoolLanguage: schoolLanguage)
                notice = lockNotice
            }
            let lockedUntil = lockedSeconds.map { Date(timeIntervalSince1970: TimeInterval($0)) }
            let detail: String
            if let notice {
                detail = notice.auditDetail
            } else if lockedUntil != nil {
                detail = "wrong PIN (\(count) in a row) while locked"
            } else {
                detail = "wrong PIN (\(count) in a row)"
            }
            try await AuditLog.insert(
                AuditEntry(at: now, actor: user, action: locks ? "login.locked" : "login.failed", detail: detail),
                into: db)
            if let lockedUntil, lockedUntil > now { return (.locked(until: lockedUntil), notice) }
            return (.wrongPIN(triesLeft: max(0, maxFailures - count)), notice)
        }
        if let imposed { logger.warning("\(imposed.logLine)") }
        return outcome
    }

    /// The end of the lock of `identity` as stored (it may lie in the past), or nil.
    private static func lockEnd(of identity: String, on db: any SQLDatabase) async throws -> Date? {
        try await db.select().column("locked_until").from(failuresTable)
            .where("identity", .equal, SQLBind(identity)).first()
            .flatMap { try $0.decode(column: "locked_until", as: Int64?.self) }
            .map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    private func refusal(of user: UserID, lockedUntil: Date, at now: Date) -> AuditEntry {
        AuditEntry(
            at: now, actor: user, action: "login.refused",
            detail: "locked for \(Int(lockedUntil.timeIntervalSince(now) / 60) + 1) more min")
    }
}
