import CoreMetrics
import HomeroomCore
import HomeroomEngine
import Synchronization

/// Counts handled commands through swift-metrics: `homeroom_commands_total` by plugin and
/// outcome, and the `homeroom_command_duration_seconds` timer by plugin. With the Prometheus
/// factory of `homeroom serve` they appear on `GET /metrics`.
package final class CommandMetrics: CommandObserver {
    /// The counter's label.
    package static let commandsLabel = "homeroom_commands_total"
    /// The timer's label.
    package static let durationLabel = "homeroom_command_duration_seconds"

    private struct CounterKey: Hashable {
        let plugin: String
        let outcome: CommandOutcome
    }

    private struct Instruments {
        var counters: [CounterKey: Counter] = [:]
        var timers: [String: CoreMetrics.Timer] = [:]
    }

    private let factory: any MetricsFactory
    private let instruments = Mutex(Instruments())

    /// Records into `factory`.
    package init(factory: any MetricsFactory) {
        self.factory = factory
    }

    package func commandHandled(_ command: HandledCommand) {
        let plugin = command.pluginID ?? "none"
        let (counter, timer) = instruments.withLock { instruments in
            // Each instrument is made and stored once; later commands only look it up.
            let counterKey = CounterKey(plugin: plugin, outcome: command.outcome)
            let counter: Counter
            if let known = instruments.counters[counterKey] {
                counter = known
            } else {
                counter = Counter(
                    label: Self.commandsLabel, dimensions: [("plugin", plugin), ("outcome", command.outcome.rawValue)],
                    factory: factory)
                instruments.counters[counterKey] = counter
            }
            let timer: CoreMetrics.Timer
            if let known = instruments.timers[plugin] {
                timer = known
            } else {
                timer = CoreMetrics.Timer(label: Self.durationLabel, dimensions: [("plugin", plugin)], factory: factory)
                instruments.timers[plugin] = timer
            }
            return (counter, timer)
        }
        counter.increment()
        let (seconds, attoseconds) = command.duration.components
        timer.recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
