import ArgumentParser
import HomeroomConsole
import HomeroomCore
import HomeroomEngine
import HomeroomIRC
import HomeroomMatrix
import HomeroomMessageAPI
import HomeroomRuntime
import HomeroomStorage
import HomeroomWebhooks
import InstalledPlatforms
import Logging
import Metrics
import Prometheus
import ServiceLifecycle

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract:
            "Run the configured adapters (console, webhooks, IRC, Matrix) and the scheduler until SIGINT or SIGTERM.")

    @OptionGroup var options: RuntimeOptions

    @Flag(
        help: """
            Start on a sample school in --demo-folder, never the configured database: a bell schedule, lunch \
            menus, the example campus and recipe book, clubs, events and news, dated from today.
            """)
    var demo = false

    @Option(help: "The demo school's folder, created on the first start with --demo.")
    var demoFolder = "homeroom-demo"

    func run() async throws {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(Self.metricsFactory(registry))
        let clock = SystemClock()
        let demoSchool =
            demo ? try DemoSchool.prepare(in: demoFolder, from: options.resolvedConfiguration(), clock: clock) : nil
        let settings = try demoSchool?.configuration ?? options.resolvedConfiguration()
        let webhooks: WebhookSettings
        let irc: IRCSettings
        let matrix: MatrixSettings
        do {
            webhooks = try settings.decodeSection(
                settings.configuration.webhooks, key: "webhooks", as: WebhookSettings.self)
            irc = try settings.decodeSection(settings.configuration.irc, key: "irc", as: IRCSettings.self)
            matrix = try settings.decodeSection(settings.configuration.matrix, key: "matrix", as: MatrixSettings.self)
            // A notifyURL the fetch settings refuse could never be posted to: said once, here.
            let notifyURLs = webhooks.enabled ? webhooks.api.clients.compactMapValues(\.notifyURL) : [:]
            for (name, url) in notifyURLs.sorted(by: { $0.key < $1.key }) {
                try await settings.requireReachable(url, key: "webhooks.api.clients.\(name).notifyURL")
            }
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        let serveLock = try lock(settings.storage)
        defer { withExtendedLifetime(serveLock) {} }
        let runtime = try await options.startRuntime(settings, clock: clock, metrics: MetricsSystem.factory)
        let demoLoaded = await demoSchool?.load(into: runtime)
        // The roster comes first, so it stops last: the duties' work has ended before it releases their leases.
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            stopsTheOthersGracefully(BackgroundLoopService { await runtime.roster.run() }),
            stopsTheOthersGracefully(BackgroundLoopService { await runtime.scheduler.run() }),
        ]
        if let cacheNotifications = runtime.cacheNotifications {
            services.append(stopsTheOthersGracefully(BackgroundLoopService { await cacheNotifications.run() }))
        }
        if settings.configuration.console.enabled {
            // The console is this process's own terminal, not a duty: its notifications print here.
            let console = OutboxDeliveryWorker(outbox: runtime.outbox, sender: ConsoleSender(), logger: runtime.logger)
            services.append(stopsTheOthersGracefully(BackgroundLoopService { await console.run() }))
            services.append(
                .init(
                    service: ConsoleAdapter(runtime: runtime, user: settings.consoleUser, prompt: "homeroom> "),
                    successTerminationBehavior: .ignore, failureTerminationBehavior: .gracefullyShutdownGroup,
                    serviceName: "ConsoleAdapter"))
            runtime.adapterStatus.report("console", .up, detail: "reading standard input", at: runtime.clock.now)
        }
        if webhooks.enabled {
            let dependencies = webhookDependencies(runtime: runtime, registry: registry)
            services.append(
                stopsTheOthersGracefully(webhookServer(webhooks, dependencies: dependencies, runtime: runtime)))
            for platform in webhooks.platforms {
                for service in platform.services(webhooks, dependencies: dependencies) {
                    switch service {
                    case .delivery(let sender, let summary):
                        services.append(delivery(through: sender, runtime: runtime))
                        runtime.adapterStatus.report(sender.adapter, .up, detail: summary, at: runtime.clock.now)
                    case .running(let service):
                        services.append(stopsTheOthersGracefully(service))
                    }
                }
            }
        }
        if !irc.networks.isEmpty {
            // Each network is connected, and its notifications delivered, by the instance holding it.
            let adapter = IRCAdapter(
                settings: irc, dispatcher: runtime.dispatcher, adapterStatus: runtime.adapterStatus,
                roster: runtime.roster, outbox: runtime.outbox, clock: runtime.clock, logger: runtime.logger)
            services.append(stopsTheOthersGracefully(adapter))
        }
        if !matrix.accounts.isEmpty {
            // Each account is logged in and synced, and its notifications delivered, by the instance holding it.
            let adapter = MatrixAdapter(
                settings: matrix, dispatcher: runtime.dispatcher, adapterStatus: runtime.adapterStatus,
                roster: runtime.roster, outbox: runtime.outbox, clock: runtime.clock, logger: runtime.logger)
            services.append(stopsTheOthersGracefully(adapter))
        }
        if let demoSchool, let demoLoaded { StandardOutput.write(demoSchool.welcome(demoLoaded)) }
        let words = Words(.homeroom, settings.school.language)
        // A district is named by its own name, one school by the school's.
        let (school, storage) = (settings.district.name, "\(settings.storage)")
        let serving =
            settings.configuration.console.enabled
            ? words(
                "Homeroom is serving {school}; data: {storage}. Type {help}, Ctrl-C to stop.",
                ["school": school, "storage": storage, "help": "/help"])
            : words(
                "Homeroom is serving {school}; data: {storage}. Ctrl-C to stop.",
                ["school": school, "storage": storage])
        // Said from inside the group, which traps SIGTERM and SIGINT before it starts a service: a
        // caller that stops the process as soon as it reads this line gets a graceful shutdown.
        services.append(
            .init(
                service: BackgroundLoopService { StandardOutput.write(serving) }, successTerminationBehavior: .ignore,
                failureTerminationBehavior: .gracefullyShutdownGroup, serviceName: "StartupLine"))
        let group = ServiceGroup(
            configuration: .init(
                services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: runtime.logger))
        var failure: (any Error)?
        do {
            try await group.run()
        } catch {
            failure = error
        }
        await runtime.close()
        demoLoaded?.feeds?.stop()
        if let failure {
            printError("homeroom: stopped: \(failure)")
            throw ExitCode(1)
        }
        runtime.logger.info("stopped cleanly")
    }

    /// A service that, when it ends or fails, shuts the others down gracefully as SIGTERM does: the
    /// webhook server finishes the requests in flight, and a NIO server is never cancelled with a
    /// connection accepted but not yet served (that traps, apple/swift-nio#3481). The service is
    /// named by its type: described whole, a server holding a district's plugins is megabytes of text.
    private func stopsTheOthersGracefully(_ service: some Service) -> ServiceGroupConfiguration.ServiceConfiguration {
        .init(
            service: service, successTerminationBehavior: .gracefullyShutdownGroup,
            failureTerminationBehavior: .gracefullyShutdownGroup, serviceName: "\(type(of: service))")
    }

    /// On an SQLite file, the lock that keeps a second `serve` off it for this process's life; nil on
    /// PostgreSQL, which several instances share. Prints one line and exits with code 1 when it is taken.
    private func lock(_ storage: StorageLocation) throws -> ServeLock? {
        guard case .sqlite(let path) = storage else { return nil }
        do {
            return try ServeLock.acquire(database: path)
        } catch {
            printError("homeroom: \(error)")
            throw ExitCode(1)
        }
    }

    /// What the HTTP server and the platforms' bots need from the runtime.
    private func webhookDependencies(runtime: BotRuntime, registry: PrometheusCollectorRegistry)
        -> WebhookServer.Dependencies
    {
        WebhookServer.Dependencies(
            dispatcher: runtime.dispatcher, database: runtime.database, outbox: runtime.outbox, clock: runtime.clock,
            fetcher: runtime.fetcher, adapterStatus: runtime.adapterStatus, roster: runtime.roster, metrics: registry,
            logger: runtime.logger)
    }

    /// The HTTP server, with the web console and the hallway display when the configuration
    /// keeps them on, printing where it listens once it does.
    private func webhookServer(
        _ settings: WebhookSettings, dependencies: WebhookServer.Dependencies, runtime: BotRuntime
    ) -> WebhookServer {
        let console = runtime.webConsole.map {
            WebConsoleRoutes(
                signIns: $0, access: runtime.access, login: runtime.login, dispatcher: runtime.dispatcher,
                schoolName: runtime.configuration.configuration.schoolName)
        }
        return WebhookServer(settings: settings, dependencies: dependencies, routeSets: console.map { [$0] } ?? []) {
            listening in
            StandardOutput.write("Webhooks on \(listening.baseURL): \(listening.endpoints.joined(separator: " "))")
        }
    }

    /// The outbox worker delivering `sender`'s notifications, on whichever instance holds the
    /// adapter's delivery duty.
    private func delivery(through sender: any MessageSender, runtime: BotRuntime)
        -> ServiceGroupConfiguration.ServiceConfiguration
    {
        stopsTheOthersGracefully(
            BackgroundLoopService {
                await runtime.roster.perform(.delivery(sender.adapter)) { hold in
                    let worker = OutboxDeliveryWorker(
                        outbox: runtime.outbox.working(under: hold), sender: sender, logger: runtime.logger)
                    await worker.run(takingOverClaims: true)
                }
            })
    }

    /// Prometheus through swift-metrics, with latency buckets sized for commands (most take
    /// well under a millisecond) instead of the default ones for HTTP services.
    private static func metricsFactory(_ registry: PrometheusCollectorRegistry) -> PrometheusMetricsFactory {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets[CommandMetrics.durationLabel] = [
            .microseconds(100), .microseconds(500), .milliseconds(1), .milliseconds(5), .milliseconds(25),
            .milliseconds(100), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(10),
        ]
        return factory
    }
}
