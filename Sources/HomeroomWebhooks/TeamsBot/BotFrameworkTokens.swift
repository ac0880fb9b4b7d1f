import Foundation
import HomeroomCore

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
        let form = fields.map { "\($0.0)=\(Self.formEncoded($0.1))" }.joined(separator: "&")
        var request = OutgoingRequest(
            url: tokenURL, body: Array(form.utf8), contentType: "application/x-www-form-urlencoded", timeout: timeout)
        request.maximumResponseBytes = 65_536
        let response: OutgoingResponse
        do {
            response = try await fetcher.send(request)
        } catch {
            throw Failure(description: "no token from Microsoft: \(error.message)", isRefusal: false)
        }
        guard (200..<300).contains(response.status) else {
            // https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-client-creds-grant-flow
            // — "Error response": 400 invalid_client / unauthorized_client, 401.
            let refused = (400..<500).contains(response.status) && response.status != 408 && response.status != 429
            throw Failure(
                description: refused
                    ? "Microsoft refused the bot's app id or password"
                    : "no token from Microsoft: it answered \(response.status)",
                isRefusal: refused)
        }
        struct Answer: Decodable {
            let access_token: String
            let expires_in: Double?
        }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: Data(response.body)) else {
            throw Failure(description: "Microsoft's token answer could not be read", isRefusal: false)
        }
        let lifetime = min(max(answer.expires_in ?? 3600, 0), 86_400)
        cached = (answer.access_token, clock.now.addingTimeInterval(lifetime - Self.renewalMargin))
        return answer.access_token
    }

    /// Forgets the token, after the Bot Connector refused it.
    func forget() {
        cached = nil
    }

    /// `text` percent-encoded for a form field (only unreserved characters kept).
    static func formEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// RFC 3986 §2.3.
    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
