extension GoogleChatAPIServer {
    /// The Chat API's published quotas on `spaces.messages.create`, for ``enforce(_:)``
    /// (https://developers.google.com/workspace/chat/limits): "Per-space quotas" — writes, 60 per 60
    /// seconds, shared by every app in the space — and "Per-project quotas" — "Message writes per
    /// minute", 3000 per 60 seconds.
    public static let publishedLimits = [SendRate(60, per: 60, .each), SendRate(3000, per: 60, .all)]
}
