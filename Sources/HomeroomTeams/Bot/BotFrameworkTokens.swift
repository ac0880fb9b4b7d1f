import Foundation
import HomeroomCore
import HomeroomWebhooks

/// The Teams bot's own access token for the Bot Connector, got with its app id and password
/// (client credentials) and kept until 5 minutes before it expires.
/// https://learn.microsoft.com/en-us/azure/bot-service/rest-api/bot-framework-rest-connector-authentication
/// — "Authenticate requests from your bot to the Bot Connector service", "Step 1: Request an access token"
actor BotFrameworkTokens {
    /// Why no token could be had.
    struct Failure: Error, Sendable {
        let description: String
        /// Microsoft refused the app id or password: retrying will not help until an admin fixes them.
        let isRefusal: Bool
    }

    private let appID: String
    private let password: String
    private let tokenURL: URL
    private let fetcher: any HTTPFetching
    private let clock: any HomeroomClock
    private let timeout: Duration
    private var cached: (token: String, renewAt: Date)?

    /// How long before its expiry a token is replaced.
    static let renewalMargin: TimeInterval = 300

    init(
        settings: TeamsSettings, appID: String, password: String, fetcher: any HTTPFetching,
        clock: any HomeroomClock, timeout: Duration
    ) {
        self.appID = appID
        self.password = password
        self.tokenURL =
            settings.tokenURL
            ?? URL(
                string: "https://login.microsoftonline.com/\(settings.tenantID ?? "botframework.com")/oauth2/v2.0/token"
            )
            ?? URL(string: "https://login.microsoftonline.com/botframework.com/oauth2/v2.0/token")!
        self.fetcher = fetcher
        self.clock = clock
        self.timeout = timeout
    }

    /// A token valid for at least 5 more minutes.
    func token() async throws(Failure) -> String {
        if let cached, clock.now < cached.renewAt { return cached.token }
        let fields = [
            ("grant_type", "client_credentials"), ("client_id", appID), ("client_secret", password),
            ("scope", "https://api.botframework.com/.default"),
        ]
        let answer: TokenEndpoint.Answer
        do {
            answer = try await TokenEndpoint.request(fields, at: tokenURL, fetcher: fetcher, timeout: timeout)
        } catch {
            throw Failure(description: "no token from Microsoft: \(error.message)", isRefusal: false)
        }
        switch answer {
        case .granted(let token, let lifetime):
            let seconds = min(max(lifetime ?? 3600, 0), 86_400)
            cached = (token, clock.now.addingTimeInterval(seconds - Self.renewalMargin))
            return token
        case .refused(let response):
            // https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-client-creds-grant-flow
            // — "Error response": 400 invalid_client / unauthorized_client, 401.
            let refused = (400..<500).contains(response.status) && !response.isWorthRetrying
            throw Failure(
                description: refused
                    ? "Microsoft refused the bot's app id or password"
                    : "no token from Microsoft: it answered \(response.status)",
                isRefusal: refused)
        case .unreadable:
            throw Failure(description: "Microsoft's token answer could not be read", isRefusal: false)
        }
    }

    /// Forgets the token, after the Bot Connector refused it.
    func forget() {
        cached = nil
    }
}
