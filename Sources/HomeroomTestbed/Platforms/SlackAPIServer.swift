import Foundation
import Hummingbird
import Synchronization

/// A loopback stand-in for the slice of Slack's Web API Homeroom calls (`chat.postMessage`,
/// `chat.postEphemeral`, `conversations.open`, `apps.connections.open`), answering in the shapes
/// of Slack's published examples. It checks the bearer token, records every message posted (for
/// everyone, or ephemeral for one person) and direct message opened, and can be told to
/// rate-limit, to refuse a channel, to leave a person out of channels, or to hand out another
/// Socket Mode URL.
public final class SlackAPIServer: Sendable {
    /// One `chat.postMessage` that Slack accepted.
    public struct PostedMessage: Sendable, Equatable {
        /// The channel id (or `#name`) it went to.
        public let channel: String
        /// Its text, as sent.
        public let text: String
        /// The thread it answered, if any.
        public let threadTS: String?
        /// The `ts` it was given.
        public let ts: String
    }

    /// One `chat.postEphemeral` that Slack accepted: shown to `user` alone, in `channel`.
    public struct EphemeralMessage: Sendable, Equatable {
        /// The channel id it is shown in.
        public let channel: String
        /// The member who sees it.
        public let user: String
        /// Its text, as sent.
        public let text: String
        /// The thread it is shown in, if any.
        public let threadTS: String?
    }

    private struct State {
        var acceptedBotToken: String
        var acceptedAppToken: String
        var socketURL: URL
        var rateLimitedCalls = 0
        var rateLimitSeconds = 1
        var notInChannel: Set<String> = []
        /// Members who are in no channel: ephemeral messages to them answer `user_not_in_channel`.
        var outsideChannels: Set<String> = []
        /// The users `conversations.open` was called for, in order.
        var openedDirectMessages: [String] = []
        /// The direct-message channel ids handed out: others answer `channel_not_found`.
        var directChannels: Set<String> = []
        var callsByMethod: [String: Int] = [:]
        /// Method → the published limits it enforces (none unless a test asks).
        var meters: [String: SendRateMeter] = [:]
        /// Method → how many calls its enforced limits answered 429.
        var enforcedRefusals: [String: Int] = [:]
    }

    /// The tokens tests configure.
    public static let botToken = "xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy"
    /// The app-level token tests configure.
    public static let appToken = "xapp-1-A0123456789-1234567890123-abcdef0123456789"

    private let shared: Shared
    private let application: LoopbackApplication

    /// The port on 127.0.0.1.
    public var port: Int { application.port }

    private init(shared: Shared, application: LoopbackApplication) {
        self.shared = shared
        self.application = application
    }

    /// Starts a server on 127.0.0.1 and a free port that accepts `botToken` and `appToken`; stop it with ``stop()``.
    public static func start(botToken: String = SlackAPIServer.botToken, appToken: String = SlackAPIServer.appToken)
        async throws -> SlackAPIServer
    {
        let shared = Shared(
            State(
                acceptedBotToken: botToken, acceptedAppToken: appToken,
                // https://api.slack.com/methods/apps.connections.open — "Example responses"
                socketURL: URL(string: "wss://wss-somethiing.slack.com/link/?ticket=12348&app_id=5678")!))
        let router = Router(context: BasicRequestContext.self)
        // https://api.slack.com/methods/chat.postMessage — "Arguments", "Example responses"
        router.post("api/chat.postMessage") { request, _ in
            try await shared.answer(request, method: "chat.postMessage", token: .bot) { arguments in
                shared.postMessage(arguments)
            }
        }
        // https://api.slack.com/methods/chat.postEphemeral — "Arguments", "Example responses", "Errors"
        router.post("api/chat.postEphemeral") { request, _ in
            try await shared.answer(request, method: "chat.postEphemeral", token: .bot) { arguments in
                shared.postEphemeral(arguments)
            }
        }
        // https://api.slack.com/methods/conversations.open — "Arguments", "Example responses"
        router.post("api/conversations.open") { request, _ in
            try await shared.answer(request, method: "conversations.open", token: .bot) { arguments in
                shared.openConversation(arguments)
            }
        }
        // https://api.slack.com/methods/apps.connections.open — "Usage info", "Example responses"
        router.post("api/apps.connections.open") { request, _ in
            try await shared.answer(request, method: "apps.connections.open", token: .app) { _ in
                ["ok": true, "url": shared.state.withLock { $0.socketURL.absoluteString }]
            }
        }
        let application = try await LoopbackApplication.start(serverName: "Slack", router: router)
        return SlackAPIServer(shared: shared, application: application)
    }

    /// The URL to configure as `webhooks.slack.apiBaseURL`.
    public var apiBaseURL: URL { URL(string: "http://127.0.0.1:\(port)/api")! }

    /// Every message posted so far for everyone in a channel or conversation, in order.
    public var messages: [PostedMessage] { shared.messages.items }

    /// Every ephemeral message posted so far, in order.
    public var ephemeralMessages: [EphemeralMessage] { shared.ephemeral.items }

    /// Waits until `count` ephemeral messages were posted, at most `timeout`; returns every one so far.
    public func ephemeralMessages(count: Int, within timeout: Duration = .seconds(30)) async throws
        -> [EphemeralMessage]
    {
        try await shared.ephemeral.items(count: count, within: timeout)
    }

    /// `user` is in no channel: an ephemeral message to them answers `user_not_in_channel`.
    public func leaveChannels(user: String) { _ = shared.state.withLock { $0.outsideChannels.insert(user) } }

    /// The users a direct-message channel was opened for, in order, repeats included.
    public var openedDirectMessages: [String] { shared.state.withLock { $0.openedDirectMessages } }

    /// How many calls `method` (`chat.postMessage`) received, refused ones included.
    public func calls(to method: String) -> Int { shared.state.withLock { $0.callsByMethod[method, default: 0] } }

    /// The direct-message channel `conversations.open` gives for `user`.
    public static func directChannel(for user: String) -> String { "D0" + user }

    /// The next `count` calls, of any method, answer 429 with `Retry-After: SECONDS`.
    public func rateLimitNextCalls(_ count: Int, retryAfter seconds: Int = 1) {
        shared.state.withLock {
            $0.rateLimitedCalls = max(0, count)
            $0.rateLimitSeconds = seconds
        }
    }

    /// From now on `method` (`chat.postMessage`, `conversations.open`) answers 429 with `Retry-After`
    /// past any of `limits`, counted per channel (`each`) or over the workspace (`all`);
    /// ``postMessageLimits`` and ``conversationsOpenLimits`` are Slack's published ones.
    public func enforce(_ limits: [SendRate], on method: String) {
        shared.state.withLock { $0.meters[method] = SendRateMeter(limits) }
    }

    /// How many calls to `method` were answered 429 for coming past its enforced limits.
    public func rateLimitedAnswers(to method: String) -> Int {
        shared.state.withLock { $0.enforcedRefusals[method, default: 0] }
    }

    /// Posts to `channel` answer `not_in_channel` (the bot was never invited).
    public func leaveChannel(_ channel: String) { _ = shared.state.withLock { $0.notInChannel.insert(channel) } }

    /// The bot token accepted from now on; any other answers `invalid_auth`.
    public func acceptBotToken(_ token: String) { shared.state.withLock { $0.acceptedBotToken = token } }

    /// The Socket Mode URL `apps.connections.open` hands out from now on.
    public func setSocketURL(_ url: URL) { shared.state.withLock { $0.socketURL = url } }

    /// Opens the direct-message channel with `user` as an earlier `conversations.open` did, without
    /// counting a call: a bot that remembers it posts there at once. Returns its id.
    @discardableResult
    public func openDirectChannel(for user: String) -> String {
        let channel = Self.directChannel(for: user)
        _ = shared.state.withLock { $0.directChannels.insert(channel) }
        return channel
    }

    /// Direct-message channels opened so far are forgotten: posts to them answer `channel_not_found`.
    public func forgetDirectChannels() { shared.state.withLock { $0.directChannels = [] } }

    /// Waits until `count` messages were posted, at most `timeout` (then throws
    /// ``ArrivalsError/tooFew(_:expected:got:)``); returns every message so far.
    public func messages(count: Int, within timeout: Duration = .seconds(30)) async throws -> [PostedMessage] {
        try await shared.messages.items(count: count, within: timeout)
    }

    /// Stops listening.
    public func stop() async {
        await application.stop()
        shared.messages.cancelWaiting()
        shared.ephemeral.cancelWaiting()
    }

    /// The routes' shared state and answers.
    private final class Shared: Sendable {
        enum Token { case bot, app }

        let state: Mutex<State>
        let messages = Arrivals<PostedMessage>(of: "Slack messages")
        let ephemeral = Arrivals<EphemeralMessage>(of: "Slack ephemeral messages")

        init(_ state: State) { self.state = Mutex(state) }

        /// Answers one call: 429 while rate-limited, `not_authed`/`invalid_auth` for a missing or
        /// wrong token, else what `handle` makes of the arguments.
        func answer(
            _ request: Request, method: String, token: Token,
            handle: @Sendable ([String: String]) -> [String: any Sendable]
        ) async throws -> Response {
            let body = try await request.body.collect(upTo: 1_048_576)
            let arguments = Self.arguments(Array(buffer: body), contentType: request.headers[.contentType])
            let presented = request.headers[.authorization].flatMap { value -> String? in
                value.hasPrefix("Bearer ") ? String(value.dropFirst(7)) : nil
            }
            enum Gate {
                case rateLimited(seconds: Int)
                case noToken, badToken, open
            }
            let gate = state.withLock { state -> Gate in
                state.callsByMethod[method, default: 0] += 1
                if state.rateLimitedCalls > 0 {
                    state.rateLimitedCalls -= 1
                    return .rateLimited(seconds: state.rateLimitSeconds)
                }
                guard let presented else { return .noToken }
                let accepted = token == .bot ? state.acceptedBotToken : state.acceptedAppToken
                guard presented == accepted else { return .badToken }
                guard var meter = state.meters[method] else { return .open }
                let wait = meter.admit(arguments["channel"] ?? arguments["users"] ?? "", at: .now)
                state.meters[method] = meter
                guard let wait else { return .open }
                state.enforcedRefusals[method, default: 0] += 1
                return .rateLimited(seconds: SendRateMeter.retryAfterSeconds(wait))
            }
            switch gate {
            case .rateLimited(let seconds):
                // https://api.slack.com/apis/rate-limits — "Responding to rate limiting conditions":
                // "HTTP 429 Too Many Requests error, and a Retry-After HTTP header"
                return Response.json(
                    ["ok": false, "error": "ratelimited"], status: .tooManyRequests, retryAfter: "\(seconds)")
            case .noToken:
                // https://api.slack.com/methods/chat.postMessage — "Errors": not_authed
                return Response.json(["ok": false, "error": "not_authed"])
            case .badToken:
                // https://api.slack.com/methods/chat.postMessage — "Errors": invalid_auth
                return Response.json(["ok": false, "error": "invalid_auth"])
            case .open:
                return Response.json(handle(arguments))
            }
        }

        /// `chat.postMessage`: records the message and answers with its `ts`.
        func postMessage(_ arguments: [String: String]) -> [String: any Sendable] {
            guard let channel = arguments["channel"], !channel.isEmpty else {
                return ["ok": false, "error": "channel_not_found"]
            }
            guard let text = arguments["text"], !text.isEmpty else { return ["ok": false, "error": "no_text"] }
            let posted = state.withLock { state -> String? in
                if state.notInChannel.contains(channel) { return nil }
                if channel.hasPrefix("D"), !state.directChannels.contains(channel) { return nil }
                // Under the state's lock, so that no other message takes the same `ts`.
                let ts = "1503435956.\(String(format: "%06d", messages.count + 247))"
                messages.append(PostedMessage(channel: channel, text: text, threadTS: arguments["thread_ts"], ts: ts))
                return ts
            }
            guard let ts = posted else {
                // https://api.slack.com/methods/chat.postMessage — "Errors": not_in_channel, channel_not_found
                let refused = state.withLock { $0.notInChannel.contains(channel) }
                return ["ok": false, "error": refused ? "not_in_channel" : "channel_not_found"]
            }
            // https://api.slack.com/methods/chat.postMessage — "Example responses" (trimmed)
            return [
                "ok": true, "channel": channel, "ts": ts,
                "message": [
                    "text": text, "username": "ecto1", "bot_id": "B123ABC456", "type": "message",
                    "subtype": "bot_message", "ts": ts,
                ] as [String: any Sendable],
            ]
        }

        /// `chat.postEphemeral`: records the message for its one viewer and answers with its `message_ts`.
        func postEphemeral(_ arguments: [String: String]) -> [String: any Sendable] {
            guard let channel = arguments["channel"], !channel.isEmpty else {
                return ["ok": false, "error": "channel_not_found"]
            }
            // "Errors": user_not_in_channel — "Cannot post user messages to a channel they are not in."
            guard let user = arguments["user"], !user.isEmpty else {
                return ["ok": false, "error": "user_not_in_channel"]
            }
            guard let text = arguments["text"], !text.isEmpty else { return ["ok": false, "error": "no_text"] }
            enum Refusal { case notInChannel, userNotInChannel }
            let refusal = state.withLock { state -> Refusal? in
                if state.notInChannel.contains(channel) { return .notInChannel }
                if state.outsideChannels.contains(user) { return .userNotInChannel }
                ephemeral.append(
                    EphemeralMessage(channel: channel, user: user, text: text, threadTS: arguments["thread_ts"]))
                return nil
            }
            switch refusal {
            case .notInChannel: return ["ok": false, "error": "not_in_channel"]
            case .userNotInChannel: return ["ok": false, "error": "user_not_in_channel"]
            case nil:
                // "Example responses"
                return ["ok": true, "message_ts": "1502210682.580145"]
            }
        }

        /// `conversations.open` with one user: the direct-message channel with them.
        func openConversation(_ arguments: [String: String]) -> [String: any Sendable] {
            guard let users = arguments["users"], !users.isEmpty, !users.contains(",") else {
                // https://api.slack.com/methods/conversations.open — "Errors": users_list_not_supplied
                return ["ok": false, "error": "users_list_not_supplied"]
            }
            // Slack's user ids start with U, or W on Enterprise Grid.
            guard users.hasPrefix("U") || users.hasPrefix("W") else {
                return ["ok": false, "error": "user_not_found"]
            }
            let channel = SlackAPIServer.directChannel(for: users)
            state.withLock { state in
                state.openedDirectMessages.append(users)
                state.directChannels.insert(channel)
            }
            // https://api.slack.com/methods/conversations.open — "Example responses"
            return ["ok": true, "channel": ["id": channel] as [String: any Sendable]]
        }

        /// The call's arguments: a JSON object's string values, or a form's fields.
        static func arguments(_ body: [UInt8], contentType: String?) -> [String: String] {
            if contentType?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
                var components = URLComponents()
                components.percentEncodedQuery = String(decoding: body, as: UTF8.self).replacingOccurrences(
                    of: "+", with: "%20")
                return Dictionary(
                    (components.queryItems ?? []).map { ($0.name, $0.value ?? "") },
                    uniquingKeysWith: { first, _ in first })
            }
            guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else {
                return [:]
            }
            return object.compactMapValues { $0 as? String }
        }
    }
}
