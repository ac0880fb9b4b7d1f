extension SlackAPIServer {
    /// `chat.postMessage`'s published limits, for ``enforce(_:on:)``: one message a second to each
    /// channel, and a workspace-wide limit read as 300 a minute.
    ///
    /// https://docs.slack.dev/apis/web-api/rate-limits — "Overview": "Posting messages | 1 per second |
    /// Short bursts >1 allowed", and the "Special Tier": "chat.postMessage generally allows posting one
    /// message per second per channel, while also maintaining a workspace-wide limit";
    /// https://api.slack.com/methods/chat.postMessage — "Rate limiting": the workspace-wide limit is
    /// "several hundred messages per minute", of which 300 is the least reading.
    public static let postMessageLimits = [SendRate(1, per: 1, .each), SendRate(300, per: 60, .all)]

    /// `conversations.open`'s published limit, for ``enforce(_:on:)``: Web API Tier 3, 50 a minute
    /// (https://docs.slack.dev/apis/web-api/rate-limits — "Overview": "Web API Tier 3 | 50+ per minute").
    public static let conversationsOpenLimits = [SendRate(50, per: 60, .all)]
}
