/// One limit a platform publishes on a bot's sends: at most ``count`` requests every ``seconds``,
/// counted apart for each channel, chat, conversation or space, or over everything the bot sends.
///
/// The loopback servers take a list of these for the call a notification makes and answer 429 past
/// any of them (``SendRateMeter``); each server names its platform's published figures beside it.
public struct SendRate: Sendable, Equatable {
    /// What one limit counts together.
    public enum Scope: Sendable, Equatable {
        /// Each channel, chat, conversation or space on its own.
        case each
        /// Every request of the bot (the app, the project, the workspace) together.
        case all
    }

    /// Requests allowed every ``seconds``, 1 to 1,000,000.
    public let count: Int
    /// The window, 0.001 to 86,400 seconds.
    public let seconds: Double
    /// What the count covers.
    public let scope: Scope

    /// `count` requests every `seconds` for `scope`, each clamped to its range (a `seconds` that is
    /// not a number means 1).
    public init(_ count: Int, per seconds: Double, _ scope: Scope) {
        self.count = min(max(count, 1), 1_000_000)
        self.seconds = seconds.isNaN ? 1 : min(max(seconds, 0.001), 86_400)
        self.scope = scope
    }

    /// The long-run rate, in requests a second.
    public var perSecond: Double { Double(count) / seconds }

    /// The time between two requests in the long run.
    var interval: Duration { .seconds(seconds / Double(count)) }
}

/// Requests metered against a platform's published limits, with no I/O. Each limit is a generic
/// cell rate algorithm that takes its `count` requests at once and then one every
/// `seconds / count`, and lets a request come 50 ms early for network jitter. A request is admitted
/// only when every limit has room for it, and then counts against each; otherwise the meter says
/// how long until they all would.
struct SendRateMeter {
    /// The limits every request counts against.
    let limits: [SendRate]
    /// Limit index (and key, for a limit of each) → when its next request is due.
    private var due: [String: ContinuousClock.Instant] = [:]

    /// How early a paced client's request may come and still be admitted.
    static let jitter = Duration.milliseconds(50)
    /// Past this many counts, those whose limit is whole again are forgotten.
    static let rememberedCounts = 100_000

    /// A meter of `limits`.
    init(_ limits: [SendRate]) {
        self.limits = limits
    }

    /// Admits a request for `key` (the channel, conversation or space) at `now` and returns nil, or
    /// returns how much longer it must wait, admitting nothing.
    mutating func admit(_ key: String, at now: ContinuousClock.Instant) -> Duration? {
        var wait = Duration.zero
        var charges: [(slot: String, next: ContinuousClock.Instant)] = []
        for (index, limit) in limits.enumerated() {
            let slot = limit.scope == .all ? "\(index)" : "\(index)/\(key)"
            let next = max(due[slot] ?? now, now)
            let allowance = limit.interval * (limit.count - 1) + Self.jitter
            wait = max(wait, (next - now) - allowance)
            charges.append((slot, next + limit.interval))
        }
        guard wait <= .zero else { return wait }
        if due.count >= Self.rememberedCounts { due = due.filter { $0.value > now } }
        for charge in charges { due[charge.slot] = charge.next }
        return nil
    }

    /// `wait` in whole seconds, at least 1, as a `Retry-After` header takes it.
    static func retryAfterSeconds(_ wait: Duration) -> Int {
        let (seconds, attoseconds) = wait.components
        return Int(clamping: max(1, attoseconds > 0 ? seconds + 1 : seconds))
    }

    /// `wait` in seconds, for the bodies that say it with a fraction (Discord's `retry_after`).
    static func seconds(_ wait: Duration) -> Double {
        let (seconds, attoseconds) = wait.components
        return max(0, Double(seconds) + Double(attoseconds) / 1e18)
    }
}
