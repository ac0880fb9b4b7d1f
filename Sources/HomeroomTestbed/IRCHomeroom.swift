import HomeroomCore
import HomeroomIRC
import HomeroomRuntime
import HomeroomTesting

/// Homeroom connected to test servers through its IRC adapter: a ``TestBot`` with the real runtime,
/// and an ``IRCAdapter`` running for it on the networks given.
public struct IRCHomeroom: Sendable {
    /// The bot.
    public let bot: TestBot
    /// The adapter connecting it.
    public let adapter: IRCAdapter
    /// The names of the networks it connects to.
    public let networks: [String]

    /// Starts a bot with `plugins` (its configuration changed by `configure`) and the adapter for
    /// `networks`, runs `body`, and stops both, also when `body` throws.
    public static func with<Value: Sendable>(
        networks: [IRCNetworkSettings], plugins: [any ConfigurablePlugin.Type],
        configure: (inout HomeroomConfiguration) -> Void = { _ in }, _ body: (IRCHomeroom) async throws -> Value
    ) async throws -> Value {
        let bot = try await TestBot.start(plugins: plugins, configure: configure)
        var settings = IRCSettings()
        settings.networks = networks
        // The tests deliver the outbox themselves, through `adapter.sender`.
        let adapter = IRCAdapter(
            settings: settings, dispatcher: bot.runtime.dispatcher, adapterStatus: bot.runtime.adapterStatus,
            roster: bot.runtime.roster, outbox: nil, clock: SystemClock(), logger: TestBot.testLogger())
        let homeroom = IRCHomeroom(bot: bot, adapter: adapter, networks: networks.map(\.name))
        do {
            let value = try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await adapter.run() }
                let value = try await body(homeroom)
                group.cancelAll()
                return value
            }
            await bot.stop()
            return value
        } catch {
            await bot.stop()
            throw error
        }
    }

    /// True while it is connected to every network.
    public var isUp: Bool {
        let statuses = bot.runtime.adapterStatus.snapshot
        return networks.allSatisfy { statuses["irc/\($0)"]?.state == .up }
    }

    /// Waits (up to 60 s) until it is connected to every network (registered with the server).
    public func waitUntilUp() async throws {
        try await eventually("the bot to connect", within: .seconds(60), every: .milliseconds(20)) { isUp }
    }

    /// Waits (up to 60 s) until `nick` is in `channel` on the server at `port`, as a passer-by who
    /// joins and asks for the names sees it.
    public static func waitUntil(_ nick: String, isIn channel: String, port: Int) async throws {
        // A nick of its own each time: the server may still hold the last passer-by's for a moment.
        let passerBy = "door\(Int.random(in: 1000...9999))"
        _ = try await ClassroomStudent.with(port: port, nick: passerBy, channel: channel) { doorman in
            try await eventually("\(nick) in \(channel)", within: .seconds(60), every: .milliseconds(200)) {
                let names = doorman.received.filter { $0.message.command == "353" }.flatMap {
                    ($0.message.parameters.last ?? "").split(separator: " ").map {
                        $0.trimmingPrefix(while: { "@+%~&".contains($0) })
                    }
                }
                if names.contains(where: { $0 == nick }) { return true }
                try await doorman.send("NAMES \(channel)")
                return false
            }
        }
    }
}
