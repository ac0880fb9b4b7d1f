import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import Lunch

@testable import HomeroomIRC

/// The bot (lunch and the test commands) connected through the IRC adapter to a test server
/// (``IRCHomeroom``), with what the adapter's own tests read inside it: whether a connection has
/// joined, and its nick.
struct IRCBotHarness {
    let bot: TestBot
    let adapter: IRCAdapter

    /// A network entry for `port`: no TLS, quick reconnects, and fast flood control with the
    /// server's own limit lifted (operator with +F) unless `asOperator` is false.
    static func network(port: Int, nick: String = "homeroom", asOperator: Bool = true) -> IRCNetworkSettings {
        var network = IRCNetworkSettings(name: "test", host: "127.0.0.1", port: port, nick: nick)
        network.tls = false
        network.session.alternateNicks = ["\(nick)-alt"]
        network.session.channels = [.init(name: "#lunch")]
        network.firstReconnectSeconds = 0.2
        network.maximumReconnectSeconds = 1
        if asOperator {
            network.session.operatorName = NgircdServer.operatorName
            network.session.operatorPassword = NgircdServer.operatorPassword
            network.session.userModes = "+F"
            network.flood = FloodControl(burst: 10, secondsPerLine: 0.02)
        }
        return network
    }

    /// Starts the bot and the adapter, runs `body`, stops both.
    static func with(
        _ network: IRCNetworkSettings, configure: (inout HomeroomConfiguration) -> Void = { _ in },
        _ body: (IRCBotHarness) async throws -> Void
    ) async throws {
        try await with(networks: [network], configure: configure, body)
    }

    /// Starts the bot and one adapter for several networks, runs `body`, stops both.
    static func with(
        networks: [IRCNetworkSettings], plugins: [any ConfigurablePlugin.Type] = [LunchPlugin.self, TalkPlugin.self],
        configure: (inout HomeroomConfiguration) -> Void = { _ in }, _ body: (IRCBotHarness) async throws -> Void
    ) async throws {
        try await IRCHomeroom.with(networks: networks, plugins: plugins, configure: configure) { homeroom in
            try await body(IRCBotHarness(bot: homeroom.bot, adapter: homeroom.adapter))
        }
    }

    /// Waits until the bot is registered and in `channel`.
    func waitUntilJoined(
        _ channel: String = "#lunch", network: String = "test", fileID: String = #fileID, line: Int = #line
    ) async throws {
        try await eventually(
            "the bot in \(channel) on \(network); status: \(bot.runtime.adapterStatus.snapshot.description)",
            within: .seconds(20), every: .milliseconds(20), fileID: fileID, line: line
        ) {
            guard let state = adapter.connections.connection(network) else { return false }
            return await state.isJoined(channel)
        }
    }

    /// The bot's current nick on `network`.
    func nick(network: String = "test") async -> String? {
        await adapter.connections.connection(network)?.nick
    }
}
