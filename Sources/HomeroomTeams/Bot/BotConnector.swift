import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks

/// The slice of the Bot Connector REST API the Teams bot uses: send to a conversation, reply to an
/// activity, create a personal conversation. Failures come out as ``DeliveryFailure``s the outbox
/// understands: 429 waits for `Retry-After`, 5xx and no answer are retried, 401 (and a refused app
/// password) is given up and marks Teams down on `/healthz`, 403 (not in that conversation) is given up.
/// https://learn.microsoft.com/en-us/azure/bot-service/rest-api/bot-framework-rest-connector-api-reference
struct BotConnector: Sendable {
    let appID: String
    let tokens: BotFrameworkTokens
    let fetcher: any HTTPFetching
    let adapterStatus: AdapterStatusBoard
    let clock: any HomeroomClock
    let timeout: Duration
    /// Tests only: see ``TeamsSettings/allowsLoopbackHTTPServiceURLs``.
    let allowsLoopbackHTTP: Bool
    /// Holds the calls to the Bot Framework's global limit for a bot, in real seconds whatever the
    /// outbox's clock shows, so that a fan-out to many people is not answered 429 past it
    /// (https://learn.microsoft.com/en-us/microsoftteams/platform/bots/how-to/rate-limit — "The global
    /// limit per app per tenant is 50 Requests Per Second (RPS)").
    let pacer = SendPacer(perSecond: 50, clock: SystemClock())

    /// The status board's name for the bot.
    static let statusName = WebhookPlatform.teams.rawValue

    init(
        settings: TeamsSettings, appID: String, password: String, dependencies: WebhookServer.Dependencies,
        timeout: Duration
    ) {
        self.appID = appID
        self.tokens = BotFrameworkTokens(
            settings: settings, appID: appID, password: password, fetcher: dependencies.fetcher,
            clock: dependencies.clock, timeout: timeout)
        self.fetcher = dependencies.fetcher
        self.adapterStatus = dependencies.adapterStatus
        self.clock = dependencies.clock
        self.timeout = timeout
        self.allowsLoopbackHTTP = settings.allowsLoopbackHTTPServiceURLs
    }

    /// A message activity: `{"type": "message", "text": …}`, with `replyToId` when it answers one.
    /// — "Activity object"
    struct MessageActivity: Encodable {
        let type = "message"
        let text: String
        let replyToId: String?
    }

    /// `lines` as one Teams message: escaped, joined with `<br>`, as the outgoing webhook answers.
    static func message(_ lines: [String], replyingTo activityID: String? = nil) -> MessageActivity {
        MessageActivity(text: TeamsEndpoint.Answer(Reply(lines: lines)).text, replyToId: activityID)
    }

    /// "Send to conversation" (`POST /v3/conversations/{conversationId}/activities`) or, with
    /// `replyTo`, "Reply to activity" (`POST /v3/conversations/{conversationId}/activities/{activityId}`).
    func send(_ activity: MessageActivity, to conversationID: String, at serviceURL: String)
        async throws(DeliveryFailure)
    {
        var path = "v3/conversations/\(Self.pathSegment(conversationID))/activities"
        if let reply = activity.replyToId { path += "/\(Self.pathSegment(reply))" }
        _ = try await post(JSONBody.encode(activity), path: path, at: serviceURL)
    }

    /// "Create conversation" (`POST /v3/conversations`): a one-to-one chat between the bot and
    /// `userID` (`29:…`) in `tenant`; returns its id. — "ConversationParameters object",
    /// "ConversationResourceResponse object"
    func createPersonalConversation(with userID: String, tenant: String, at serviceURL: String)
        async throws(DeliveryFailure) -> String
    {
        struct Parameters: Encodable {
            struct Account: Encodable { let id: String }
            struct ChannelData: Encodable {
                struct Tenant: Encodable { let id: String }
                let tenant: Tenant
            }
            let bot: Account
            let members: [Account]
            let channelData: ChannelData
            let isGroup = false
        }
        struct Created: Decodable { let id: String }
        let parameters = Parameters(
            bot: .init(id: "28:\(appID)"), members: [.init(id: userID)],
            channelData: .init(tenant: .init(id: tenant)))
        let body = try await post(JSONBody.encode(parameters), path: "v3/conversations", at: serviceURL)
        guard let created = try? JSONDecoder().decode(Created.self, from: Data(body)), !created.id.isEmpty else {
            throw DeliveryFailure("Teams created a conversation but did not say its id")
        }
        return created.id
    }

    /// Posts `json` with the bot's token to `path` under `serviceURL`; returns the answer's body.
    private func post(_ json: [UInt8], path: String, at serviceURL: String) async throws(DeliveryFailure) -> [UInt8] {
        let base = serviceURL.hasSuffix("/") ? serviceURL : serviceURL + "/"
        guard let url = URL(string: base + path),
            TeamsServiceURL.isAllowed(url, allowingLoopbackHTTP: allowsLoopbackHTTP)
        else {
            throw DeliveryFailure(
                "the Teams service URL \(serviceURL) is not an https address: the bot's token is not sent there",
                isPermanent: true)
        }
        let token: String
        do {
            token = try await tokens.token()
        } catch {
            if error.isRefusal {
                adapterStatus.report(Self.statusName, .down, detail: error.description, at: clock.now)
            }
            throw DeliveryFailure(error.description, isPermanent: error.isRefusal)
        }
        var request = OutgoingRequest(
            url: url, json: json, headers: [.init("Authorization", "Bearer \(token)")], timeout: timeout)
        request.maximumResponseBytes = 65_536
        let response: OutgoingResponse
        // Cancelled while it waits, the call goes at once: the worker is stopping, and the fetch ends too.
        try? await pacer.waitToSend()
        do {
            response = try await fetcher.send(request)
        } catch {
            throw DeliveryFailure("Teams could not be reached: \(error.message)")
        }
        switch response.status {
        case 200..<300:
            adapterStatus.report(Self.statusName, .up, detail: "the bot posts through the Bot Connector", at: clock.now)
            return response.body
        case 401:
            await tokens.forget()
            let detail = "the Bot Connector refused the bot's token: check teams.appID and appPassword"
            adapterStatus.report(Self.statusName, .down, detail: detail, at: clock.now)
            throw DeliveryFailure(detail, isPermanent: true)
        case 403:
            // The bot is not (or no longer) in that conversation, or the person blocked it: this message
            // cannot go, but the bot itself still works, so Teams is not marked down.
            throw DeliveryFailure(
                "Teams refused the bot in that conversation (403): it was removed or blocked there", isPermanent: true)
        case _ where response.isWorthRetrying:
            throw DeliveryFailure(
                "Teams answered \(response.status)", retryAfter: response.retryAfterSeconds(now: clock.now))
        default:
            throw DeliveryFailure(
                "Teams refused the message with \(response.status)\(response.quotedBody)", isPermanent: true)
        }
    }

    /// `text` percent-encoded for one path segment (conversation ids hold `:`, `@` and `;`).
    static func pathSegment(_ text: String) -> String {
        TokenEndpoint.percentEncoded(text)
    }
}
