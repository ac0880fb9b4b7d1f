import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks

/// The slice of Discord's REST API the bot calls, through HomeroomFetch, with the bot token and
/// within Discord's rate limits (https://discord.com/developers/docs/topics/rate-limits): a bucket
/// known to be empty is waited out before the request, a 429 is waited out and the request sent
/// once more; a wait longer than ``longestWait`` goes back to the outbox as its `retryAfter`.
struct DiscordREST: Sendable {
    /// An answer Discord gave that is neither a rate limit nor a server error.
    struct Answer: Sendable {
        let status: Int
        let body: [UInt8]

        /// Discord's error object
        /// (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json — "JSON Error Codes").
        var error: APIError? { try? JSONDecoder().decode(APIError.self, from: Data(body)) }
    }

    /// `{"code": 50007, "message": "Cannot send messages to this user"}`.
    struct APIError: Decodable {
        let code: Int?
        let message: String?
    }

    /// A 429's body (https://discord.com/developers/docs/topics/rate-limits — "Exceeding A Rate Limit").
    private struct RateLimited: Decodable {
        let retry_after: Double?
        let global: Bool?
    }

    /// A channel object; only its id is read (https://discord.com/developers/docs/resources/channel#channel-object).
    private struct Channel: Decodable {
        let id: String
    }

    /// The body of Create Message (https://discord.com/developers/docs/resources/message#create-message).
    private struct NewMessage: Encodable {
        let content: String
        let nonce: String
        let enforce_nonce = true
        let allowed_mentions = DiscordResponse.Message.AllowedMentions()
    }

    let baseURL: URL
    let botToken: String
    let fetcher: any HTTPFetching
    let timeout: Duration
    let limits: DiscordRateLimits
    /// Holds the requests to Discord's global limit for a bot, which no header announces, so that a
    /// fan-out to many people is not answered 429 past it
    /// (https://discord.com/developers/docs/topics/rate-limits — "Global Rate Limit": "All bots can
    /// make up to 50 requests per second to our API").
    let pacer = SendPacer(perSecond: 50, clock: SystemClock())

    /// The longest wait for a rate limit before a request, in seconds; a longer one is left to the outbox.
    static let longestWait = 60.0
    /// Discord asks every bot for a User-Agent of this form
    /// (https://discord.com/developers/docs/reference#user-agent).
    static let userAgent = "DiscordBot (https://github.com/homeroom, 1.0)"
    /// The route of Create DM, which has no major parameter.
    static let createDMRoute = "POST /users/@me/channels"
    /// The route of Create Message, whose major parameter is the channel id.
    static let createMessageRoute = "POST /channels/{channel.id}/messages"

    /// What Create DM gave: the DM channel's id, or Discord's refusal.
    enum DirectChannel {
        case opened(String)
        case refused(Answer)
    }

    /// Create DM (https://discord.com/developers/docs/resources/user#create-dm) with `user`.
    func openDirectMessage(to user: String) async throws -> DirectChannel {
        let answer = try await call(
            Self.createDMRoute, major: "@me", path: "users/@me/channels", json: JSONBody.encode(["recipient_id": user]))
        guard (200..<300).contains(answer.status) else { return .refused(answer) }
        guard let channel = try? JSONDecoder().decode(Channel.self, from: Data(answer.body)), !channel.id.isEmpty else {
            throw DeliveryFailure("Discord's answer to Create DM has no channel id")
        }
        return .opened(channel.id)
    }

    /// Create Message with `content` in `channel`, mentions parsed for nobody, and `nonce` enforced:
    /// Discord answers a repeat within a few minutes with the message it already posted.
    func createMessage(in channel: String, content: String, nonce: String) async throws -> Answer {
        try await call(
            Self.createMessageRoute, major: channel, path: "channels/\(channel)/messages",
            json: JSONBody.encode(NewMessage(content: content, nonce: nonce)))
    }

    /// Sends `json` to `path` within `route`'s rate limit for `major`; returns any answer but a 429,
    /// an HTTP 408 or a server error, which throw a ``DeliveryFailure`` to retry.
    private func call(_ route: String, major: String, path: String, json: [UInt8]) async throws -> Answer {
        var request = OutgoingRequest(
            url: baseURL.appending(path: path), json: json,
            headers: [.init("Authorization", "Bot \(botToken)"), .init("User-Agent", Self.userAgent)],
            timeout: timeout)
        request.maximumResponseBytes = 65_536
        var waitedOutA429 = false
        while true {
            try await waitForTurn(route, major: major)
            try await pacer.waitToSend()
            let response: OutgoingResponse
            do {
                response = try await fetcher.send(request)
            } catch {
                throw DeliveryFailure("Discord did not answer: \(error.message)")
            }
            await limits.learn(
                route: route, major: major, bucket: response.header("X-RateLimit-Bucket"),
                remaining: response.header("X-RateLimit-Remaining"),
                resetAfter: response.header("X-RateLimit-Reset-After"))
            switch response.status {
            case 429:
                let limited = try? JSONDecoder().decode(RateLimited.self, from: Data(response.body))
                let seconds =
                    limited?.retry_after.flatMap(DiscordRateLimits.clamped)
                    ?? response.retryAfterSeconds()
                    .flatMap(DiscordRateLimits.clamped) ?? 1
                if limited?.global == true || response.header("X-RateLimit-Global") == "true" {
                    await limits.blockEveryRoute(for: seconds)
                }
                guard !waitedOutA429, seconds <= Self.longestWait else {
                    throw DeliveryFailure(
                        "Discord is rate limiting \(route) for \(Self.rounded(seconds)) s", retryAfter: seconds)
                }
                waitedOutA429 = true
                try await Task.sleep(for: .seconds(seconds))
            case 408, 500...:
                throw DeliveryFailure(
                    "Discord answered \(response.status) to \(route)",
                    retryAfter: response.retryAfterSeconds())
            default:
                return Answer(status: response.status, body: response.body)
            }
        }
    }

    /// Waits until `route` may be called for `major`, or throws when that is longer than ``longestWait``.
    private func waitForTurn(_ route: String, major: String) async throws {
        let wait = await limits.reserve(route: route, major: major)
        guard wait > .zero else { return }
        let total = wait.timeInterval
        guard total <= Self.longestWait else {
            throw DeliveryFailure(
                "Discord's rate limit for \(route) resets in \(Self.rounded(total)) s", retryAfter: total)
        }
        try await Task.sleep(for: wait)
    }

    /// `seconds` to one decimal, for a message.
    private static func rounded(_ seconds: Double) -> String { String(format: "%.1f", seconds) }
}
