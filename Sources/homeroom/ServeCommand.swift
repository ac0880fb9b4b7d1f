import ArgumentParser
import HomeroomCore
import HomeroomRuntime
import Logging
import ServiceLifecycle

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the configured adapters and the scheduler until SIGINT or SIGTERM.")

    @OptionGroup var options: RuntimeOptions

    func run() async throws {
        let runtime = try await options.startRuntime()
        let settings = runtime.configuration
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(service: BackgroundLoopService { await runtime.scheduler.run() })
        ]
        if settings.configuration.console.enabled {
            let delivery = OutboxDeliveryWorker(outbox: runtime.outbox, sender: ConsoleSender(), logger: runtime.logger)
            services.append(.init(service: BackgroundLoopService { await delivery.run() }))
            services.append(
                .init(
                    service: ConsoleAdapter(runtime: runtime, user: settings.consoleUser, prompt: "homeroom> "),
                    successTerminationBehavior: .ignore))
        }
        StandardOutput.write(
            "Homeroom is serving \(settings.configuration.schoolName); data: \(settings.storage)."
                + (settings.configuration.console.enabled ? " Type /help, Ctrl-C to stop." : " Ctrl-C to stop."))
        let group = ServiceGroup(
            configuration: .init(
                services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: runtime.logger))
        do {
            try await group.run()
        } catch {
            runtime.logger.error("stopped: \(error)")
        }
        await runtime.close()
        runtime.logger.info("stopped cleanly")
    }
}
