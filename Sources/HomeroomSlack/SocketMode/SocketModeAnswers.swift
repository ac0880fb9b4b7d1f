import HomeroomWebhooks
import Synchronization

/// The slash commands this process answers in their acknowledgement, so that one Slack sends again
/// (because it never saw the acknowledgement: the socket dropped first) is still answered once.
///
/// The first delivery's answer goes in its acknowledgement when it is ready in time. A later
/// delivery of the same command on another connection (Slack sends again on a new connection what
/// it saw no acknowledgement of on one that ended) is acknowledged with that same answer; a later
/// delivery on the same connection, empty. An answer that has not gone out by then goes to the
/// command's `response_url` instead. At most ``capacity`` commands are kept.
final class SocketModeAnswers: Sendable {
    private enum State {
        /// The bot is still working on it.
        case answering
        /// Its acknowledgement with `answer` is being written on `connection`.
        case acknowledging(SlashCommandMessage, connection: Int)
        /// Its acknowledgement with `answer` was written on `connection`.
        case acknowledged(SlashCommandMessage, connection: Int)
        /// Its answer goes, or went, to `response_url`.
        case overHTTP
    }

    private struct Records {
        var states: [String: State] = [:]
        var order: [String] = []
    }

    /// Commands remembered at most; the oldest are forgotten first.
    static let capacity = 1000
    private let records = Mutex(Records())

    /// The first delivery of `key` is being answered.
    func begin(_ key: String) {
        records.withLock { records in
            if records.states.updateValue(.answering, forKey: key) == nil { records.order.append(key) }
            if records.order.count > Self.capacity {
                let forgotten = records.order.count - Self.capacity
                for old in records.order.prefix(forgotten) { records.states[old] = nil }
                records.order.removeFirst(forgotten)
            }
        }
    }

    /// The answer to `key` is ready in time: true when it goes in the acknowledgement written on
    /// `connection`, false when a later delivery was acknowledged meanwhile and it goes to `response_url`.
    func acknowledging(_ key: String, with answer: SlashCommandMessage, on connection: Int) -> Bool {
        records.withLock { records in
            guard case .answering = records.states[key] else { return false }
            records.states[key] = .acknowledging(answer, connection: connection)
            return true
        }
    }

    /// The acknowledgement carrying the answer to `key` was written (`written`) or failed: true
    /// when the answer must now go to `response_url`, because the write failed or a later delivery
    /// was acknowledged empty while it was being written.
    func acknowledged(_ key: String, written: Bool) -> Bool {
        records.withLock { records in
            guard written, case .acknowledging(let answer, let connection) = records.states[key] else {
                records.states[key] = .overHTTP
                return true
            }
            records.states[key] = .acknowledged(answer, connection: connection)
            return false
        }
    }

    /// The answer to `key` is late: it goes to `response_url`.
    func late(_ key: String) {
        records.withLock { $0.states[key] = .overHTTP }
    }

    /// Slack sent `key` again, on `connection`: the answer its acknowledgement carries again, or
    /// nil for an empty one (the answer was acknowledged on this connection, goes or went to
    /// `response_url`, or this process never answered it).
    func redelivered(_ key: String, on connection: Int) -> SlashCommandMessage? {
        records.withLock { records in
            switch records.states[key] {
            case .acknowledged(let answer, let acknowledgedOn):
                return acknowledgedOn == connection ? nil : answer
            case .answering, .acknowledging:
                records.states[key] = .overHTTP
                return nil
            case .overHTTP, nil:
                return nil
            }
        }
    }
}
