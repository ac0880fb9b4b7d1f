import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks

/// The Chat app's access token, traded for a signed assertion of its service account at the
/// account's `token_uri` (https://developers.google.com/identity/protocols/oauth2/service-account#httprest
/// — "Making the access token request", "Handling the response") and kept until five minutes
/// before it expires. The key file is read on first use, so a bad one is named at send time.
actor GoogleAccessTokens {
    /// What the Chat app may do: post as itself
    /// (https://developers.google.com/workspace/chat/authenticate-authorize-chat-app).
    static let scope = "https://www.googleapis.com/auth/chat.bot"
    /// A token is renewed this long before Google says it expires.
    static let renewalMargin: TimeInterval = 300

    private let keyFile: String
    private let fetcher: any HTTPFetching
    private let timeout: Duration
    private let clock: any HomeroomClock
    private let status: AdapterStatusBoard
    private var account: GoogleServiceAccount?
    private var current: (token: String, renewAt: Date)?
    /// The exchange under way, which concurrent callers wait for instead of starting another.
    private var fetching: Task<Result<(String, Date), DeliveryFailure>, Never>?

    init(
        keyFile: String, fetcher: any HTTPFetching, timeout: Duration, clock: any HomeroomClock,
        status: AdapterStatusBoard
    ) {
        self.keyFile = keyFile
        self.fetcher = fetcher
        self.timeout = timeout
        self.clock = clock
        self.status = status
    }

    /// A valid access token, fetched when none is held or the held one is about to expire.
    func token() async throws(DeliveryFailure) -> String {
        if let current, clock.now < current.renewAt { return current.token }
        let task: Task<Result<(String, Date), DeliveryFailure>, Never>
        if let fetching {
            task = fetching
        } else {
            let account = try readAccount()
            let (fetcher, timeout, now) = (fetcher, timeout, clock.now)
            task = Task { await Self.exchange(account: account, fetcher: fetcher, timeout: timeout, now: now) }
            fetching = task
        }
        let result = await task.value
        fetching = nil
        switch result {
        case .success(let (token, renewAt)):
            if current == nil {
                status.report(
                    WebhookPlatform.googlechat.rawValue, .up, detail: "the service account has a token", at: clock.now)
            }
            current = (token, renewAt)
            return token
        case .failure(let failure):
            if failure.isPermanent {
                status.report(WebhookPlatform.googlechat.rawValue, .down, detail: failure.description, at: clock.now)
            }
            throw failure
        }
    }

    /// Drops `token` (the API refused it) if it is the one held, so the next call fetches another.
    func forget(_ token: String) {
        if current?.token == token { current = nil }
    }

    private func readAccount() throws(DeliveryFailure) -> GoogleServiceAccount {
        if let account { return account }
        do {
            let read = try GoogleServiceAccount.read(file: keyFile)
            account = read
            return read
        } catch {
            status.report(WebhookPlatform.googlechat.rawValue, .down, detail: error.description, at: clock.now)
            throw error
        }
    }

    /// Trades a fresh assertion for a token; the token and when to renew it.
    private static func exchange(
        account: GoogleServiceAccount, fetcher: any HTTPFetching, timeout: Duration, now: Date
    ) async -> Result<(String, Date), DeliveryFailure> {
        let assertion: String
        do {
            assertion = try await account.assertion(scope: scope, now: now)
        } catch {
            return .failure(error)
        }
        let fields = [("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer"), ("assertion", assertion)]
        let answer: TokenEndpoint.Answer
        do {
            answer = try await TokenEndpoint.request(fields, at: account.tokenURL, fetcher: fetcher, timeout: timeout)
        } catch {
            return .failure(DeliveryFailure("Google's token endpoint could not be reached: \(error.message)"))
        }
        let host = account.tokenURL.host ?? "the token endpoint"
        switch answer {
        case .granted(let token, let lifetime):
            // Google's tokens last an hour; an odd or missing lifetime is held to between 1 minute and 1 day.
            let seconds = lifetime.flatMap { $0.isFinite ? min(max($0, 60), 86_400) : nil } ?? 3600
            return .success((token, now.addingTimeInterval(max(30, seconds - renewalMargin))))
        case .unreadable:
            return .failure(DeliveryFailure("\(host) answered without an access_token"))
        case .refused(let response) where response.isWorthRetrying:
            return .failure(
                DeliveryFailure(
                    "\(host) answered \(response.status) to the token request", retryAfter: response.retryAfterSeconds()))
        case .refused(let response):
            return .failure(
                DeliveryFailure(
                    "Google refused the service account's token request (\(response.status)\(response.quotedBody)); "
                        + "check \(GoogleServiceAccount.setting)",
                    isPermanent: true))
        }
    }
}
