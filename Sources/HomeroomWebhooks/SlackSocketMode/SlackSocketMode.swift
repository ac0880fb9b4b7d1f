import Foundation
import HomeroomCore
import Logging
import ServiceLifecycle

/// Slack Socket Mode: the connection the bot opens to Slack, over which slash commands, mentions
/// and direct messages arrive, so a school behind NAT needs no public address
/// (https://api.slack.com/apis/socket-mode).
///
/// The socket is the duty `slack:socket-mode`: with several instances on one PostgreSQL database,
/// only the holder connects, and the others stand by. `apps.connections.open` gives each
/// connection's address. The loop keeps one connection up: on `disconnect` it opens the next one
/// first and closes the old one once the new one says `hello`; after a drop or a failure it
/// reconnects at once, then after 1 s, doubling to 60 s while attempts fail. Graceful shutdown
/// closes the socket at once. The status board shows it as `slack/socket`.
package struct SlackSocketMode: Service {
    let settings: WebhookSettings
    let dependencies: WebhookServer.Dependencies
    let logger: Logger

    /// The status board's name for the connection.
    static let statusName = "slack/socket"
    /// The duty of holding the connection.
    static let duty = Duty.connection("slack", "socket-mode")
    /// What the status board says while another instance holds the connection.
    static let heldElsewhere = "held by another instance"

    /// The connection `settings.slack` asks for, or nil without an app-level token.
    package init?(settings: WebhookSettings, dependencies: WebhookServer.Dependencies) {
        guard settings.slack.appToken != nil else { return nil }
        self.settings = settings
        self.dependencies = dependencies
        var logger = dependencies.logger
        logger[metadataKey: "adapter"] = "slack-socket"
        self.logger = logger
    }

    /// Keeps the connection up while this instance holds its duty, until graceful shutdown; then
    /// waits for the answers already promised.
    package func run() async throws {
        let deferred = TaskQueue()
        let responder = makeResponder(deferred: deferred)
        let status = dependencies.adapterStatus
        let clock = dependencies.clock
        status.report(Self.statusName, .standby, detail: Self.heldElsewhere, at: clock.now)
        await withDiscardingTaskGroup { work in
            work.addTask { await deferred.run() }
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    await dependencies.roster.perform(Self.duty) { hold in
                        await keepConnected(responder: responder, deferred: deferred, under: hold)
                    }
                }
                group.addTask { try? await gracefulShutdown() }
                await group.next()
                group.cancelAll()
            }
            deferred.finish()
        }
        status.report(Self.statusName, .down, detail: "stopped", at: clock.now)
    }

    private func makeResponder(deferred: TaskQueue) -> SocketModeResponder {
        let gateway = CommandGateway(
            dispatcher: dependencies.dispatcher, clock: dependencies.clock, deferred: deferred,
            poster: WebhookPoster(fetcher: dependencies.fetcher, timeout: settings.deliveryTimeout),
            acknowledgeAfter: settings.acknowledgeAfter, timestampTolerance: settings.timestampToleranceSeconds,
            logger: logger)
        return SocketModeResponder(
            gateway: gateway,
            replays: ReplayGuard.make(
                window: SocketModeResponder.replayWindow, database: dependencies.database, logger: logger),
            answers: SocketModeAnswers(), api: api, logger: logger)
    }

    private var api: SlackWebAPI {
        SlackWebAPI(
            baseURL: settings.slack.apiBaseURL, botToken: settings.slack.botToken, appToken: settings.slack.appToken,
            fetcher: dependencies.fetcher, timeout: settings.deliveryTimeout)
    }

    /// Keeps one connection up while `hold` lasts: the newest connection is the current one; an
    /// older one closes once a newer one said `hello`.
    private func keepConnected(responder: SocketModeResponder, deferred: TaskQueue, under hold: DutyHold) async {
        let status = dependencies.adapterStatus
        let clock = dependencies.clock
        let (signals, signal) = AsyncStream.makeStream(of: SocketModeSignal.self)
        var backoff = SocketModeBackoff()
        var current = 0
        var closers: [Int: AsyncStream<Never>.Continuation] = [:]
        var disconnectReasons: [Int: String] = [:]
        await withDiscardingTaskGroup { group in
            func connect(after wait: TimeInterval) {
                current += 1
                let connection = current
                let (closeRequests, closer) = AsyncStream.makeStream(of: Never.self)
                closers[connection] = closer
                group.addTask {
                    await open(
                        connection, after: wait, closeRequests: closeRequests, responder: responder,
                        deferred: deferred, signal: signal)
                }
            }
            status.report(Self.statusName, .starting, detail: "opening a Socket Mode connection", at: clock.now)
            connect(after: 0)
            for await event in signals {
                guard hold.isHeld, !Task.isShuttingDownGracefully else { break }
                switch event {
                case .hello(let id):
                    backoff.connected()
                    status.report(Self.statusName, .up, detail: "connected to Slack over Socket Mode", at: clock.now)
                    for (old, closer) in closers where old < id {
                        closer.finish()
                        closers[old] = nil
                    }
                case .disconnect(let id, let reason):
                    logger.info("Socket Mode: Slack will close connection \(id): \(reason)")
                    disconnectReasons[id] = reason
                    // Slack refreshes connections every few hours, and warns before closing one:
                    // the next is opened while the old still delivers.
                    if id == current, reason == "refresh_requested" || reason == "warning" { connect(after: 0) }
                case .ended(let id, let reason):
                    closers[id] = nil
                    let said = disconnectReasons.removeValue(forKey: id)
                    guard id == current else { continue }
                    let why = said.map { "Slack disconnected (\($0))" } ?? reason
                    let wait = backoff.nextWait()
                    status.report(
                        Self.statusName, .down, detail: "\(why); reconnecting in \(Int(wait.rounded())) s",
                        at: clock.now)
                    logger.warning("Socket Mode: \(why); reconnecting in \(Int(wait.rounded())) s")
                    connect(after: wait)
                }
            }
            for closer in closers.values { closer.finish() }
            group.cancelAll()
        }
        if hold.isHeld || Task.isShuttingDownGracefully {
            status.report(Self.statusName, .down, detail: "stopped", at: clock.now)
        } else {
            status.report(Self.statusName, .standby, detail: Self.heldElsewhere, at: clock.now)
        }
    }

    /// Waits `wait` seconds, asks Slack for a connection address and runs connection `id` there.
    private func open(
        _ id: Int, after wait: TimeInterval, closeRequests: AsyncStream<Never>, responder: SocketModeResponder,
        deferred: TaskQueue, signal: AsyncStream<SocketModeSignal>.Continuation
    ) async {
        if wait > 0 {
            do {
                try await cancelWhenGracefulShutdown {
                    try await dependencies.clock.sleep(until: dependencies.clock.now.addingTimeInterval(wait))
                }
            } catch {
                return
            }
        }
        let url: URL
        do {
            url = try await api.openSocketConnection()
        } catch {
            signal.yield(.ended(id: id, reason: "apps.connections.open failed: \(error.description)"))
            return
        }
        let connection = SocketModeConnection(
            id: id, url: url, responder: responder, deferred: deferred, signal: signal, logger: logger)
        await connection.run(closeRequests: closeRequests)
    }
}
