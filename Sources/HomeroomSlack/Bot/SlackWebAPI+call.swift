import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks

extension SlackWebAPI {
    /// Which of the two tokens a method takes.
    enum Token {
        /// The bot token (`xoxb-`), for posting and opening conversations.
        case bot
        /// The app-level token (`xapp-`), for Socket Mode.
        case app

        /// The setting that holds it, named when it is missing or refused.
        var setting: String { self == .bot ? "webhooks.slack.botToken" : "webhooks.slack.appToken" }
        /// Its name in an admin's words.
        var name: String { self == .bot ? "bot token" : "app-level token" }
    }

    /// What every method answers (https://api.slack.com/web — "Evaluating responses").
    private struct Envelope: Decodable {
        let ok: Bool
        let error: String?
        /// With `missing_scope`, the scope the method needs.
        let needed: String?
    }

    /// POSTs JSON `arguments` to `method` with `token`, and decodes a successful answer as `Answer`.
    /// `about` (the channel or user) names the target in a refusal.
    func call<Answer: Decodable>(
        _ method: String, token: Token, arguments: [UInt8], about target: String?, as type: Answer.Type
    ) async throws(SlackAPIFailure) -> Answer {
        guard let secret = token == .bot ? botToken : appToken, !secret.isEmpty else {
            throw SlackAPIFailure(DeliveryFailure("Slack: set \(token.setting) to call \(method)", isPermanent: true))
        }
        var request = OutgoingRequest(
            url: baseURL.appendingPathComponent(method), body: arguments,
            contentType: "application/json; charset=utf-8",
            headers: [.init("Authorization", "Bearer \(secret)")], timeout: timeout)
        request.maximumResponseBytes = Self.maximumAnswerBytes
        let response: OutgoingResponse
        do {
            response = try await fetcher.send(request)
        } catch {
            throw SlackAPIFailure(DeliveryFailure("Slack did not answer \(method): \(error.message)"))
        }
        let retryAfter = response.retryAfterSeconds()
        switch response.status {
        case 200..<300: break
        case 429:
            // https://api.slack.com/apis/rate-limits — "Responding to rate limiting conditions"
            throw SlackAPIFailure(DeliveryFailure("Slack rate-limited \(method)", retryAfter: retryAfter ?? 1))
        case 408, 500...:
            throw SlackAPIFailure(
                DeliveryFailure("Slack answered \(response.status) to \(method)", retryAfter: retryAfter))
        default:
            throw SlackAPIFailure(
                DeliveryFailure("Slack refused \(method) with HTTP \(response.status)", isPermanent: true))
        }
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: Data(response.body))
        } catch {
            throw SlackAPIFailure(DeliveryFailure("Slack's answer to \(method) was not JSON"))
        }
        guard envelope.ok else {
            let code = CompactAnswer.clipped(envelope.error ?? "unknown_error", bytes: 60)
            throw SlackAPIFailure(
                Self.refusal(
                    code, of: method, token: token, about: target, needed: envelope.needed, retryAfter: retryAfter),
                code: code)
        }
        do {
            return try JSONDecoder().decode(Answer.self, from: Data(response.body))
        } catch let error as DecodingError {
            throw SlackAPIFailure(DeliveryFailure("Slack's answer to \(method): \(JSONBody.describe(error))"))
        } catch {
            throw SlackAPIFailure(DeliveryFailure("Slack's answer to \(method) was not understood"))
        }
    }

    /// The failure for Slack's error `code`: what to do about it, and whether a retry can help.
    // https://api.slack.com/methods/chat.postMessage — "Errors";
    // https://api.slack.com/methods/conversations.open — "Errors";
    // https://api.slack.com/methods/chat.postEphemeral — "Errors"
    static func refusal(
        _ code: String, of method: String, token: Token, about target: String?, needed: String?, retryAfter: Double?
    ) -> DeliveryFailure {
        let target = target.map { CompactAnswer.clipped($0, bytes: 80) } ?? "it"
        if SlackAPIFailure.refusedTokenCodes.contains(code) {
            return DeliveryFailure(
                "Slack refused the \(token.name): \(code) — set a valid \(token.setting)", isPermanent: true)
        }
        switch code {
        case "channel_not_found":
            return DeliveryFailure(
                "Slack: the bot sees no channel \(target) — check the id, or invite the bot", isPermanent: true)
        case "not_in_channel":
            return DeliveryFailure(
                "Slack: the bot is not in \(target) — invite it with /invite @Homeroom", isPermanent: true)
        case "is_archived":
            return DeliveryFailure("Slack: \(target) is archived — unarchive it or post elsewhere", isPermanent: true)
        case "msg_too_long":
            return DeliveryFailure(
                "Slack: the message to \(target) is too long (40,000 characters at most)", isPermanent: true)
        case "user_not_in_channel":
            return DeliveryFailure("Slack: the person is not in \(target)", isPermanent: true)
        case "user_not_found":
            return DeliveryFailure("Slack: no user \(target) in this workspace", isPermanent: true)
        case "cannot_dm_bot":
            return DeliveryFailure("Slack: \(target) is a bot and takes no direct messages", isPermanent: true)
        case "missing_scope":
            let scope = needed.map { " \(CompactAnswer.clipped($0, bytes: 80))" } ?? ""
            return DeliveryFailure(
                "Slack: the \(token.name) lacks the scope\(scope) — add it and reinstall the app",
                isPermanent: true)
        case "ratelimited":
            return DeliveryFailure("Slack rate-limited \(method)", retryAfter: retryAfter ?? 1)
        case "internal_error", "fatal_error", "service_unavailable", "request_timeout", "team_added_to_org":
            return DeliveryFailure("Slack failed \(method): \(code)", retryAfter: retryAfter)
        default:
            return DeliveryFailure("Slack refused \(method) for \(target): \(code)", isPermanent: true)
        }
    }
}
