import AsyncHTTPClient
import Foundation
import HomeroomCore
import Hummingbird
import NIOCore
import Synchronization

/// A loopback stand-in for the slice of Telegram's Bot API Homeroom uses
/// (https://core.telegram.org/bots/api): `getUpdates` and `sendMessage` at `/bot<token>/METHOD`,
/// answered in the Bot API's envelope (`ok`, `result`, `error_code`, `description`, `parameters`),
/// and a poster of webhook updates (``postWebhookUpdate(_:to:secret:)``).
///
/// getUpdates long-polls with a short real wait (at most ``longPollCap``) and drops the updates
/// its offset confirms; sendMessage checks the token, that the chat exists (and, for a person,
/// that they started the bot), the HTML, the length, and Telegram's limits (per chat, per group,
/// in all) on an injected clock, answering 429 with `retry_after`. The next calls can be made to
/// fail with 502 (a gateway in front of the API), and a chat can be put under a flood wait.
public final class TelegramBotAPIServer: Sendable {
    /// The token tests configure.
    public static let token = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"
    /// The bot's username tests configure.
    public static let botUsername = "SchoolBot"
    /// The longest a getUpdates is held waiting for an update, in real time: enough to see the
    /// long poll work, short enough for tests.
    public static let longPollCap = Duration.milliseconds(300)

    /// What the fake makes a call answer instead.
    public enum InjectedFailure: Sendable, Equatable {
        /// 502 with an HTML page, as a proxy in front of the API answers when it cannot reach it.
        case badGateway
    }

    /// A message the fake accepted.
    public struct SentMessage: Sendable, Equatable {
        public let messageID: Int64
        public let chatID: Int64
        /// The text as sent (HTML when `parseMode` is HTML).
        public let text: String
        /// What a person sees: the HTML's entities parsed.
        public let visibleText: String
        public let parseMode: String?
        /// The clock's uptime, in seconds.
        public let arrivedAt: Double
    }

    /// A sendMessage the fake refused.
    public struct Refusal: Sendable, Equatable {
        public let chatID: Int64?
        public let code: Int
        public let description: String
        public let retryAfter: Int?
    }

    /// The state the routes share, and their answers.
    let shared: Shared
    private let application: LoopbackApplication

    /// The port on 127.0.0.1.
    public var port: Int { application.port }

    /// The API's base URL, standing for `https://api.telegram.org`.
    public var apiBaseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private init(shared: Shared, application: LoopbackApplication) {
        self.shared = shared
        self.application = application
    }

    /// Starts a server for bot `token` on 127.0.0.1 and a free port, metering on `clock`'s
    /// uptime; stop it with ``stop()``.
    public static func start(
        token: String = TelegramBotAPIServer.token, clock: any HomeroomClock = SystemClock()
    ) async throws -> TelegramBotAPIServer {
        let shared = Shared(state: TelegramBotAPIState(token: token, tolerance: 0.05), clock: clock)
        let router = Router(context: BasicRequestContext.self)
        router.post(":bot/:method") { request, context in
            try await shared.answer(
                request, bot: context.parameters.get("bot") ?? "", method: context.parameters.get("method") ?? "")
        }
        let application = try await LoopbackApplication.start(serverName: "Telegram", router: router)
        return TelegramBotAPIServer(shared: shared, application: application)
    }

    // MARK: - Setting up

    /// Measures Telegram's limits on `clock` from now on (a bot's clock, made after the server).
    public func meter(on clock: any HomeroomClock) { shared.meter.withLock { $0 = clock } }

    /// Person `userID` has a private chat with the bot; `started` false: they never pressed Start,
    /// and the bot may not write to them (403).
    public func addPerson(_ userID: Int64, started: Bool = true) {
        shared.state.withLock { $0.chats[userID] = .person(started: started) }
    }

    /// The bot is in group `chatID` (a negative number).
    public func addGroup(_ chatID: Int64) { shared.state.withLock { $0.chats[chatID] = .group } }

    /// The next message to `chatID` is refused 429 with `retry_after` `seconds`, and so is every
    /// one until they have passed on the clock.
    public func floodWait(_ chatID: Int64, seconds: Int) { shared.state.withLock { $0.floodSeconds[chatID] = seconds } }

    /// The next `count` calls, whatever they are, answer `failure`.
    public func failNextCalls(_ count: Int, with failure: InjectedFailure = .badGateway) {
        shared.state.withLock { $0.injectedFailures = Array(repeating: failure, count: max(0, min(count, 1000))) }
    }

    /// Queues a text message from `userID` in their private chat for getUpdates; returns its update number.
    @discardableResult
    public func queuePrivateText(_ text: String, from userID: Int64) -> Int64 {
        queue(Self.update(text: text, from: userID, chatID: userID, chatType: "private"))
    }

    /// Queues a text message from `userID` in group `chatID` for getUpdates; returns its update number.
    @discardableResult
    public func queueGroupText(_ text: String, from userID: Int64, in chatID: Int64) -> Int64 {
        queue(Self.update(text: text, from: userID, chatID: chatID, chatType: "supergroup"))
    }

    /// Queues an update as given: with its `update_id` (Telegram sending it again), else the next; returns its number.
    @discardableResult
    public func queue(_ update: [String: Any]) -> Int64 {
        let json = (try? JSONSerialization.data(withJSONObject: update)) ?? Data("{}".utf8)
        return shared.state.withLock { $0.queue(json) }
    }

    /// An `Update` with a text message (https://core.telegram.org/bots/api#update, #message): a
    /// leading command is marked as a `bot_command` entity, as Telegram marks it.
    public static func update(
        id: Int64? = nil, text: String, from userID: Int64, chatID: Int64, chatType: String
    ) -> [String: Any] {
        var message: [String: Any] = [
            "message_id": Int64.random(in: 1...1_000_000), "date": 1_795_000_000, "text": text,
            "from": ["id": userID, "is_bot": false, "first_name": "Pat"],
            "chat": ["id": chatID, "type": chatType],
        ]
        if text.hasPrefix("/") {
            let command = text.prefix { !$0.isWhitespace }
            message["entities"] = [["type": "bot_command", "offset": 0, "length": command.utf16.count]]
        }
        var update: [String: Any] = ["message": message]
        if let id { update["update_id"] = id }
        return update
    }

    // MARK: - Reading back

    /// Every message accepted so far, in order.
    public var messages: [SentMessage] { shared.sent.items }

    /// Waits until `count` messages were accepted, at most `timeout`; returns every one so far.
    public func messages(count: Int, within timeout: Duration = .seconds(30)) async throws -> [SentMessage] {
        try await shared.sent.items(count: count, within: timeout)
    }

    /// Every sendMessage refused, in order.
    public var refusals: [Refusal] { shared.state.withLock { $0.refusals } }

    /// How many getUpdates calls came, answered or failed.
    public var getUpdatesCalls: Int { shared.state.withLock { $0.getUpdatesCalls } }

    /// The updates not confirmed yet.
    public var pendingUpdateIDs: [Int64] { shared.state.withLock { $0.pending.map(\.id) } }

    // MARK: - Webhook

    /// The header Telegram sends a webhook's secret token in.
    public static let secretHeader = "X-Telegram-Bot-Api-Secret-Token"

    /// Posts `update` to `url` as Telegram does in webhook mode, with `secret` in
    /// `X-Telegram-Bot-Api-Secret-Token` (none: no header); returns the status and body.
    public func postWebhookUpdate(_ update: [String: Any], to url: String, secret: String?) async throws -> (
        status: Int, body: String
    ) {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        if let secret { request.headers.add(name: Self.secretHeader, value: secret) }
        request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: update)))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 1_048_576)
        return (Int(response.status.code), String(buffer: body))
    }

    /// Stops listening.
    public func stop() async {
        await application.stop()
        shared.sent.cancelWaiting()
    }

    // MARK: - Answering

    /// The routes' state, and their answers.
    final class Shared: Sendable {
        let state: Mutex<TelegramBotAPIState>
        let sent = Arrivals<SentMessage>(of: "Telegram messages")
        let meter: Mutex<any HomeroomClock>

        init(state: TelegramBotAPIState, clock: any HomeroomClock) {
            self.state = Mutex(state)
            meter = Mutex(clock)
        }

        /// The clock the limits are measured on.
        var clock: any HomeroomClock { meter.withLock { $0 } }

        func answer(_ request: Request, bot: String, method: String) async throws -> Response {
            let body = try await request.body.collect(upTo: 1_048_576)
            let fields = (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any] ?? [:]
            let (failure, token) = state.withLock { state in
                if method == "getUpdates" { state.getUpdatesCalls += 1 }
                return (state.injectedFailures.isEmpty ? nil : state.injectedFailures.removeFirst(), state.token)
            }
            if failure == .badGateway {
                return Response(
                    status: .badGateway, headers: [.contentType: "text/html"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: "<html><body>502 Bad Gateway</body></html>")))
            }
            // https://core.telegram.org/bots/api#authorizing-your-bot: the token is in the address.
            guard bot == "bot" + token else { return Self.error(401, "Unauthorized") }
            switch method {
            case "getUpdates": return await getUpdates(fields)
            case "sendMessage": return sendMessage(fields)
            default: return Self.error(404, "Not Found")
            }
        }

        /// getUpdates (https://core.telegram.org/bots/api#getupdates): offset, limit, timeout.
        private func getUpdates(_ fields: [String: Any]) async -> Response {
            let offset = (fields["offset"] as? NSNumber)?.int64Value
            let limit = (fields["limit"] as? NSNumber)?.intValue ?? 100
            let timeout = (fields["timeout"] as? NSNumber)?.doubleValue ?? 0
            let wait = min(Duration.seconds(max(0, timeout)), TelegramBotAPIServer.longPollCap)
            let start = ContinuousClock.now
            while true {
                let found = state.withLock { $0.updates(from: offset, limit: limit) }
                if !found.isEmpty || ContinuousClock.now - start >= wait {
                    var body = Data(#"{"ok":true,"result":["#.utf8)
                    body.append(contentsOf: Data(found.joined(separator: Data(",".utf8))))
                    body.append(contentsOf: Data("]}".utf8))
                    return Response(
                        status: .ok, headers: [.contentType: "application/json"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
                }
                try? await Task.sleep(for: .milliseconds(10))
            }
        }

        /// sendMessage (https://core.telegram.org/bots/api#sendmessage): chat_id, text, parse_mode.
        private func sendMessage(_ fields: [String: Any]) -> Response {
            let chatID = (fields["chat_id"] as? NSNumber)?.int64Value
            let now = Self.seconds(clock.uptime)
            let outcome = state.withLock { state in
                let outcome = state.sendMessage(
                    chatID: chatID, text: fields["text"] as? String, parseMode: fields["parse_mode"] as? String, at: now
                )
                // Under the lock, so that arrivals keep the order the messages were accepted in.
                if case .sent(let message) = outcome { sent.append(message) }
                return outcome
            }
            switch outcome {
            case .sent(let message):
                return Response.json([
                    "ok": true,
                    "result": [
                        "message_id": message.messageID, "date": Int(clock.now.timeIntervalSince1970),
                        "chat": ["id": message.chatID], "text": message.visibleText,
                    ],
                ])
            case .refused(let refusal):
                return Self.error(refusal.code, refusal.description, retryAfter: refusal.retryAfter)
            }
        }

        /// An unsuccessful answer (https://core.telegram.org/bots/api#making-requests), with
        /// `parameters.retry_after` when given (#responseparameters).
        private static func error(_ code: Int, _ description: String, retryAfter: Int? = nil) -> Response {
            var answer: [String: Any] = ["ok": false, "error_code": code, "description": description]
            if let retryAfter { answer["parameters"] = ["retry_after": retryAfter] }
            return Response.json(answer, status: HTTPResponse.Status(code: code))
        }

        private static func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
    }
}
