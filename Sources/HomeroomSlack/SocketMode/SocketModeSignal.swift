/// What a Socket Mode connection tells the loop that keeps one open.
enum SocketModeSignal: Sendable {
    /// Connection `id` said `hello`: it is ready, and older ones may close.
    case hello(id: Int)
    /// Slack will close connection `id` for `reason` (https://api.slack.com/apis/socket-mode — "Disconnects").
    case disconnect(id: Int, reason: String)
    /// Connection `id` ended, or could not be opened, for the reason given.
    case ended(id: Int, reason: String)
}
