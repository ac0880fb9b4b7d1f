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
        "wrong PIN \(failures) times in a row; locked for \(Self.duration(length, Self.english))\(inARow)"
    }

    /// The warning logged.
    var logLine: String {
        "PIN logins for \(user) are locked for \(Self.duration(length, Self.english)) after \(failures) wrong PINs "
            + "in a row\(inARow)"
    }

    /// The notice to the admins, in the language of `words`.
    func adminNotice(_ words: Words) -> String {
        let values: KeyValuePairs<String, String> = [
            "user": "\(user)", "length": Self.duration(length, words), "lock": words.number(lockInARow),
            "command": "homeroom admin set-pin \(user)",
        ]
        guard lockInARow > 1 else {
            return words.plural(
                "Security: {count} wrong PIN in a row for {user}; its PIN logins are locked for {length}. If that was not them, someone may be guessing the PIN: set a new one with {command}",
                "Security: {count} wrong PINs in a row for {user}; its PIN logins are locked for {length}. If that was not them, someone may be guessing the PIN: set a new one with {command}",
                count: failures, values)
        }
        return words.plural(
            "Security: {count} wrong PIN in a row for {user}; its PIN logins are locked for {length} (lock {lock} in a row). If that was not them, someone may be guessing the PIN: set a new one with {command}",
            "Security: {count} wrong PINs in a row for {user}; its PIN logins are locked for {length} (lock {lock} in a row). If that was not them, someone may be guessing the PIN: set a new one with {command}",
            count: failures, values)
    }

    private var inARow: String { lockInARow > 1 ? " (lock \(lockInARow) in a row)" : "" }

    /// Queues ``adminNotice(_:)`` to every admin but ``user``, inside the transaction `db` that
    /// locks: the admins named by `policy`'s configuration and those granted the role, each in the
    /// language they chose, else in `schoolLanguage`.
    func queue(to policy: AccessPolicy, on db: any SQLDatabase, at now: Date, schoolLanguage: Language = .english)
        async throws
    {
        let granted = try await db.select().column("identity").from(AccessDirectory.rolesTable)
            .where("role", .equal, SQLBind(Self.adminRole)).all()
            .compactMap { UserID(try $0.decode(column: "identity", as: String.self)) }
        let configured = policy.configuredRoles.filter { $0.value.contains(Self.adminRole) }.keys
        let admins = Set(granted).union(configured).subtracting([user])
        let lockEnd = Int64(until.timeIntervalSince1970)
        for admin in admins.sorted(by: { $0.description < $1.description }) {
            let home = try await IdentityLinks.home(of: admin, on: db)
            let language = try await PersonLanguages.stored(for: home, on: db).language ?? schoolLanguage
            try await Outbox.enqueue(
                adapter: admin.adapter, target: .user(admin), lines: [adminNotice(Words(.engine, language))],
                idempotencyKey: "login-locked:\(user):\(lockEnd):\(admin)", due: now, into: db)
        }
    }

    /// The role whose holders are told.
    static let adminRole = "admin"

    /// The words of the audit log and the log, which stay English.
    private static let english = Words(.engine, .english)

    /// A length in minutes below two hours (`30 min`), else in hours and minutes (`4 h`, `3 h 20 min`),
    /// in the language of `words`.
    static func duration(_ length: TimeInterval, _ words: Words) -> String {
        let minutes = Int(min(length / 60, 1e12).rounded(.up))
        guard minutes >= 120 else { return words.plural("{count} min", "{count} min", count: minutes) }
        guard minutes % 60 != 0 else { return words.plural("{count} h", "{count} h", count: minutes / 60) }
        return words(
            "{hours} h {minutes} min", ["hours": words.number(minutes / 60), "minutes": words.number(minutes % 60)])
    }
}
