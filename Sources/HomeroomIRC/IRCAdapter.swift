import Foundation
import HomeroomCore
import Logging
import ServiceLifecycle

/// The IRC adapter: one connection per configured network, each kept up on its own, as one
/// `Service` of the process. Students type `!lunch` (or `homeroom: lunch`) in a channel, or
/// message the bot directly; answers fit IRC's line length, respect the flood limits, and
/// continue behind `!more`.
public struct IRCAdapter: Service {
    let settings: IRCSettings
    let dispatcher: Dispatcher
    let adapterStatus: AdapterStatusBoard
    let logger: Logger
    let connections = IRCConnectionRegistry()

    /// Creates the adapter for the networks in `settings`.
    package init(settings: IRCSettings, dispatcher: Dispatcher, adapterStatus: AdapterStatusBoard, logger: Logger) {
        self.settings = settings
        self.dispatcher = dispatcher
        self.adapterStatus = adapterStatus
        var logger = logger
        logger[metadataKey: "adapter"] = "irc"
        self.logger = logger
    }

    /// Delivers the outbox's `irc` notifications over these connections.
    public var sender: IRCSender { IRCSender(connections: connections, networks: settings.networks.map(\.name)) }

    /// Connects to every network and keeps each connection up until shutdown.
    public func run() async throws {
        for network in settings.networks where network.allowPinLoginWithoutServices {
            logger.warning(
                """
                \(network.name): allowPinLoginWithoutServices is on — people without a services account log in \
                with a PIN and use their roles there, although anyone can take their nick
                """)
        }
        await withDiscardingTaskGroup { group in
            for network in settings.networks {
                let client = IRCNetworkClient(
                    network: network, dispatcher: dispatcher, connections: connections, adapterStatus: adapterStatus,
                    logger: logger)
                group.addTask { await client.run() }
            }
        }
    }
}
