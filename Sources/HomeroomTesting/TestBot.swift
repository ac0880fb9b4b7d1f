import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomStorage
import Logging
import Metrics

/// A whole bot for tests: the real runtime and plugins on a temporary database, a test clock,
/// and an in-memory adapter (`send`). What a test sends goes through exactly the path a chat
/// message takes.
///
/// ```swift
/// let bot = try await TestBot.start(plugins: [LunchPlugin.self], at: "2026-11-23T12:00:00-05:00")
/// defer { Task { await bot.stop() } }
/// try await bot.expect("/lunch", contains: "no lunch menu")
/// ```
public final class TestBot: Sendable {
    /// The runtime under test.
    public let runtime: BotRuntime
    /// The clock every part of it reads.
    public let clock: TestClock
    /// The database it runs on.
    public let database: TemporaryDatabase
    /// The configuration it was started with.
    public let configuration: HomeroomConfiguration
    private let pluginTypes: [any ConfigurablePlugin.Type]

    /// The PIN ``loginAsAdmin(_:)`` sets.
    public static let adminPIN = "4321"

    private init(
        runtime: BotRuntime, clock: TestClock, database: TemporaryDatabase, configuration: HomeroomConfiguration,
        pluginTypes: [any ConfigurablePlugin.Type]
    ) {
        self.runtime = runtime
        self.clock = clock
        self.database = database
        self.configuration = configuration
        self.pluginTypes = pluginTypes
    }

    /// The configuration tests start from: the defaults, with a cheap PIN hash (1000 rounds),
    /// rate limiting off unless a test switches it on, and fetches allowed to 127.0.0.1, where
    /// ``LoopbackHTTPServer`` listens (production refuses loopback unless `fetch.allowedHosts`
    /// lists it).
    public static func testConfiguration() -> HomeroomConfiguration {
        var configuration = HomeroomConfiguration()
        configuration.security.pinHashRounds = 1000
        configuration.rateLimit.enabled = false
        configuration.fetch.allowedHosts = [LoopbackHTTPServer.host]
        // The whole suite on two cores can hold a section past `/day`'s 2 s.
        configuration.dayDeadline = .seconds(30)
        return configuration
    }

    /// Starts a bot with `plugins` on a new database, its clock standing at `instant` (ISO 8601 with
    /// offset), counting commands into `metrics` when given. `preparing` fills the new database
    /// first, before the runtime runs its migrations: a database an earlier release made.
    public static func start(
        plugins: [any ConfigurablePlugin.Type] = [], at instant: String = "2026-11-23T12:00:00-05:00",
        backend: DatabaseBackend = .sqlite, metrics: (any MetricsFactory)? = nil,
        configure: (inout HomeroomConfiguration) -> Void = { _ in },
        preparing: ((any Database) async throws -> Void)? = nil
    ) async throws -> TestBot {
        var configuration = testConfiguration()
        configure(&configuration)
        let database = try await TemporaryDatabase.make(backend)
        switch database.location {
        case .sqlite(let path): configuration.storage.sqlite = path
        case .postgres(let url): configuration.storage.postgres = url
        }
        let clock = TestClock(instant)
        do {
            if let preparing {
                let opened = try await database.open(logger: testLogger())
                do {
                    try await preparing(opened)
                } catch {
                    await opened.close()
                    throw error
                }
                await opened.close()
            }
            let runtime = try await BotRuntime.start(
                configuration: try configuration.resolve(), plugins: plugins, clock: clock, metrics: metrics,
                logger: testLogger())
            return TestBot(
                runtime: runtime, clock: clock, database: database, configuration: configuration, pluginTypes: plugins)
        } catch {
            try? await database.destroy()
            throw error
        }
    }

    /// Starts a bot (see ``start(plugins:at:backend:metrics:configure:preparing:)``), runs `body` with it, and stops
    /// it afterwards, also when `body` throws.
    public static func with(
        plugins: [any ConfigurablePlugin.Type] = [], at instant: String = "2026-11-23T12:00:00-05:00",
        backend: DatabaseBackend = .sqlite, configure: (inout HomeroomConfiguration) -> Void = { _ in },
        preparing: ((any Database) async throws -> Void)? = nil, _ body: (TestBot) async throws -> Void
    ) async throws {
        let bot = try await start(
            plugins: plugins, at: instant, backend: backend, configure: configure, preparing: preparing)
        do {
            try await body(bot)
        } catch {
            await bot.stop()
            throw error
        }
        await bot.stop()
    }

    /// A new runtime on the same database and clock, as after a restart of the process.
    public func restarted() async throws -> TestBot {
        await runtime.close()
        let runtime = try await BotRuntime.start(
            configuration: try configuration.resolve(), plugins: pluginTypes, clock: clock, logger: Self.testLogger())
        return TestBot(
            runtime: runtime, clock: clock, database: database, configuration: configuration, pluginTypes: pluginTypes)
    }

    /// Closes the runtime and deletes the database.
    public func stop() async {
        await runtime.close()
        try? await database.destroy()
    }

    /// Sends `text` as `user` (`adapter:id`), in `channel` or as a direct message, and returns the reply.
    public func send(
        _ text: String, from user: String = "console:student", in channel: String? = nil, verified: Bool = false
    )
        async -> Reply?
    {
        let message = IncomingMessage(
            sender: UserID(user)!, senderIsVerified: verified, conversation: channel.map { .channel($0) } ?? .direct,
            text: text, receivedAt: clock.now)
        return await runtime.handle(message)
    }

    /// Sends `text` and checks the reply: it exists, is an error only when `error` says so, and
    /// contains every string in `contains`. Returns the reply for further checks.
    @discardableResult
    public func expect(
        _ text: String, from user: String = "console:student", in channel: String? = nil, verified: Bool = false,
        contains expected: String..., error: Bool = false
    ) async throws -> Reply {
        guard let reply = await send(text, from: user, in: channel, verified: verified) else {
            throw ReplyExpectationFailure(sent: text, reply: nil, problem: "no reply")
        }
        if reply.isError != error {
            throw ReplyExpectationFailure(
                sent: text, reply: reply, problem: error ? "expected an error" : "unexpected error")
        }
        for piece in expected where !reply.text.contains(piece) {
            throw ReplyExpectationFailure(sent: text, reply: reply, problem: "missing \"\(piece)\"")
        }
        return reply
    }

    /// Sends `text` and checks that the bot stays silent.
    public func expectSilence(_ text: String, from user: String = "console:student", in channel: String? = nil)
        async throws
    {
        if let reply = await send(text, from: user, in: channel) {
            throw ReplyExpectationFailure(sent: text, reply: reply, problem: "expected no reply")
        }
    }

    /// Grants `user` the admin role, sets the PIN ``adminPIN`` and logs them in.
    public func loginAsAdmin(_ user: String = "console:admin") async throws {
        let id = UserID(user)!
        try await runtime.access.grant("admin", to: id, by: AuditEntry.commandLine)
        try await runtime.login.setPIN(Self.adminPIN, for: id, by: AuditEntry.commandLine)
        try await expect("/login \(Self.adminPIN)", from: user)
    }

    /// The logger tests run with: quiet unless `HOMEROOM_TEST_LOG` names a level.
    public static func testLogger() -> Logger {
        var logger = Logger(label: "homeroom.test")
        logger.logLevel =
            ProcessInfo.processInfo.environment["HOMEROOM_TEST_LOG"].flatMap { Logger.Level(rawValue: $0) } ?? .critical
        return logger
    }
}

/// A reply that was not what a test expected.
public struct ReplyExpectationFailure: Error, CustomStringConvertible {
    /// What the test sent.
    public let sent: String
    /// What came back.
    public let reply: Reply?
    /// What was wrong.
    public let problem: String

    public var description: String {
        "\(problem) — sent \"\(sent)\", got \(reply.map { "\($0.isError ? "error " : "")\"\($0.text)\"" } ?? "nothing")"
    }
}
