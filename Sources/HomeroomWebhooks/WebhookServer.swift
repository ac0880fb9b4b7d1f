import Foundation
import HomeroomCore
import HomeroomEngine
import Hummingbird
import Logging
import NIOCore
import Prometheus
import ServiceLifecycle

/// The webhook adapter: one HTTP server (Hummingbird) for the installed platforms' routes (Slack,
/// Mattermost, Discord, Teams and Google Chat commands, Homeroom's JSON API, each a
/// ``PlatformModule``), `/healthz`, `/metrics` and the plugins' pages. It is a `Service` of the process's
/// `ServiceGroup`: graceful shutdown stops accepting requests, finishes the ones in flight, and
/// waits for late answers already promised.
public struct WebhookServer: Service {
    /// What the server needs from the runtime.
    package struct Dependencies: Sendable {
        package var dispatcher: Dispatcher
        package var database: any Database
        package var outbox: Outbox
        package var clock: any HomeroomClock
        package var fetcher: any HTTPFetching
        package var adapterStatus: AdapterStatusBoard
        /// This instance's duties, which `/healthz` and `/metrics` show.
        package var roster: any DutyRoster
        /// The registry `/metrics` shows; nil leaves `/metrics` out.
        package var metrics: PrometheusCollectorRegistry?
        package var logger: Logger

        package init(
            dispatcher: Dispatcher, database: any Database, outbox: Outbox, clock: any HomeroomClock,
            fetcher: any HTTPFetching, adapterStatus: AdapterStatusBoard, roster: any DutyRoster,
            metrics: PrometheusCollectorRegistry?, logger: Logger
        ) {
            self.dispatcher = dispatcher
            self.database = database
            self.outbox = outbox
            self.clock = clock
            self.fetcher = fetcher
            self.adapterStatus = adapterStatus
            self.roster = roster
            self.metrics = metrics
            self.logger = logger
        }
    }

    /// Where the server listens and what it serves, once it accepts connections.
    package struct Listening: Sendable {
        /// The address.
        package let host: String
        /// The bound port (a free one when the settings ask for port 0).
        package let port: Int
        /// The paths this configuration switches on.
        package let endpoints: [String]

        /// `http://HOST:PORT`.
        package var baseURL: String { "http://\(host):\(port)" }
    }

    /// The adapter's name on the status board.
    static let adapterName = "webhooks"

    let settings: WebhookSettings
    let dependencies: Dependencies
    let routeSets: [any WebRouteSet]
    let onListening: @Sendable (Listening) async -> Void

    /// Creates the server, serving `routeSets` besides the platforms' routes; `onListening` is
    /// called once it accepts connections.
    package init(
        settings: WebhookSettings, dependencies: Dependencies, routeSets: [any WebRouteSet] = [],
        onListening: @escaping @Sendable (Listening) async -> Void = { _ in }
    ) {
        self.settings = settings
        self.dependencies = dependencies
        self.routeSets = routeSets
        self.onListening = onListening
    }

    /// The endpoints this configuration switches on.
    var endpoints: [String] {
        var paths = ["/healthz"]
        if dependencies.metrics != nil { paths.append("/metrics") }
        paths += settings.platforms.flatMap { $0.endpoints(settings) }
        paths += dependencies.dispatcher.pages.keys.sorted().map { "/\($0)" }
        paths += routeSets.flatMap(\.endpoints)
        return paths
    }

    public func run() async throws {
        for platform in settings.platforms { await platform.startUp(settings, dependencies: dependencies) }
        let deferred = TaskQueue()
        let application = makeApplication(deferred: deferred)
        let status = dependencies.adapterStatus
        let clock = dependencies.clock
        status.report(Self.adapterName, .starting, detail: "binding \(settings.host):\(settings.port)", at: clock.now)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await deferred.run() }
            do {
                try await application.run()
            } catch {
                let failure = StartFailure(host: settings.host, port: settings.port, underlying: error)
                status.report(Self.adapterName, .down, detail: failure.description, at: clock.now)
                deferred.finish()
                throw failure
            }
            status.report(Self.adapterName, .down, detail: "stopped", at: clock.now)
            deferred.finish()
            try await group.waitForAll()
        }
    }

    /// The server stopped with an error, most often because it could not bind its port.
    struct StartFailure: Error, CustomStringConvertible {
        let host: String
        let port: Int
        let underlying: any Error

        var description: String {
            if let error = underlying as? IOError, error.errnoCode == EADDRINUSE {
                return "the webhook server cannot listen on \(host):\(port): another program uses that port "
                    + "(choose another with webhooks.port, or 0 for any free one)"
            }
            return "the webhook server on \(host):\(port) stopped: \(underlying)"
        }
    }

    private func makeApplication(deferred: TaskQueue) -> some ApplicationProtocol {
        let dependencies = dependencies
        let settings = settings
        let gateway = CommandGateway(
            dispatcher: dependencies.dispatcher, clock: dependencies.clock, deferred: deferred,
            poster: WebhookPoster(fetcher: dependencies.fetcher, timeout: settings.deliveryTimeout),
            acknowledgeAfter: settings.acknowledgeAfter, timestampTolerance: settings.timestampToleranceSeconds,
            logger: dependencies.logger)
        let replays = ReplayGuard.make(
            window: settings.timestampToleranceSeconds * 2, database: dependencies.database, logger: dependencies.logger
        )

        let router = Router(context: WebhookRequestContext.self)
        // Outermost first: the metrics see the status the rejection middleware answered with.
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: RejectionMiddleware(logger: dependencies.logger))
        let routeSets = routeSets
        router.add(
            middleware: RequestBodyDeadline(
                limit: settings.maximumBodyBytes,
                limitForPath: { path in routeSets.lazy.compactMap { $0.bodyLimit(forPath: path) }.first },
                timeout: settings.readTimeout))

        let context = PlatformRouteContext(
            settings: settings, dependencies: dependencies, gateway: gateway, replays: replays)
        for platform in settings.platforms { platform.addRoutes(to: router, context: context) }
        for routeSet in routeSets { routeSet.addRoutes(to: router, context: context) }

        let access = StatusAccess(token: settings.statusToken)
        let health = HealthEndpoint(
            database: dependencies.database, outbox: dependencies.outbox, adapterStatus: dependencies.adapterStatus,
            roster: dependencies.roster)
        router.get("healthz") { request, context in
            await health.respond(detailed: access.grants(request.headers, from: context.remoteAddress))
        }
        if let registry = dependencies.metrics {
            let metrics = MetricsEndpoint(
                registry: registry, outbox: dependencies.outbox, adapterStatus: dependencies.adapterStatus,
                roster: dependencies.roster)
            router.get("metrics") { request, context in
                guard access.grants(request.headers, from: context.remoteAddress) else {
                    if access.takesToken {
                        throw WebhookRejection.unauthorized("send Authorization: Bearer with webhooks.statusToken")
                    }
                    throw WebhookRejection(.notFound, "no endpoint GET /metrics")
                }
                return await metrics.respond()
            }
        }

        for (path, page) in dependencies.dispatcher.pages {
            router.get(RouterPath(path)) { request, _ in
                await PageEndpoint.respond(page, name: nil, to: request)
            }
            router.get(RouterPath("\(path)/:name")) { request, context in
                await PageEndpoint.respond(page, name: context.parameters.get("name"), to: request)
            }
        }

        let host = settings.host
        let onListening = onListening
        let endpoints = endpoints
        // Slow clients cannot hold a connection: no request for `idleTimeout` (headers included,
        // which make no progress until complete) closes it; bodies have `RequestBodyDeadline`.
        let headerLimit = settings.maximumHeaderBytes
        return Application(
            router: router,
            server: .http1(
                configuration: .init(
                    idleTimeout: settings.idleTimeout,
                    httpDecoderConfiguration: .init(
                        maxHeaderFieldSize: headerLimit, maxHeaderListSize: headerLimit, maxHeaderFieldCount: 100))),
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: settings.port), serverName: "Homeroom"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? settings.port
                dependencies.adapterStatus.report(
                    Self.adapterName, .up, detail: "listening on \(host):\(port)", at: dependencies.clock.now)
                await onListening(Listening(host: host, port: port, endpoints: endpoints))
            },
            logger: dependencies.logger)
    }
}
