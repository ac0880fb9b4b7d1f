import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks

/// The slice of Slack's Web API Homeroom calls, through HomeroomFetch.
///
/// Every method is a POST of JSON with `Authorization: Bearer TOKEN`
/// (https://api.slack.com/web — "Basics"). Slack answers 200 with `{"ok": false, "error": …}`
/// when it refuses a call: the codes a retry cannot fix are permanent failures saying what to do,
/// `ratelimited`, HTTP 429 (with its `Retry-After`), 5xx and no answer are retried.
package struct SlackWebAPI: Sendable {
    let baseURL: URL
    let botToken: String?
    let appToken: String?
    let fetcher: any HTTPFetching
    let timeout: Duration

    /// The most of an answer read and decoded.
    static let maximumAnswerBytes = 65_536

    /// A client of the API at `baseURL`, authenticating with the bot token or, for Socket Mode, the app-level token.
    package init(baseURL: URL, botToken: String?, appToken: String?, fetcher: any HTTPFetching, timeout: Duration) {
        self.baseURL = baseURL
        self.botToken = botToken
        self.appToken = appToken
        self.fetcher = fetcher
        self.timeout = timeout
    }

    /// `chat.postMessage` of `text`, already mrkdwn-escaped, to `channel` (an id, or a `#name`), in
    /// the thread of `threadTS` when given; returns the message's `ts`.
    // https://api.slack.com/methods/chat.postMessage — "Arguments"
    package func postMessage(channel: String, text: String, threadTS: String? = nil) async throws(SlackAPIFailure)
        -> String
    {
        struct Arguments: Encodable {
            let channel: String
            let text: String
            let thread_ts: String?
            let unfurl_links = false
            let unfurl_media = false
        }
        struct Answer: Decodable { let ts: String }
        let arguments = Arguments(channel: channel, text: text, thread_ts: threadTS)
        let answer = try await call(
            "chat.postMessage", token: .bot, arguments: JSONBody.encode(arguments), about: channel, as: Answer.self)
        return answer.ts
    }

    /// `chat.postEphemeral` of `text`, already mrkdwn-escaped, to `user` in `channel` (in the thread
    /// of `threadTS` when given): Slack shows it in place to that person alone, marked "Only
    /// visible to you", and never to the rest of the channel; Slack delivers it only while that
    /// person is active in Slack (as someone who has just written is). Returns its `message_ts`.
    // https://api.slack.com/methods/chat.postEphemeral — "Arguments" (channel, user, text,
    // thread_ts), "Example responses" ({"ok": true, "message_ts": …}), "Errors" (user_not_in_channel)
    package func postEphemeral(channel: String, user: String, text: String, threadTS: String? = nil)
        async throws(SlackAPIFailure) -> String
    {
        struct Arguments: Encodable {
            let channel: String
            let user: String
            let text: String
            let thread_ts: String?
        }
        struct Answer: Decodable { let message_ts: String }
        let arguments = Arguments(channel: channel, user: user, text: text, thread_ts: threadTS)
        let answer = try await call(
            "chat.postEphemeral", token: .bot, arguments: JSONBody.encode(arguments), about: channel, as: Answer.self)
        return answer.message_ts
    }

    /// `conversations.open` with one user: the id of the bot's direct-message channel with them.
    // https://api.slack.com/methods/conversations.open — "Arguments"
    package func openDirectMessage(user: String) async throws(SlackAPIFailure) -> String {
        struct Answer: Decodable {
            struct Channel: Decodable { let id: String }
            let channel: Channel
        }
        let answer = try await call(
            "conversations.open", token: .bot, arguments: JSONBody.encode(["users": user]), about: user,
            as: Answer.self)
        return answer.channel.id
    }

    /// `apps.connections.open` with the app-level token: the `wss://` URL of a new Socket Mode connection.
    // https://api.slack.com/methods/apps.connections.open — "Arguments" (none but the token)
    package func openSocketConnection() async throws(SlackAPIFailure) -> URL {
        struct Answer: Decodable { let url: String }
        let answer = try await call(
            "apps.connections.open", token: .app, arguments: Array("{}".utf8), about: nil, as: Answer.self)
        guard let url = URL(string: answer.url), url.scheme == "wss" || url.scheme == "ws" else {
            throw SlackAPIFailure(DeliveryFailure("Slack's apps.connections.open gave no WebSocket URL"))
        }
        return url
    }
}
