import ArgumentParser
import Foundation
import HomeroomCore
import HomeroomRuntime
import InstalledPlugins
import Logging
import Metrics

/// `--config PATH`, and starting the runtime from it with clear one-line errors.
struct RuntimeOptions: ParsableArguments {
    @Option(name: .long, help: "The configuration file (JSON). Without it, the embedded defaults are used.")
    var config: String?

    /// Loads and checks the configuration; prints one line and exits with code 2 when it is bad.
    func resolvedConfiguration() throws -> ResolvedConfiguration {
        do {
            let environment = ProcessInfo.processInfo.environment
            return try HomeroomConfiguration.load(
                path: config ?? environment["HOMEROOM_CONFIG"], environment: environment
            )
            .resolve()
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
    }

    /// Starts the runtime on `resolved` (by default the configuration `--config` names) and `clock`,
    /// logging at the configured level (never below `quietest`) and counting commands into `metrics`
    /// when given.
    func startRuntime(
        _ resolved: ResolvedConfiguration? = nil, clock: any HomeroomClock = SystemClock(),
        quietest: Logger.Level = .trace, metrics: (any MetricsFactory)? = nil
    ) async throws -> BotRuntime {
        let configuration = try resolved ?? resolvedConfiguration()
        let level = max(configuration.logLevel, quietest)
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "homeroom")
        do {
            return try await BotRuntime.start(
                configuration: configuration, plugins: installedPlugins, clock: clock, metrics: metrics, logger: logger)
        } catch let error as ConfigurationError {
            printError(error.description)
            throw ExitCode(2)
        } catch {
            printError("homeroom: cannot start with \(configuration.storage): \(error)")
            throw ExitCode(1)
        }
    }
}

/// Writes a line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
