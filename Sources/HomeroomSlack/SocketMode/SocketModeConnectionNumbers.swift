import Synchronization

/// The numbers of one service's Socket Mode connections, growing across reconnections, so that an
/// envelope Slack delivers again on a newer connection is told from one repeated on the same
/// connection (``SocketModeAnswers``).
final class SocketModeConnectionNumbers: Sendable {
    private let last = Mutex(0)

    /// The next connection's number (1 for the first).
    func next() -> Int {
        last.withLock { last in
            last += 1
            return last
        }
    }
}
