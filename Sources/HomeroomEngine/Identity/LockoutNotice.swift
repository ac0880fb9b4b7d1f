import Foundation
import HomeroomCore
import SQLKit

/// What is said when wrong PINs lock an identity: the audit entry's detail, the warning logged,
/// and the notice queued to every admin (by configuration or by grant) but the locked identity
/// itself, so that someone guessing a PIN is seen by the people who can set a new one.
struct LockoutNotice {
    /// The identity locked.
    let user: UserID
    /// Wrong PINs in a row that locked it.
    let failures: Int
    /// How long the lock lasts.
    let length: TimeInterval
    /// Which lock in a row this is (1 for the first).
    let lockInARow: Int
    /// When the lock ends.
    let until: Date

    /// The audit entry's detail.
    var auditDetail: String {
        "wrong PIN \(failures) times in a row; locked for \(Self.words(for: length))\(inARow)"
    }

    /// The warning logged.
    var logLine: String {
        "PIN logins for \(user) are locked for \(Self.words(for: length)) after \(failures) wrong PINs in a row\(inARow)"
    }

    /// The notice to the admins.
    var adminNotice: String {
        "Security: \(failures) wrong PINs in a row for \(user); its PIN logins are locked for "
            + "\(Self.words(for: length))\(inARow). If that was not them, someone may be guessing the PIN: "
            + "set a new one with homeroom admin set-pin \(user)"
    }

    private var inARow: String { lockInARow > 1 ? " (lock \(lockInARow) in a row)" : "" }

    /// Queues ``adminNotice`` to every admin but ``user``, inside the transaction `db` that locks:
    /// the admins named by `policy`'s configuration and those granted the role.
    func queue(to policy: AccessPolicy, on db: any SQLDatabase, at now: Date) async throws {
        let granted = try await db.select().column("identity").from(AccessDirectory.rolesTable)
            .where("role", .equal, SQLBind(Self.adminRole)).all()
            .compactMap { UserID(try $0.decode(column: "identity", as: String.self)) }
        let configured = policy.configuredRoles.filter { $0.value.contains(Self.adminRole) }.keys
        let admins = Set(granted).union(configured).subtracting([user])
        let lockEnd = Int64(until.timeIntervalSince1970)
        for admin in admins.sorted(by: { $0.description < $1.description }) {
            try await Outbox.enqueue(
                adapter: admin.adapter, target: .user(admin), lines: [adminNotice],
                idempotencyKey: "login-locked:\(user):\(lockEnd):\(admin)", due: now, into: db)
        }
    }

    /// The role whose holders are told.
    static let adminRole = "admin"

    /// A length in minutes below two hours (`30 min`), else in hours and minutes (`4 h`, `3 h 20 min`).
    static func words(for length: TimeInterval) -> String {
        let minutes = Int(min(length / 60, 1e12).rounded(.up))
        guard minutes >= 120 else { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }
}
