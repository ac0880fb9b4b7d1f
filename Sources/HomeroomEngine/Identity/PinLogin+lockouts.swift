import Foundation
import HomeroomCore
import SQLKit

extension PinLogin {
    /// The identities whose PIN logins are locked now, with when each lock ends, by identity.
    package func lockouts() async throws -> [(user: String, until: Date)] {
        let now = Int64(clock.now.timeIntervalSince1970)
        return try await database.read { db in
            try await db.select().columns("identity", "locked_until").from(Self.failuresTable)
                .where("locked_until", .greaterThan, SQLBind(now)).orderBy("identity").all()
                .map {
                    (
                        try $0.decode(column: "identity", as: String.self),
                        Date(timeIntervalSince1970: TimeInterval(try $0.decode(column: "locked_until", as: Int64.self)))
                    )
                }
        }
    }

    /// Ends the lock on the PIN logins of `user` and forgets their wrong PINs, audited as done by
    /// `actor` in `channel`; returns false when no lock was in force. The locks in a row are
    /// remembered, so a lock that follows soon lasts longer (``LoginPolicy/lockout(afterLocks:)``).
    @discardableResult
    package func unlock(_ user: UserID, by actor: UserID, channel: String? = nil) async throws -> Bool {
        let now = clock.now
        let seconds = Int64(now.timeIntervalSince1970)
        return try await database.write { db in
            let unlocked = try await db.update(Self.failuresTable)
                .set("locked_until", to: SQLLiteral.null).set("failures", to: SQLBind(0))
                .where("identity", .equal, SQLBind(user.description))
                .where("locked_until", .greaterThan, SQLBind(seconds))
                .returning("identity").all()
            guard !unlocked.isEmpty else { return false }
            try await AuditLog.insert(
                AuditEntry(
                    at: now, actor: actor, action: "login.unlock", detail: "PIN logins unlocked for \(user)",
                    channel: channel),
                into: db)
            return true
        }
    }
}
