import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import Testing

/// Each lock that follows another without a right PIN lasts twice as long, up to a day; a right
/// PIN, or a quiet day, starts again at the first length. Every lock is audited, logged as a
/// warning and queued as a notice to each admin. Time stands still on the test clock and moves
/// only when the test moves it.
@Suite struct PinLockoutLengthTests {
    static let user = UserID("irc:libera:ann")!
    static let grantedAdmin = UserID("irc:libera:root")!
    static let configuredAdmin = UserID("slack:T1:U1")!
    static let rightPIN = "4321"

    /// A login service over the bot's database, whose admins are ``grantedAdmin`` (by grant),
    /// ``configuredAdmin`` (by configuration) and ``user`` (who is not told of their own lock).
    static func login(_ bot: TestBot, logs: LogRecorder) async throws -> PinLogin {
        let database = bot.runtime.database
        let policy = AccessPolicy(configuredRoles: [configuredAdmin: ["admin"], user: ["admin"]])
        let directory = AccessDirectory(policy: policy, database: database, clock: bot.clock)
        try await directory.grant("admin", to: grantedAdmin, by: AuditEntry.commandLine)
        let login = PinLogin(
            database: database, directory: directory, hasher: PBKDF2SecretHasher(rounds: 1000),
            policy: LoginPolicy(), clock: bot.clock, logger: logs.logger(level: .warning))
        try await login.setPIN(rightPIN, for: user, by: AuditEntry.commandLine)
        return login
    }

    /// Sends wrong PINs until one locks; returns how long the lock lasts, in minutes.
    static func lockWithWrongPINs(_ login: PinLogin, _ bot: TestBot) async throws -> Double {
        for attempt in 1...5 {
            let outcome = try await login.logIn(user, pin: "0000")
            switch outcome {
            case .wrongPIN(let triesLeft):
                #expect(triesLeft == 5 - attempt)
            case .locked(let until):
                #expect(attempt == 5, "locked after \(attempt) wrong PINs")
                return until.timeIntervalSince(bot.clock.now) / 60
            default:
                Issue.record("a wrong PIN came to \(outcome)")
            }
        }
        Issue.record("five wrong PINs did not lock")
        return 0
    }

    static func lockEnd(_ outcome: PinLogin.Outcome) -> Date? {
        if case .locked(let until) = outcome { until } else { nil }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func eachLockInARowLastsTwiceAsLongUpToADay(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            let logs = LogRecorder()
            let login = try await Self.login(bot, logs: logs)
            var lengths: [Double] = []
            for _ in 0..<9 {
                lengths.append(try await Self.lockWithWrongPINs(login, bot))
                // The right PIN is not even checked while the lock lasts.
                bot.clock.advance(by: lengths.last! * 60 - 1)
                #expect(Self.lockEnd(try await login.logIn(Self.user, pin: Self.rightPIN)) != nil)
                bot.clock.advance(by: 1)
            }
            #expect(lengths == [15, 30, 60, 120, 240, 480, 960, 1440, 1440])

            let audit = try await AuditLog.recent(500, in: bot.runtime.database).filter { $0.action == "login.locked" }
            #expect(audit.count == 9)
            #expect(audit.last?.detail == "wrong PIN 5 times in a row; locked for 15 min")
            #expect(audit.first?.detail == "wrong PIN 5 times in a row; locked for 24 h (lock 9 in a row)")
            let warnings = logs.entries.filter { $0.level == .warning }.map(\.message)
            #expect(warnings.count == 9)
            #expect(
                warnings.last
                    == "PIN logins for irc:libera:ann are locked for 24 h after 5 wrong PINs in a row (lock 9 in a row)"
            )

            // A right PIN after the lock starts again at 15 minutes.
            guard case .loggedIn = try await login.logIn(Self.user, pin: Self.rightPIN) else {
                Issue.record("the right PIN after the lock did not log in")
                return
            }
            #expect(try await Self.lockWithWrongPINs(login, bot) == 15)
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func everyAdminButTheLockedIdentityIsNotifiedOfEachLock(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            let login = try await Self.login(bot, logs: LogRecorder())
            #expect(try await Self.lockWithWrongPINs(login, bot) == 15)
            bot.clock.advance(by: 15 * 60)
            #expect(try await Self.lockWithWrongPINs(login, bot) == 30)
            let outbox = bot.runtime.outbox
            let toGranted = try await outbox.due(for: "irc").filter { $0.target == .user(Self.grantedAdmin) }
            let toConfigured = try await outbox.due(for: "slack")
            #expect(toGranted.count == 2)
            #expect(toConfigured.map(\.target) == [.user(Self.configuredAdmin), .user(Self.configuredAdmin)])
            #expect(try await outbox.due(for: "irc").allSatisfy { $0.target != .user(Self.user) })
            #expect(
                toGranted.last?.lines == [
                    "Security: 5 wrong PINs in a row for irc:libera:ann; its PIN logins are locked for 30 min "
                        + "(lock 2 in a row). If that was not them, someone may be guessing the PIN: set a new one "
                        + "with homeroom admin set-pin irc:libera:ann"
                ])
            #expect(try await outbox.pendingCount() == 4, "two locks, two admins told of each")
        }
    }

    /// A guesser who tries again the moment each lock ends: 35 PINs are checked in the first day
    /// (five for each lock of 15, 30, 60, 120, 240, 480 and 960 minutes) and five a day after that,
    /// where a lock that never lengthened allowed 480 a day.
    @Test func aGuesserWhoNeverStopsGetsFivePINsADay() async throws {
        try await TestBot.with { bot in
            let login = try await Self.login(bot, logs: LogRecorder())
            let start = bot.clock.now
            var checkedOnDay = [0, 0, 0]
            while bot.clock.now < start.addingTimeInterval(3 * 86_400) {
                checkedOnDay[Int(bot.clock.now.timeIntervalSince(start) / 86_400)] += 1
                if let until = Self.lockEnd(try await login.logIn(Self.user, pin: "0000")) { bot.clock.set(to: until) }
            }
            #expect(checkedOnDay == [35, 5, 5])
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func pastLocksAreRememberedUntilADayOfQuiet(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            let login = try await Self.login(bot, logs: LogRecorder())
            #expect(try await Self.lockWithWrongPINs(login, bot) == 15)
            // An hour after the lock ended, the daily pruning keeps the count of locks.
            bot.clock.advance(by: 75 * 60)
            #expect(try await login.pruneExpired() == 0)
            #expect(try await Self.lockWithWrongPINs(login, bot) == 30)
            // A day (and a minute) of quiet after the end of the lock: pruned, and the next lock
            // is short again.
            bot.clock.advance(by: 30 * 60 + 86_400 + 60)
            #expect(try await login.pruneExpired() == 1)
            #expect(try await Self.lockWithWrongPINs(login, bot) == 15)
            // Without the pruning, a quiet day forgets too.
            bot.clock.advance(by: 15 * 60 + 86_400 + 60)
            #expect(try await Self.lockWithWrongPINs(login, bot) == 15)
        }
    }
}
