import Crypto
import Foundation
import HomeroomWebhooks

/// An envelope Slack sends over Socket Mode, to be acknowledged with its `envelope_id` within 3 s
/// (https://api.slack.com/apis/socket-mode — "Acknowledging events"). Its payload is what the HTTP
/// endpoints would have received: a slash command's fields, or an Events API callback.
package struct SocketModeEnvelope: Sendable, Decodable {
    /// What the envelope carries.
    package enum Payload: Sendable {
        /// `slash_commands`: the fields of the form `/slack/commands` takes, as JSON.
        case slashCommand(SlashCommandForm)
        /// `events_api`: an `event_callback`.
        case event(SlackEventCallback)
        /// `interactive` and other types, acknowledged and not answered.
        case other(type: String)
        /// A payload that does not have the fields its type promises, and why.
        case unreadable(String)
    }

    /// Acknowledges the envelope.
    package let envelopeID: String
    package let payload: Payload
    /// True when the acknowledgement may carry the answer (slash commands).
    let acceptsResponsePayload: Bool
    /// How many times Slack sent the envelope before (0 or absent the first time).
    package let retryAttempt: Int
    /// Why Slack sends it again (`timeout`, …).
    let retryReason: String?

    enum CodingKeys: String, CodingKey {
        case envelopeID = "envelope_id"
        case type, payload
        case acceptsResponsePayload = "accepts_response_payload"
        case retryAttempt = "retry_attempt"
        case retryReason = "retry_reason"
    }

    init(
        envelopeID: String, payload: Payload, acceptsResponsePayload: Bool = false, retryAttempt: Int = 0,
        retryReason: String? = nil
    ) {
        self.envelopeID = envelopeID
        self.payload = payload
        self.acceptsResponsePayload = acceptsResponsePayload
        self.retryAttempt = retryAttempt
        self.retryReason = retryReason
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        envelopeID = try container.decode(String.self, forKey: .envelopeID)
        acceptsResponsePayload = (try? container.decodeIfPresent(Bool.self, forKey: .acceptsResponsePayload)) ?? false
        retryAttempt = max(0, (try? container.decodeIfPresent(Int.self, forKey: .retryAttempt)) ?? 0)
        retryReason = try? container.decodeIfPresent(String.self, forKey: .retryReason)
        let type = try container.decode(String.self, forKey: .type)
        do {
            switch type {
            case "slash_commands":
                payload = .slashCommand(try container.decode(SlashCommandForm.self, forKey: .payload))
            case "events_api":
                payload = .event(try container.decode(SlackEventCallback.self, forKey: .payload))
            default:
                payload = .other(type: type)
            }
        } catch let error as DecodingError {
            payload = .unreadable("its \(type) payload: \(JSONBody.describe(error))")
        }
    }

    /// What makes two deliveries of one envelope the same: an event's `event_id` (Slack sends a
    /// retried event in a new envelope), otherwise the `envelope_id`.
    package var deliveryKey: String {
        if case .event(let callback) = payload, let eventID = callback.eventID, !eventID.isEmpty {
            return "event:\(eventID)"
        }
        return "envelope:\(envelopeID)"
    }

    /// ``deliveryKey`` as the replay guard keeps it: a fixed-size digest, apart from request signatures.
    package var replayKey: [UInt8] {
        Array(SHA256.hash(data: Array("slack-socket-mode:\(deliveryKey)".utf8)))
    }
}
