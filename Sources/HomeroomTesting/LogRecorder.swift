import Logging
import Synchronization

/// Keeps every message logged through the loggers it makes, so a test can read what was logged:
/// `Logger(label:)` for a component under test, then ``entries`` or ``lines``.
public final class LogRecorder: Sendable {
    /// One logged message.
    public struct Entry: Sendable {
        public let level: Logger.Level
        public let message: String
        /// The logger's metadata merged with the message's.
        public let metadata: Logger.Metadata

        /// The entry on one line: level, message, then the metadata sorted by key (`key=value`).
        public var line: String {
            let fields = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return ([level.rawValue, message] + fields).joined(separator: " ")
        }
    }

    private let kept = Mutex<[Entry]>([])

    public init() {}

    /// What was logged so far, oldest first.
    public var entries: [Entry] { kept.withLock { $0 } }

    /// What was logged so far, each entry as its ``Entry/line``.
    public var lines: [String] { entries.map(\.line) }

    /// A logger whose messages at `level` and above are kept here.
    public func logger(label: String = "homeroom.test", level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: label) { _ in Handler(recorder: self) }
        logger.logLevel = level
        return logger
    }

    fileprivate func keep(_ entry: Entry) {
        kept.withLock { $0.append(entry) }
    }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            recorder.keep(
                Entry(
                    level: event.level, message: "\(event.message)",
                    metadata: metadata.merging(event.metadata ?? [:]) { _, new in new }))
        }
    }
}
