import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomMatrix
import HomeroomRuntime
import HomeroomTesting
import Synchronization

/// Homeroom connected to a test Synapse through its Matrix adapter: a ``TestBot`` with the real
/// runtime, and a ``MatrixAdapter`` running for it with the accounts given. The adapter can be
/// stopped and started again on the same database, as after a restart of the process.
///
/// The adapter waits on the system clock (the homeserver's rate limits and its own reconnections
/// run in real time); the bot's runtime keeps its ``TestClock``.
public final class MatrixHomeroom: Sendable {
    /// The bot.
    public let bot: TestBot
    /// The accounts the adapter logs in.
    public let settings: MatrixSettings
    private let running = Mutex<Running?>(nil)

    private struct Running {
        let adapter: MatrixAdapter
        let task: Task<Void, Never>
    }

    private init(bot: TestBot, settings: MatrixSettings) {
        self.bot = bot
        self.settings = settings
    }

    /// Starts a bot with `plugins` (its configuration changed by `configure`) and the adapter for
    /// `accounts`, runs `body`, and stops both, also when `body` throws. The tests deliver the
    /// outbox themselves, through the adapter's sender.
    public static func with<Value: Sendable>(
        accounts: [MatrixAccountSettings], plugins: [any ConfigurablePlugin.Type],
        configure: (inout HomeroomConfiguration) -> Void = { _ in }, _ body: (MatrixHomeroom) async throws -> Value
    ) async throws -> Value {
        let bot = try await TestBot.start(plugins: plugins, configure: configure)
        var settings = MatrixSettings()
        settings.accounts = accounts
        let homeroom = MatrixHomeroom(bot: bot, settings: settings)
        homeroom.startAdapter()
        do {
            let value = try await body(homeroom)
            await homeroom.stopAdapter()
            await bot.stop()
            return value
        } catch {
            await homeroom.stopAdapter()
            await bot.stop()
            throw error
        }
    }

    /// An account of the bot registered as `account` on `server`, logging in with its access
    /// token, reconnecting quickly (from 0.2 s, at most 2 s apart) and long-polling 10 s.
    public static func account(
        _ name: String = "school", on server: SynapseServer, as account: SynapseServer.Account
    ) -> MatrixAccountSettings {
        var settings = MatrixAccountSettings(
            name: name, homeserver: server.url, userID: account.userID, accessToken: account.accessToken)
        settings.syncTimeoutSeconds = 10
        settings.firstReconnectSeconds = 0.2
        settings.maximumReconnectSeconds = 2
        return settings
    }

    /// The adapter running now (the last one started).
    public var adapter: MatrixAdapter? { running.withLock { $0?.adapter } }

    /// Starts a new adapter on the bot's runtime (its database, dispatcher and status board).
    public func startAdapter() {
        let runtime = bot.runtime
        let adapter = MatrixAdapter(
            settings: settings, dispatcher: runtime.dispatcher, adapterStatus: runtime.adapterStatus,
            roster: runtime.roster, outbox: nil, clock: SystemClock(), logger: TestBot.testLogger())
        let task = Task<Void, Never> { try? await adapter.run() }
        running.withLock { $0 = Running(adapter: adapter, task: task) }
    }

    /// Stops the adapter (its long poll ends at once) and waits until it has.
    public func stopAdapter() async {
        guard let running = running.withLock({ $0.take() }) else { return }
        running.task.cancel()
        await running.task.value
    }

    /// The status of `account` on the status board (`matrix/NAME`).
    package func status(_ account: String = "school") -> AdapterStatus? {
        bot.runtime.adapterStatus.snapshot["matrix/\(account)"]
    }

    /// True while every account is syncing.
    public var isUp: Bool { settings.accounts.allSatisfy { status($0.name)?.state == .up } }

    /// Waits (up to 60 s) until every account is syncing.
    public func waitUntilUp() async throws {
        try await eventually(
            "the bot to sync; status: \(bot.runtime.adapterStatus.snapshot)", within: .seconds(60),
            every: .milliseconds(20)
        ) { isUp }
    }

    /// Sets a lunch menu for the test clock's day (Monday, November 23): Chicken tacos and Veggie pizza.
    public func setLunchMenu() async throws { try await Self.setLunchMenu(on: bot) }

    /// Sets that lunch menu on `bot`.
    public static func setLunchMenu(on bot: TestBot) async throws {
        try await bot.loginAsAdmin()
        try await bot.expect(
            #"/lunch set specials "Chicken tacos; Veggie pizza" vegetables "Green beans; Corn" fries yes"#,
            from: "console:admin", contains: "Saved the menu for Monday, November 23")
    }
}
