import Foundation
import HomeroomTesting
import Hummingbird
import NIOCore
import Synchronization

/// A loopback stand-in for the slice of Discord's REST API (v10) a bot uses to post: Create DM and
/// Create Message, with the bot token checked, enforced nonces, per-channel rate-limit buckets and
/// Discord's JSON errors, written from https://discord.com/developers/docs.
///
/// Tests register guild channels, people who refuse direct messages and channels the bot cannot
/// see, script 429s and lost answers, and read back the messages each channel shows.
public final class DiscordAPIServer: Sendable {
    /// A message a channel shows.
    public struct Message: Sendable, Equatable {
        /// The message's snowflake.
        public let id: String
        /// The channel it is in.
        public let channelID: String
        /// Its text, as sent.
        public let content: String
        /// The nonce it was sent with.
        public let nonce: String?
        /// `allowed_mentions.parse` as sent; nil when the request had none.
        public let allowedMentionsParse: [String]?
    }

    /// A request as it arrived.
    public struct Request: Sendable {
        /// `POST`.
        public let method: String
        /// The path, `/api/v10/…`.
        public let path: String
        /// The `Authorization` header.
        public let authorization: String?
        /// The `User-Agent` header (several are joined with ", ").
        public let userAgent: String?
        /// The JSON body.
        public let body: String
        /// When it arrived, on the monotonic clock.
        public let arrivedAt: ContinuousClock.Instant
    }

    private struct Window {
        var used: Int
        var resetsAt: ContinuousClock.Instant
    }

    private struct State {
        var guildChannels: Set<String> = []
        var hiddenChannels: Set<String> = []
        /// Recipient → DM channel id.
        var directChannels: [String: String] = [:]
        var refusingDirectMessages: Set<String> = []
        var messages: [Message] = []
        /// `CHANNEL/NONCE` → the message it created.
        var nonces: [String: Message] = [:]
        var nextID: UInt64 = 1_300_000_000_000_000_000
        var requests: [Request] = []
        var messagesPerWindow: Int?
        var windowSeconds = 1.0
        var windows: [String: Window] = [:]
        var scripted429s: [(retryAfter: Double, global: Bool)] = []
        var globalUntil: ContinuousClock.Instant?
        var answersToLose = 0
        var rateLimitedAnswers = 0
        /// The bot's global limit over every route, when a test enforces one.
        var globalMeter: SendRateMeter?
        var globalRateLimitedAnswers = 0
    }

    private let token: String
    private let state = Mutex(State())
    private let boundPort = Mutex(0)

    /// The bucket id the fake names for Create Message, as Discord names buckets: an opaque hash.
    public static let messageBucket = "41f9cd5d28af77da04563bcb1d67fdfd"

    private init(token: String) {
        self.token = token
    }

    /// Runs a fake that accepts `Authorization: Bot TOKEN` on 127.0.0.1 and a free port while
    /// `body` runs, then stops it.
    public static func with<Value: Sendable>(
        token: String, _ body: (DiscordAPIServer) async throws -> Value
    ) async throws -> Value {
        let server = DiscordAPIServer(token: token)
        let application = try await LoopbackApplication.start(serverName: "discord-fake", router: server.router())
        server.boundPort.withLock { $0 = application.port }
        let outcome: Result<Value, any Error>
        do { outcome = .success(try await body(server)) } catch { outcome = .failure(error) }
        await application.stop()
        return try outcome.get()
    }

    /// The API base, as `webhooks.discord.apiBaseURL` takes it.
    public var baseURL: URL { URL(string: "http://\(LoopbackHTTPServer.host):\(boundPort.withLock { $0 })/api/v10")! }

    /// Makes `id` a guild text channel the bot may post in.
    public func addChannel(_ id: String) { state.withLock { _ = $0.guildChannels.insert(id) } }

    /// Makes `id` a guild channel the bot cannot see (403, 50001 Missing Access).
    public func addHiddenChannel(_ id: String) { state.withLock { _ = $0.hiddenChannels.insert(id) } }

    /// The user `id` accepts no direct messages from server members (403, 50007).
    public func refuseDirectMessages(from id: String) { state.withLock { _ = $0.refusingDirectMessages.insert(id) } }

    /// Opens the DM channel with `recipient` as an earlier Create DM did, without a request: a bot
    /// that remembers it posts there at once. Returns its id.
    @discardableResult
    public func openDirectChannel(with recipient: String) -> String {
        state.withLock { state in
            if let known = state.directChannels[recipient] { return known }
            let id = Self.nextID(&state)
            state.directChannels[recipient] = id
            return id
        }
    }

    /// Deletes the DM channel with `recipient`, as when it is closed: its old id is an Unknown Channel.
    public func deleteDirectChannel(with recipient: String) {
        state.withLock { _ = $0.directChannels.removeValue(forKey: recipient) }
    }

    /// Gives Create Message a bucket of `count` messages per channel every `seconds`.
    public func limitMessages(to count: Int, per seconds: Double) {
        state.withLock {
            $0.messagesPerWindow = max(1, count)
            $0.windowSeconds = seconds
        }
    }

    /// From now on every request, on any route, counts against `limit` (its scope is the bot's), and
    /// one past it is answered 429 with `global: true`; ``globalLimit`` is Discord's published one.
    public func enforceGlobalLimit(_ limit: SendRate = DiscordAPIServer.globalLimit) {
        state.withLock { $0.globalMeter = SendRateMeter([SendRate(limit.count, per: limit.seconds, .all)]) }
    }

    /// Discord's global limit for a bot, for ``enforceGlobalLimit(_:)``
    /// (https://discord.com/developers/docs/topics/rate-limits — "Global Rate Limit": "All bots can
    /// make up to 50 requests per second to our API").
    public static let globalLimit = SendRate(50, per: 1, .all)

    /// How many answers were 429s because a request came past the enforced global limit.
    public var globalRateLimitedAnswers: Int { state.withLock { $0.globalRateLimitedAnswers } }

    /// The next Create Message is answered 429 with `retryAfter` (and blocks every route when `global`).
    public func rateLimitNextMessage(retryAfter: Double, global: Bool = false) {
        state.withLock { $0.scripted429s.append((retryAfter, global)) }
    }

    /// The next Create Message is posted, but its answer is lost: a gateway in front answers 504.
    public func loseNextAnswer() { state.withLock { $0.answersToLose += 1 } }

    /// Every message posted, in order.
    public var messages: [Message] { state.withLock { $0.messages } }

    /// The messages channel `id` shows.
    public func messages(in id: String) -> [Message] { messages.filter { $0.channelID == id } }

    /// The DM channel opened with `recipient`, if any.
    public func directChannel(with recipient: String) -> String? { state.withLock { $0.directChannels[recipient] } }

    /// Every request received.
    public var requests: [Request] { state.withLock { $0.requests } }

    /// How many answers were 429s because a request came while its bucket was empty (not scripted ones).
    public var rateLimitedAnswers: Int { state.withLock { $0.rateLimitedAnswers } }

    // MARK: - Routes

    private func router() -> Router<BasicRequestContext> {
        let router = Router()
        // https://discord.com/developers/docs/resources/user#create-dm — "Create DM"
        router.post("api/v10/users/@me/channels") { request, _ in
            try await self.respond(to: request) { body in self.createDM(body) }
        }
        // https://discord.com/developers/docs/resources/message#create-message — "Create Message"
        router.post("api/v10/channels/:channel/messages") { request, context in
            let channel = context.parameters.get("channel") ?? ""
            return try await self.respond(to: request) { body in self.createMessage(in: channel, body) }
        }
        return router
    }

    /// An answer: status, JSON body and extra headers.
    private struct Answer {
        var status: Int
        var json: Any
        var headers: [(String, String)] = []
    }

    /// Records the request, checks the token
    /// (https://discord.com/developers/docs/reference#authentication — "Authentication") and answers.
    private func respond(to request: Hummingbird.Request, _ answer: ([String: Any]) -> Answer) async throws
        -> Response
    {
        let bytes = try await request.body.collect(upTo: 1_048_576)
        let text = String(buffer: bytes)
        let authorization = request.headers[.authorization]
        state.withLock {
            $0.requests.append(
                Request(
                    method: request.method.rawValue, path: request.uri.path, authorization: authorization,
                    userAgent: request.headers[.userAgent], body: text, arrivedAt: .now))
        }
        let result: Answer
        if authorization != "Bot \(token)" {
            // https://discord.com/developers/docs/topics/opcodes-and-status-codes#http — "401 UNAUTHORIZED"
            result = Answer(status: 401, json: ["message": "401: Unauthorized", "code": 0])
        } else if let wait = globalWait() {
            result = Self.tooMany(retryAfter: SendRateMeter.seconds(wait), global: true)
        } else if let body = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] {
            result = answer(body)
        } else {
            // https://discord.com/developers/docs/topics/opcodes-and-status-codes#json — 50109
            result = Answer(status: 400, json: ["message": "The request body contains invalid JSON.", "code": 50109])
        }
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        for (name, value) in result.headers { headers[.init(name)!] = value }
        let data = (try? JSONSerialization.data(withJSONObject: result.json, options: [.sortedKeys])) ?? Data()
        return Response(
            status: .init(code: result.status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// How long a request must wait for the enforced global limit; nil when it may go (and is counted).
    private func globalWait() -> Duration? {
        state.withLock { state in
            guard var meter = state.globalMeter else { return nil }
            let wait = meter.admit("", at: .now)
            state.globalMeter = meter
            if wait != nil { state.globalRateLimitedAnswers += 1 }
            return wait
        }
    }

    private func createDM(_ body: [String: Any]) -> Answer {
        guard let recipient = body["recipient_id"] as? String, !recipient.isEmpty,
            recipient.allSatisfy({ $0.isASCII && $0.isNumber })
        else {
            // https://discord.com/developers/docs/topics/opcodes-and-status-codes#json — 50035 "Invalid Form Body"
            return Answer(status: 400, json: ["message": "Invalid Form Body", "code": 50035])
        }
        let channel = state.withLock { state in
            if let known = state.directChannels[recipient] { return known }
            let id = Self.nextID(&state)
            state.directChannels[recipient] = id
            return id
        }
        // https://discord.com/developers/docs/resources/channel#channel-object — "Example DM Channel"
        return Answer(
            status: 200,
            json: [
                "id": channel, "type": 1, "last_message_id": NSNull(),
                "recipients": [["id": recipient, "username": "member\(recipient.suffix(4))", "discriminator": "0"]],
            ])
    }

    private func createMessage(in channel: String, _ body: [String: Any]) -> Answer {
        state.withLock { state in
            let now = ContinuousClock.now
            // https://discord.com/developers/docs/topics/rate-limits — "Exceeding A Rate Limit"
            if !state.scripted429s.isEmpty {
                let limit = state.scripted429s.removeFirst()
                if limit.global { state.globalUntil = now + .seconds(limit.retryAfter) }
                return Self.tooMany(retryAfter: limit.retryAfter, global: limit.global)
            }
            if let until = state.globalUntil, until > now {
                state.rateLimitedAnswers += 1
                return Self.tooMany(retryAfter: Self.seconds(until - now), global: true)
            }
            var headers: [(String, String)] = []
            if let limit = state.messagesPerWindow {
                var window = state.windows[channel] ?? Window(used: 0, resetsAt: now)
                if window.resetsAt <= now { window = Window(used: 0, resetsAt: now + .seconds(state.windowSeconds)) }
                let resetAfter = Self.seconds(window.resetsAt - now)
                guard window.used < limit else {
                    state.rateLimitedAnswers += 1
                    return Self.tooMany(retryAfter: resetAfter, global: false)
                }
                window.used += 1
                state.windows[channel] = window
                // https://discord.com/developers/docs/topics/rate-limits — "Header Format"
                headers = [
                    ("X-RateLimit-Limit", String(limit)), ("X-RateLimit-Remaining", String(limit - window.used)),
                    ("X-RateLimit-Reset-After", String(format: "%.3f", (resetAfter * 1000).rounded(.up) / 1000)),
                    ("X-RateLimit-Bucket", Self.messageBucket),
                ]
            }
            let recipient = state.directChannels.first { $0.value == channel }?.key
            guard state.guildChannels.contains(channel) || recipient != nil || state.hiddenChannels.contains(channel)
            else {
                return Answer(status: 404, json: ["message": "Unknown Channel", "code": 10003], headers: headers)
            }
            if state.hiddenChannels.contains(channel) {
                return Answer(status: 403, json: ["message": "Missing Access", "code": 50001], headers: headers)
            }
            if let recipient, state.refusingDirectMessages.contains(recipient) {
                return Answer(
                    status: 403, json: ["message": "Cannot send messages to this user", "code": 50007], headers: headers
                )
            }
            let content = body["content"] as? String ?? ""
            guard !content.isEmpty, content.count <= 2000 else {
                return Answer(status: 400, json: ["message": "Invalid Form Body", "code": 50035], headers: headers)
            }
            let nonce = body["nonce"] as? String
            // https://discord.com/developers/docs/resources/message#create-message — "enforce_nonce": a
            // repeated nonce returns the message it created; the fake keeps nonces for its lifetime.
            if let nonce, body["enforce_nonce"] as? Bool == true, let earlier = state.nonces["\(channel)/\(nonce)"] {
                return Answer(status: 200, json: Self.json(earlier), headers: headers)
            }
            let parse = (body["allowed_mentions"] as? [String: Any])?["parse"] as? [String]
            let message = Message(
                id: Self.nextID(&state), channelID: channel, content: content, nonce: nonce,
                allowedMentionsParse: parse)
            state.messages.append(message)
            if let nonce { state.nonces["\(channel)/\(nonce)"] = message }
            if state.answersToLose > 0 {
                state.answersToLose -= 1
                return Answer(status: 504, json: ["message": "Gateway Timeout"])
            }
            return Answer(status: 200, json: Self.json(message), headers: headers)
        }
    }

    /// A 429 (https://discord.com/developers/docs/topics/rate-limits — "Example Exceeded User Rate
    /// Limit Response" and "Example Exceeded Global Rate Limit Response").
    private static func tooMany(retryAfter: Double, global: Bool) -> Answer {
        var headers = [
            ("Retry-After", String(format: "%.0f", retryAfter.rounded(.up))),
            ("X-RateLimit-Scope", global ? "global" : "user"),
        ]
        if global { headers.append(("X-RateLimit-Global", "true")) }
        return Answer(
            status: 429,
            json: ["message": "You are being rate limited.", "retry_after": retryAfter, "global": global, "code": 0],
            headers: headers)
    }

    /// A message object (https://discord.com/developers/docs/resources/message#message-object).
    private static func json(_ message: Message) -> [String: Any] {
        [
            "id": message.id, "channel_id": message.channelID, "content": message.content, "type": 0,
            "nonce": message.nonce ?? NSNull(), "tts": false, "mention_everyone": false,
            "author": ["id": "1100000000000000001", "username": "Homeroom", "bot": true],
        ]
    }

    private static func nextID(_ state: inout State) -> String {
        state.nextID += 1
        return String(state.nextID)
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return max(0, Double(seconds) + Double(attoseconds) / 1e18)
    }
}
