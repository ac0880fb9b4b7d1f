import Foundation
import Hummingbird
import Synchronization

/// A loopback stand-in for the slice of Microsoft's Bot Framework the Teams bot uses: the token
/// endpoint (client credentials) and the Bot Connector (send to a conversation, reply to an activity,
/// create a conversation). It checks the app id and password and the bearer token, records every
/// activity posted and conversation created, and can be told to rate-limit.
public final class BotFrameworkServer: Sendable {
    /// One message activity the connector accepted.
    public struct PostedActivity: Sendable, Equatable {
        /// The conversation it went to.
        public let conversationID: String
        /// The activity it answered (the path's `{activityId}`), if any.
        public let replyTo: String?
        /// Its `replyToId`, as sent.
        public let replyToID: String?
        public let type: String
        public let text: String
    }

    /// One "Create conversation" call.
    public struct CreatedConversation: Sendable, Equatable {
        /// The `members[0].id` (`29:…`).
        public let memberID: String
        /// The `channelData.tenant.id`.
        public let tenant: String
        /// The `bot.id` (`28:APPID`).
        public let botID: String
        /// The id handed out.
        public let id: String
    }

    private struct State {
        var appID: String
        var password: String
        var issuedTokens: Set<String> = []
        var tokenRequests = 0
        var rateLimitedCalls = 0
        var created: [CreatedConversation] = []
        var connectorCalls = 0
        /// The published limits the connector enforces (none unless a test asks).
        var meter: SendRateMeter?
        var enforcedRefusals = 0
    }

    /// The app id and password tests configure.
    public static let appID = "8f0a3f25-4f4b-4c5a-9f2e-3c7d1b2a6e11"
    public static let password = "test~password.Of_the-bot"

    private let state: Mutex<State>
    private let posted = Arrivals<PostedActivity>(of: "Bot Framework activities")
    private let application: LoopbackApplication

    /// The port on 127.0.0.1.
    public var port: Int { application.port }

    private init(state: State, application: LoopbackApplication) {
        self.state = Mutex(state)
        self.application = application
    }

    /// Starts a server on 127.0.0.1 and a free port that accepts `appID` and `password`; stop it with ``stop()``.
    public static func start(appID: String = BotFrameworkServer.appID, password: String = BotFrameworkServer.password)
        async throws -> BotFrameworkServer
    {
        let box = BotFrameworkServerBox()
        let router = Router(context: BasicRequestContext.self)
        // https://learn.microsoft.com/en-us/azure/bot-service/rest-api/bot-framework-rest-connector-authentication
        // — "Step 1: Request an access token from the Microsoft Entra ID account login service"
        router.post("botframework.com/oauth2/v2.0/token") { request, _ in
            let body = try await request.body.collect(upTo: 65_536)
            guard let server = box.server.withLock({ $0 }) else { return Response(status: .serviceUnavailable) }
            return server.issueToken(form: String(buffer: body))
        }
        // https://learn.microsoft.com/en-us/azure/bot-service/rest-api/bot-framework-rest-connector-api-reference
        // — "Send to conversation", "Reply to activity", "Create conversation"
        router.post("teams/v3/conversations/:conversation/activities") { request, context in
            try await box.server.withLock { $0 }?.post(
                request, conversation: context.parameters.get("conversation"), replyTo: nil)
                ?? Response(status: .serviceUnavailable)
        }
        router.post("teams/v3/conversations/:conversation/activities/:activity") { request, context in
            try await box.server.withLock { $0 }?.post(
                request, conversation: context.parameters.get("conversation"),
                replyTo: context.parameters.get("activity")) ?? Response(status: .serviceUnavailable)
        }
        router.post("teams/v3/conversations") { request, _ in
            try await box.server.withLock { $0 }?.createConversation(request) ?? Response(status: .serviceUnavailable)
        }
        let application = try await LoopbackApplication.start(serverName: "BotFramework", router: router)
        let server = BotFrameworkServer(state: State(appID: appID, password: password), application: application)
        box.server.withLock { $0 = server }
        return server
    }

    /// The URL to configure as `webhooks.teams.tokenURL`.
    public var tokenURL: URL { URL(string: "http://127.0.0.1:\(port)/botframework.com/oauth2/v2.0/token")! }

    /// The `serviceUrl` activities carry, as Teams writes it (with a trailing slash).
    public var serviceURL: String { "http://127.0.0.1:\(port)/teams/" }

    /// The bot's own id in activities (`28:APPID`).
    public var botID: String { "28:" + state.withLock { $0.appID } }

    /// Every message activity posted so far, in order.
    public var activities: [PostedActivity] { posted.items }

    /// Every conversation created so far, in order.
    public var createdConversations: [CreatedConversation] { state.withLock { $0.created } }

    /// How many tokens were asked for, refused ones included.
    public var tokenRequests: Int { state.withLock { $0.tokenRequests } }

    /// How many connector calls arrived, refused ones included.
    public var connectorCalls: Int { state.withLock { $0.connectorCalls } }

    /// The next `count` connector calls answer 429 with `Retry-After: 30`.
    public func rateLimitNextCalls(_ count: Int) { state.withLock { $0.rateLimitedCalls = max(0, count) } }

    /// From now on each connector call (send, reply, create conversation) counts against `limits`,
    /// per conversation (`each`; a new conversation counts under its member) or over the bot (`all`),
    /// and one past any of them is answered 429 with `Retry-After`; ``publishedLimits`` are Teams'.
    public func enforce(_ limits: [SendRate]) { state.withLock { $0.meter = SendRateMeter(limits) } }

    /// How many connector calls were answered 429 for coming past the enforced limits.
    public var rateLimitedAnswers: Int { state.withLock { $0.enforcedRefusals } }

    /// The password accepted from now on (an admin rotated the secret); tokens already issued are revoked.
    public func acceptPassword(_ password: String) {
        state.withLock {
            $0.password = password
            $0.issuedTokens = []
        }
    }

    /// The personal conversation "Create conversation" hands out for `memberID`.
    public static func personalConversation(for memberID: String) -> String { "a:personal-" + memberID }

    /// Waits until `count` activities were posted, at most `timeout` (then throws
    /// ``ArrivalsError/tooFew(_:expected:got:)``); returns every activity so far.
    public func activities(count: Int, within timeout: Duration = .seconds(30)) async throws -> [PostedActivity] {
        try await posted.items(count: count, within: timeout)
    }

    /// Stops the server.
    public func stop() async {
        await application.stop()
        posted.cancelWaiting()
    }

    // https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-client-creds-grant-flow
    // — "Successful response example", "Error response example"
    private func issueToken(form: String) -> Response {
        var fields: [String: String] = [:]
        for pair in form.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        let token: String? = state.withLock { state in
            state.tokenRequests += 1
            guard fields["grant_type"] == "client_credentials", fields["client_id"] == state.appID,
                fields["client_secret"] == state.password,
                fields["scope"] == "https://api.botframework.com/.default"
            else { return nil }
            let token = "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.bot-token-\(state.tokenRequests).sig"
            state.issuedTokens.insert(token)
            return token
        }
        guard let token else {
            return Response.json(
                [
                    "error": "invalid_client",
                    "error_description":
                        "AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is "
                        + "the client secret value, not the client secret ID.",
                    "error_codes": [7_000_215],
                ], status: .unauthorized)
        }
        return Response.json([
            "token_type": "Bearer", "expires_in": 3599, "ext_expires_in": 3599, "access_token": token,
        ])
    }

    /// Checks the bearer token and the rate limit; nil when the call may go on.
    private func refusal(_ request: Request) -> Response? {
        let bearer = request.headers[.authorization].map { String($0.dropFirst("Bearer ".count)) }
        return state.withLock { state -> Response? in
            state.connectorCalls += 1
            guard let bearer, state.issuedTokens.contains(bearer) else {
                // — "Bot Framework REST API: HTTP status codes": 401 Unauthorized
                return Response.json(
                    ["error": ["code": "Unauthorized", "message": "Authorization has been denied for this request."]],
                    status: .unauthorized)
            }
            if state.rateLimitedCalls > 0 {
                state.rateLimitedCalls -= 1
                return Response.json(
                    ["error": ["code": "TooManyRequests", "message": "Too many requests"]], status: .tooManyRequests,
                    retryAfter: "30")
            }
            return nil
        }
    }

    /// A 429 when a call for `conversation` comes past the enforced limits; nil when it may go (and is counted).
    private func enforcedRefusal(for conversation: String) -> Response? {
        let wait = state.withLock { state -> Duration? in
            guard var meter = state.meter else { return nil }
            let wait = meter.admit(conversation, at: .now)
            state.meter = meter
            if wait != nil { state.enforcedRefusals += 1 }
            return wait
        }
        guard let wait else { return nil }
        // https://learn.microsoft.com/en-us/microsoftteams/platform/bots/how-to/rate-limit — "Apps that
        // go over this limit receive an HTTP 429 Too Many Requests error status."
        return Response.json(
            ["error": ["code": "TooManyRequests", "message": "Too many requests"]], status: .tooManyRequests,
            retryAfter: String(SendRateMeter.retryAfterSeconds(wait)))
    }

    private func post(_ request: Request, conversation: String?, replyTo: String?) async throws -> Response {
        let body = try await request.body.collect(upTo: 1_048_576)
        if let refused = refusal(request) { return refused }
        if let refused = enforcedRefusal(for: conversation ?? "") { return refused }
        struct Activity: Decodable {
            let type: String
            let text: String?
            let replyToId: String?
        }
        guard let conversation = conversation?.removingPercentEncoding,
            let activity = try? JSONDecoder().decode(Activity.self, from: Data(body.readableBytesView))
        else {
            return Response.json(
                ["error": ["code": "BadArgument", "message": "Invalid activity"]], status: .badRequest)
        }
        let count = posted.append(
            PostedActivity(
                conversationID: conversation, replyTo: replyTo?.removingPercentEncoding,
                replyToID: activity.replyToId, type: activity.type, text: activity.text ?? ""))
        let id = "1:\(count)"
        // — "ResourceResponse object"
        return Response.json(["id": id])
    }

    private func createConversation(_ request: Request) async throws -> Response {
        let body = try await request.body.collect(upTo: 1_048_576)
        if let refused = refusal(request) { return refused }
        struct Parameters: Decodable {
            struct Account: Decodable { let id: String }
            struct ChannelData: Decodable {
                let tenant: Account?
            }
            let bot: Account
            let members: [Account]
            let channelData: ChannelData?
            let isGroup: Bool?
        }
        guard let parameters = try? JSONDecoder().decode(Parameters.self, from: Data(body.readableBytesView)),
            parameters.members.count == 1, parameters.isGroup != true, let tenant = parameters.channelData?.tenant?.id
        else {
            return Response.json(
                ["error": ["code": "BadArgument", "message": "Invalid ConversationParameters"]], status: .badRequest)
        }
        if let refused = enforcedRefusal(for: parameters.members[0].id) { return refused }
        let id = Self.personalConversation(for: parameters.members[0].id)
        state.withLock {
            $0.created.append(
                CreatedConversation(
                    memberID: parameters.members[0].id, tenant: tenant, botID: parameters.bot.id, id: id))
        }
        // — "ConversationResourceResponse object"
        return Response.json(["id": id, "activityId": "", "serviceUrl": serviceURL])
    }
}

/// Lets the routes reach the server, which exists only once it listens.
private final class BotFrameworkServerBox: Sendable {
    let server = Mutex<BotFrameworkServer?>(nil)
}
