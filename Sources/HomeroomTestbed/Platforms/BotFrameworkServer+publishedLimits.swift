extension BotFrameworkServer {
    /// The Bot Framework's published limits for a Teams bot's sends, for ``enforce(_:)``
    /// (https://learn.microsoft.com/en-us/microsoftteams/platform/bots/how-to/rate-limit):
    /// "Per bot per thread limit" for "Send to conversation" and "Create conversation" — 7 in 1 s,
    /// 8 in 2 s, 60 in 30 s, 1800 in 3600 s — and "Global limit for a bot": "The global limit per app
    /// per tenant is 50 Requests Per Second (RPS)".
    public static let publishedLimits = [
        SendRate(7, per: 1, .each), SendRate(8, per: 2, .each), SendRate(60, per: 30, .each),
        SendRate(1800, per: 3600, .each), SendRate(50, per: 1, .all),
    ]
}
