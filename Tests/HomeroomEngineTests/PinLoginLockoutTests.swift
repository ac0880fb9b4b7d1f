import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import SQLKit
import Synchronization
import Testing

/// Wrong PINs arriving at once, on one instance and on two sharing PostgreSQL: every one is
/// counted, the lock is read again after the hash, and nothing recorded later clears it.
///
/// The time limit turns a held hash that never arrives into a failure instead of a hang.
@Suite(.timeLimit(.minutes(5))) struct PinLoginLockoutTests {
    static let user = UserID("irc:libera:ann")!
    static let rightPIN = "4321"
    static let wrongPIN = "0000"

    /// The real PBKDF2 hasher, whose checks of one PIN wait at a gate until the test opens it:
    /// a test holds logins between the lock check and the end of the hash, where the races are.
    /// A held check waits as a suspended task, so it holds no thread.
    final class GatedHasher: SecretHasher {
        private let inner = PBKDF2SecretHasher(rounds: 1000)
        private let heldPIN: String
        /// Checks waiting at the gate, and passes given before their checks arrived.
        private let gate = Mutex<(waiting: [CheckedContinuation<Void, Never>], passes: Int)>(([], 0))
        private let arrived: AsyncStream<Void>.Continuation
        private let arrivals: AsyncStream<Void>

        init(holding pin: String) {
            heldPIN = pin
            (arrivals, arrived) = AsyncStream.makeStream()
        }

        func hash(_ secret: String) throws -> String { try inner.hash(secret) }

        func verify(_ secret: String, against stored: String) async -> Bool {
            if secret == heldPIN {
                await withCheckedContinuation { continuation in
                    let passNow = gate.withLock { gate in
                        guard gate.passes == 0 else {
                            gate.passes -= 1
                            return true
                        }
                        gate.waiting.append(continuation)
                        return false
                    }
                    if passNow { continuation.resume() }
                    arrived.yield()
                }
            }
            return await inner.verify(secret, against: stored)
        }

        /// Returns once `count` checks of the held PIN wait at the gate (call once per hasher).
        func waitUntilHeld(_ count: Int) async {
            var seen = 0
            for await _ in arrivals {
                seen += 1
                if seen == count { return }
            }
        }

        /// Lets `count` held checks go on.
        func open(_ count: Int) {
            let released = gate.withLock { gate in
                let released = Array(gate.waiting.prefix(count))
                gate.waiting.removeFirst(released.count)
                gate.passes += count - released.count
                return released
            }
            for continuation in released { continuation.resume() }
        }
    }

    /// A login service over the bot's database (or another connection to it), with `hasher`.
    static func login(_ bot: TestBot, database: (any Database)? = nil, hasher: any SecretHasher) -> PinLogin {
        let database = database ?? bot.runtime.database
        return PinLogin(
            database: database,
            directory: AccessDirectory(policy: AccessPolicy(), database: database, clock: bot.clock),
            hasher: hasher, policy: LoginPolicy(), clock: bot.clock, logger: TestBot.testLogger())
    }

    /// The stored count of wrong PINs and the end of the lock, in seconds.
    static func failures(in database: any Database) async throws -> (count: Int, lockedUntil: Int64?)? {
        try await database.read { db in
            try await db.select().columns("failures", "locked_until").from("core_login_failures")
                .where("identity", .equal, SQLBind(user.description)).first()
                .map {
                    (
                        try $0.decode(column: "failures", as: Int.self),
                        try $0.decode(column: "locked_until", as: Int64?.self)
                    )
                }
        }
    }

    /// Sends `count` wrong PINs through each of `logins` at once: all pass the lock check before
    /// any hash ends, then all are let go together.
    static func wrongPINsAtOnce(_ count: Int, through logins: [PinLogin], hasher: GatedHasher) async throws
        -> [PinLogin.Outcome]
    {
        try await withThrowingTaskGroup(of: PinLogin.Outcome.self) { group in
            for login in logins {
                for _ in 0..<count { group.addTask { try await login.logIn(user, pin: wrongPIN) } }
            }
            await hasher.waitUntilHeld(count * logins.count)
            hasher.open(count * logins.count)
            var outcomes: [PinLogin.Outcome] = []
            for try await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
    }

    static func isLocked(_ outcome: PinLogin.Outcome) -> Bool {
        if case .locked = outcome { true } else { false }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func twentyWrongPINsAtOnceAreAllCountedAndLockUntilTheLockEnds(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            let hasher = GatedHasher(holding: Self.wrongPIN)
            let login = Self.login(bot, hasher: hasher)
            try await login.setPIN(Self.rightPIN, for: Self.user, by: AuditEntry.commandLine)
            let outcomes = try await Self.wrongPINsAtOnce(20, through: [login], hasher: hasher)
            #expect(outcomes.count == 20)
            #expect(outcomes.filter(Self.isLocked).count == 16, "the fifth and every later one: \(outcomes)")
            let stored = try #require(try await Self.failures(in: bot.runtime.database))
            #expect(stored.count == 20)
            let lockEnd = Int64(bot.clock.now.timeIntervalSince1970) + 15 * 60
            #expect(stored.lockedUntil == lockEnd)
            let audit = try await AuditLog.recent(50, in: bot.runtime.database).map(\.action)
            #expect(audit.filter { $0 == "login.locked" }.count == 1)
            #expect(audit.filter { $0 == "login.failed" }.count == 19)

            // Locked: the right PIN is refused, and the lock stays as it was.
            #expect(Self.isLocked(try await login.logIn(Self.user, pin: Self.rightPIN)))
            #expect(try await Self.failures(in: bot.runtime.database)?.lockedUntil == lockEnd)
            #expect(try await bot.runtime.access.sessionExpiry(of: Self.user) == nil)

            bot.clock.advance(by: 15 * 60 + 1)
            guard case .loggedIn = try await login.logIn(Self.user, pin: Self.rightPIN) else {
                Issue.record("the right PIN after the lock did not log in")
                return
            }
            #expect(try await Self.failures(in: bot.runtime.database) == nil, "the count was reset")
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aRightPINWhoseHashEndsAfterWrongOnesLockedIsRefused(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            let hasher = GatedHasher(holding: Self.rightPIN)
            let login = Self.login(bot, hasher: hasher)
            try await login.setPIN(Self.rightPIN, for: Self.user, by: AuditEntry.commandLine)
            let held = Task { try await login.logIn(Self.user, pin: Self.rightPIN) }
            // The right PIN passed the lock check and is being hashed; five wrong ones lock meanwhile.
            await hasher.waitUntilHeld(1)
            for _ in 0..<5 { _ = try await login.logIn(Self.user, pin: Self.wrongPIN) }
            hasher.open(1)
            let outcome = try await held.value
            #expect(Self.isLocked(outcome), "\(outcome)")
            #expect(try await bot.runtime.access.sessionExpiry(of: Self.user) == nil)
            let stored = try #require(try await Self.failures(in: bot.runtime.database))
            #expect(stored.count == 5)
            #expect(stored.lockedUntil != nil, "the login did not clear the lock")
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aWrongPINRecordedAfterTheLockingOneKeepsTheLock(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            let hasher = GatedHasher(holding: "1111")
            let login = Self.login(bot, hasher: hasher)
            try await login.setPIN(Self.rightPIN, for: Self.user, by: AuditEntry.commandLine)
            let late = Task { try await login.logIn(Self.user, pin: "1111") }
            await hasher.waitUntilHeld(1)
            for _ in 0..<5 { _ = try await login.logIn(Self.user, pin: Self.wrongPIN) }
            let lockEnd = try #require(try await Self.failures(in: bot.runtime.database)?.lockedUntil)
            // The late failure ends its hash ten minutes on, into the lock.
            bot.clock.advance(by: 10 * 60)
            hasher.open(1)
            #expect(Self.isLocked(try await late.value))
            let stored = try #require(try await Self.failures(in: bot.runtime.database))
            #expect(stored.count == 6)
            #expect(stored.lockedUntil == lockEnd, "neither cleared nor moved")
        }
    }

    @Test(.enabled(if: TemporaryDatabase.postgresServerURL != nil, "needs HOMEROOM_TEST_POSTGRES_URL"))
    func twoInstancesOnOnePostgreSQLCountEveryWrongPIN() async throws {
        try await TestBot.with(backend: .postgres) { bot in
            let second = try await bot.database.open(logger: TestBot.testLogger())
            do {
                let hasher = GatedHasher(holding: Self.wrongPIN)
                let first = Self.login(bot, hasher: hasher)
                let other = Self.login(bot, database: second, hasher: hasher)
                try await first.setPIN(Self.rightPIN, for: Self.user, by: AuditEntry.commandLine)
                let outcomes = try await Self.wrongPINsAtOnce(10, through: [first, other], hasher: hasher)
                #expect(outcomes.count == 20)
                #expect(outcomes.filter(Self.isLocked).count == 16)
                let stored = try #require(try await Self.failures(in: second))
                #expect(stored.count == 20)
                #expect(stored.lockedUntil != nil)
                #expect(Self.isLocked(try await other.logIn(Self.user, pin: Self.rightPIN)))
            } catch {
                await second.close()
                throw error
            }
            await second.close()
        }
    }
}
