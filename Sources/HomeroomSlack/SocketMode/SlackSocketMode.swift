import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Logging
import ServiceLifecycle

/// Slack Socket Mode: the connection the bot opens to Slack, over which slash commands, mentions
/// and direct messages arrive, so a school behind NAT needs no public address
/// (https://api.slack.com/apis/socket-mode).
///
/// The socket is the duty `slack:socket-mode`, kept up by a ``ConnectionSupervisor``: with several
/// instances on one PostgreSQL database, only the holder connects, and the others stand by.
/// `apps.connections.open` gives each connection's address. One session keeps one connection up:
/// on `disconnect` it opens the next one first and closes the old one once the new one says
/// `hello`. After a drop the supervisor reconnects at once when the connection had said `hello`,
/// otherwise after 1 s, doubling to 60 s while attempts fail. Graceful shutdown closes the socket
/// at once. The status board shows it as `slack/socket`.
package struct SlackSocketMode: Service {
    let settings: WebhookSettings
    let dependencies: WebhookServer.Dependencies
    let logger: Logger

    /// The status board's name for the connection.
    static let statusName = "slack/socket"
    /// The duty of holding the connection.
    static let duty = Duty.connection("slack", "socket-mode")

    /// The waits between connection attempts: at once after a connection that said `hello`, then
    /// 1 s, doubling to 60 s while attempts fail (each drawn between half and all of it by `jitter`).
    static func backoff(jitter: @escaping Backoff.Jitter = { Double.random(in: 0...1) }) -> Backoff {
        Backoff(first: 1, maximum: 60, retriesAtOnceAfterStableSession: true, jitter: jitter)
    }

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
        let numbers = SocketModeConnectionNumbers()
        let supervisor = ConnectionSupervisor(
            duty: Self.duty, statusName: Self.statusName, startingDetail: "opening a Socket Mode connection",
            stableAfter: 0, shutdownGrace: 0, backoff: Self.backoff(), roster: dependencies.roster,
            status: dependencies.adapterStatus, clock: dependencies.clock, logger: logger, logPrefix: "Socket Mode: ")
        await withDiscardingTaskGroup { work in
            work.addTask { await deferred.run() }
            await supervisor.run { attempt in
                await keepConnected(responder: responder, deferred: deferred, numbers: numbers, attempt: attempt)
            }
            deferred.finish()
        }
        dependencies.adapterStatus.report(Self.statusName, .down, detail: "stopped", at: dependencies.clock.now)
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

    /// Keeps one connection up until the newest one ends; an older one closes once a newer one
    /// said `hello`. Returns why the newest one ended. Each connection takes the next of `numbers`.
    private func keepConnected(
        responder: SocketModeResponder, deferred: TaskQueue, numbers: SocketModeConnectionNumbers,
        attempt: ConnectionAttempt
    ) async -> ConnectionEnd {
        let (signals, signal) = AsyncStream.makeStream(of: SocketModeSignal.self)
        var current = 0
        var closers: [Int: AsyncStream<Never>.Continuation] = [:]
        var disconnectReasons: [Int: String] = [:]
        var end = ConnectionEnd.ended(reason: "stopped")
        await withDiscardingTaskGroup { group in
            func connect() {
                let connection = numbers.next()
                current = connection
                let (closeRequests, closer) = AsyncStream.makeStream(of: Never.self)
                closers[connection] = closer
                group.addTask {
                    await open(
                        connection, closeRequests: closeRequests, responder: responder, deferred: deferred,
                        signal: signal)
                }
            }
            connect()
            events: for await event in signals {
                guard attempt.hold.isHeld, !Task.isShuttingDownGracefully else { break }
                switch event {
                case .hello(let id):
                    attempt.cameUp()
                    dependencies.adapterStatus.report(
                        Self.statusName, .up, detail: "connected to Slack over Socket Mode", at: dependencies.clock.now)
                    for (old, closer) in closers where old < id {
                        closer.finish()
                        closers[old] = nil
                    }
                case .disconnect(let id, let reason):
                    logger.info("Socket Mode: Slack will close connection \(id): \(reason)")
                    disconnectReasons[id] = reason
                    // Slack refreshes connections every few hours, and warns before closing one:
                    // the next is opened while the old still delivers.
                    if id == current, reason == "refresh_requested" || reason == "warning" { connect() }
                case .ended(let id, let reason):
                    closers[id] = nil
                    let said = disconnectReasons.removeValue(forKey: id)
                    guard id == current else { continue }
                    end = .ended(reason: said.map { "Slack disconnected (\($0))" } ?? reason)
                    break events
                }
            }
            for closer in closers.values { closer.finish() }
            group.cancelAll()
        }
        return end
    }

    /// Asks Slack for a connection address and runs connection `id` there.
    private func open(
        _ id: Int, closeRequests: AsyncStream<Never>, responder: SocketModeResponder, deferred: TaskQueue,
        signal: AsyncStream<SocketModeSignal>.Continuation
    ) async {
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
