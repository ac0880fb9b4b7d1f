import HomeroomCore
import HomeroomEngine

/// The connection's state an answer is rendered from, taken when its command arrived, in the
/// same call (``IRCConnectionState/receive(_:now:accepting:)``).
struct IRCAnswerSnapshot: Sendable, Equatable {
    /// The bot's nick now.
    let nick: String
    /// The bot's `user@host` as the server shows it, when known: both set how long a relayed line may be.
    let userAndHost: String?
    /// True when the message repeats, in a channel, a command its sender asked there within the
    /// coalescing window: the rate limit does not count it.
    let isRepeat: Bool
    /// For a `!more`, what it found (the page is taken from the kept lines already); nil for any
    /// other message.
    let more: MoreTaken?
}
