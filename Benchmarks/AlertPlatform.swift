import HomeroomEngine
import HomeroomTestbed

/// One platform an urgent alert goes out on in the benchmark: its share of the people, the
/// published limits its loopback server enforces, the sender Homeroom delivers through, and how
/// to watch its deliveries and count its 429s.
struct AlertPlatform: Sendable {
    /// Its name in the figures (`sms`, `slack`, …).
    let name: String
    /// How many people it reaches.
    let people: Int
    /// The limits over everything the bot sends there (each person's message is a conversation of
    /// its own, so the per-conversation ones never bind).
    let limits: [SendRate]
    /// The sender its outbox worker delivers through.
    let sender: any MessageSender
    /// Returns once the platform has taken `count` messages (throws after 300 s).
    let arrivals: @Sendable (_ count: Int) async throws -> Void
    /// How many requests it answered 429 for coming past its limits.
    let refused: @Sendable () -> Int

    /// The least time its limits allow for its people, in seconds: past the burst each limit lets
    /// through at once, one message every `1 / perSecond`.
    var leastSeconds: Double {
        limits.filter { $0.scope == .all }.map { Double(max(0, people - $0.count)) / $0.perSecond }.max() ?? 0
    }

    /// Returns once `taken()` reaches `count`, looking every 10 ms (for servers that only keep a
    /// list), or throws after 300 s.
    static func poll(_ name: String, _ count: Int, taken: () throws -> Int) async throws {
        let deadline = ContinuousClock.now + .seconds(300)
        while try taken() < count {
            guard ContinuousClock.now < deadline else {
                throw ArrivalsError.tooFew(name, expected: count, got: try taken())
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
