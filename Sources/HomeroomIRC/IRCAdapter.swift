import Foundation
import HomeroomCore
import HomeroomEngine
import Logging
import ServiceLifecycle

/// The IRC adapter: one connection per configured network, each kept up on its own, as one
/// `Service` of the process. Students type `!lunch` (or `homeroom: lunch`) in a channel, or
/// message the bot directly; answers fit IRC's line length, respect the flood limits, and
/// continue behind `!more`.
///
/// Each network is a duty (`irc:NAME`): with several instances on one PostgreSQL database, only
/// the instance holding it connects, so one bot is in the channel; the others stand by and take
/// over when the holder dies. The network's outbox notifications are delivered under the same hold.
public struct IRCAdapter: Service {
    let settings: IRCSettings
    let dispatcher: Dispatcher
    let adapterStatus: AdapterStatusBoard
    let roster: any DutyRoster
    let outbox: Outbox?
    let clock: any HomeroomClock
    let logger: Logger
    let connections = IRCConnectionRegistry()

    /// Creates the adapter for the networks in `settings`, each connected while this instance of
    /// `roster` holds it. With an `outbox`, each network's notifications are delivered under its
    /// hold; without, the caller delivers them through ``sender`` (tests that step delivery). The
    /// connections tell time (flood control, pings, WHOIS timeouts, coalescing) by `clock`.
    package init(
        settings: IRCSettings, dispatcher: Dispatcher, adapterStatus: AdapterStatusBoard, roster: any DutyRoster,
        outbox: Outbox?, clock: any HomeroomClock, logger: Logger
    ) {
        self.clock = clock
        self.settings = settings
        self.dispatcher = dispatcher
        self.adapterStatus = adapterStatus
        self.roster = roster
        self.outbox = outbox
        var logger = logger
        logger[metadataKey: "adapter"] = "irc"
        self.logger = logger
    }

    /// Delivers the outbox's `irc` notifications over these connections.
    public var sender: IRCSender { IRCSender(connections: connections, networks: settings.networks.map(\.name)) }

    /// Keeps each network's connection up while this instance holds it, until shutdown.
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
                group.addTask { await serve(network) }
            }
        }
    }

    /// Connects to `network` and delivers its notifications whenever this instance holds it.
    private func serve(_ network: IRCNetworkSettings) async {
        let client = IRCNetworkClient(
            network: network, dispatcher: dispatcher, connections: connections, adapterStatus: adapterStatus,
            clock: clock, logger: logger)
        await client.supervisor(roster: roster).run(
            beside: { hold in
                guard let outbox else { return }
                let worker = OutboxDeliveryWorker(
                    outbox: outbox.working(under: hold), sender: sender, logger: logger,
                    targets: deliveryTargets(for: network))
                await worker.run(takingOverClaims: true)
            },
            session: { attempt in await client.connect(attempt) })
    }

    /// The outbox rows delivered through `network`: its channels (`libera/#lunch`), its people
    /// (`irc:libera:…`), and for the first network also channels that name none (`#lunch`).
    func deliveryTargets(for network: IRCNetworkSettings) -> OutboxTargets {
        .matching(
            prefixes: ["channel:\(network.name)/", "user:irc:\(network.name):"],
            alsoChannelsWithoutSlash: network.name == settings.networks.first?.name)
    }
}
