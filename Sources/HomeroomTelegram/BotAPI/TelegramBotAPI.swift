import Foundation
import HomeroomCore

/// The Bot API methods the bot calls (https://core.telegram.org/bots/api#making-requests): "All
/// queries to the Telegram Bot API must be served over HTTPS and need to be presented in this
/// form: https://api.telegram.org/bot<token>/METHOD_NAME", here with JSON bodies. The token is in
/// the address, so no error or log line ever quotes the address.
package struct TelegramBotAPI: Sendable {
    let baseURL: URL
    let token: String
    let fetcher: any HTTPFetching
    /// The deadline of a request other than a long poll.
    let timeout: Duration

    /// The most bytes read of an answer: 100 updates of long texts fit.
    static let maximumAnswerBytes = 1_048_576

    package init(baseURL: URL, token: String, fetcher: any HTTPFetching, timeout: Duration) {
        self.baseURL = baseURL
        self.token = token
        self.fetcher = fetcher
        self.timeout = timeout
    }

    /// `getUpdates` from `offset`, waiting up to `timeout` seconds for one to come ("Timeout in
    /// seconds for long polling"; "offset: Identifier of the first update to be returned … An update
    /// is considered confirmed as soon as getUpdates is called with an offset higher than its
    /// update_id").
    package func updates(from offset: Int64?, timeout seconds: Int) async throws(TelegramAPIError)
        -> TelegramUpdateBatch
    {
        var body: [String: Any] = [
            "timeout": seconds, "limit": TelegramUpdateBatch.maximumUpdates, "allowed_updates": ["message"],
        ]
        if let offset { body["offset"] = offset }
        return try await call("getUpdates", body, deadline: .seconds(seconds) + timeout)
    }

    /// `sendMessage` of `html` (already escaped, within 4096 characters) to chat `chatID`, with
    /// `parse_mode` HTML (https://core.telegram.org/bots/api#sendmessage); returns the message's number.
    @discardableResult
    package func sendMessage(_ html: String, to chatID: Int64) async throws(TelegramAPIError) -> Int64 {
        let body: [String: Any] = [
            "chat_id": chatID, "text": html, "parse_mode": "HTML",
            "link_preview_options": ["is_disabled": true],
        ]
        let sent: SentMessage = try await call("sendMessage", body, deadline: timeout)
        return sent.messageID
    }

    /// The `Message` sendMessage answers with, for its number.
    private struct SentMessage: Decodable, Sendable {
        let messageID: Int64
        enum CodingKeys: String, CodingKey { case messageID = "message_id" }
    }

    private func call<Result: Decodable & Sendable>(
        _ method: String, _ body: [String: Any], deadline: Duration
    ) async throws(TelegramAPIError) -> Result {
        let url = baseURL.appendingPathComponent("bot" + token).appendingPathComponent(method)
        let json = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data("{}".utf8)
        var request = OutgoingRequest(url: url, json: Array(json), timeout: deadline)
        request.maximumResponseBytes = Self.maximumAnswerBytes
        let response: OutgoingResponse
        do {
            response = try await fetcher.send(request)
        } catch {
            throw TelegramAPIError(.noAnswer, code: 0, detail: error.message.replacingOccurrences(of: token, with: "…"))
        }
        switch TelegramAnswer<Result>.read(status: response.status, body: response.body) {
        case .success(let result): return result
        case .failure(let error): throw error
        }
    }
}
