/// Each sender's segments-per-second budget, as a generic cell rate algorithm with no I/O: a
/// sender's next message is due once its previous ones' segments have had their time, so a
/// client that waits `segments / rate` seconds after each message is always admitted, and one
/// that sends sooner (by more than ``tolerance``, which absorbs network jitter) is told how long
/// to wait. Readings are a monotonic clock's (`HomeroomClock.uptime`).
struct TwilioSenderPacing {
    /// Whether a message may go now.
    enum Admission: Equatable {
        /// Sent: its segments are charged to the sender.
        case admitted
        /// Too soon: the sender's earlier segments need `retryAfter` more.
        case tooSoon(retryAfter: Duration)
    }

    /// How early a message may come and still be admitted.
    let tolerance: Duration
    /// Sender → when its next message is due.
    private var due: [String: Duration] = [:]
    /// Past this many senders, those whose budget is whole again are forgotten.
    private static let rememberedSenders = 10_000

    init(tolerance: Duration) {
        self.tolerance = tolerance
    }

    /// Admits a message of `segments` segments from `sender` at `now`, charging them at `throughput`,
    /// or says how long it must wait.
    mutating func admit(segments: Int, from sender: String, throughput: TwilioSenderThroughput, at now: Duration)
        -> Admission
    {
        let next = max(due[sender] ?? now, now)
        let early = next - now
        if early > tolerance { return .tooSoon(retryAfter: early - tolerance) }
        if due.count >= Self.rememberedSenders { due = due.filter { $0.value > now } }
        due[sender] = next + throughput.duration(of: segments)
        return .admitted
    }
}
