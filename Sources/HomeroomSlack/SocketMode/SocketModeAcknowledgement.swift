import HomeroomWebhooks

/// What acknowledges an envelope: `{"envelope_id": …}`, with a slash command's answer as
/// `payload` when it is ready in time
/// (https://api.slack.com/apis/socket-mode — "Acknowledging events" and "Responding to events").
struct SocketModeAcknowledgement: Sendable, Encodable {
    let envelopeID: String
    /// The answer, for an envelope that accepts a response payload.
    let payload: SlashCommandMessage?

    enum CodingKeys: String, CodingKey {
        case envelopeID = "envelope_id"
        case payload
    }

    init(envelopeID: String, payload: SlashCommandMessage? = nil) {
        self.envelopeID = envelopeID
        self.payload = payload
    }

    /// The text of the WebSocket message.
    var text: String { String(decoding: JSONBody.encode(self), as: UTF8.self) }
}
