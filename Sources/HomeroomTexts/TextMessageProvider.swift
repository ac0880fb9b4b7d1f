import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Hummingbird

/// A text-message gateway behind Homeroom's texts: how it posts an incoming text and a delivery
/// status, how an answer rides back in the response, and how a text is sent. Twilio's
/// Programmable Messaging is the first (``TwilioProvider``); another gateway is one more type.
package protocol TextMessageProvider: Sendable {
    /// The gateway's name in paths and logs (`twilio`): texts arrive at `/sms/NAME`, statuses at
    /// `/sms/NAME/status`.
    var name: String { get }

    /// The text `request`, posted to `path`, carries, once its signature is checked: 401 when it
    /// is missing or wrong, 400 when the request is no text.
    func incomingText(_ request: RawRequest, path: String) throws(WebhookRejection) -> IncomingText

    /// The delivery status `request`, posted to `path`, reports, once its signature is checked.
    func deliveryStatus(_ request: RawRequest, path: String) throws(WebhookRejection) -> TextDeliveryStatus

    /// The response to an incoming text, carrying `reply` back to the sender (nil: no text back).
    func response(replying reply: String?) -> Response

    /// Sends `text` to `number`, asking for its statuses at `statusCallback`; returns the gateway's
    /// id for it. Throws ``TextSendFailure/optedOut`` when the gateway knows the number opted out,
    /// otherwise a ``DeliveryFailure`` saying whether to retry.
    func send(_ text: String, to number: PhoneNumber, statusCallback: URL) async throws -> String
}

/// A text a person sent, as its gateway vouched for it.
package struct IncomingText: Sendable, Equatable {
    /// The gateway's id for the message; a second request with it is a repeat.
    package let messageID: String
    /// Who sent it: the number the carrier delivered it from.
    package let from: PhoneNumber
    /// What it says.
    package let body: String
    /// The request's signature, the key it is refused by when it comes again.
    package let signature: [UInt8]

    /// A text `body` from `from`, with the gateway's `messageID` and the request's `signature`.
    package init(messageID: String, from: PhoneNumber, body: String, signature: [UInt8]) {
        self.messageID = messageID
        self.from = from
        self.body = body
        self.signature = signature
    }
}

/// Where a sent text got to, as its gateway reported it.
package struct TextDeliveryStatus: Sendable, Equatable {
    /// The stages a text passes.
    package enum Stage: String, Sendable {
        case queued, sending, sent, delivered, undelivered, failed, other
    }

    /// The gateway's id for the text.
    package let messageID: String
    /// Whom it was for.
    package let to: PhoneNumber?
    /// Where it got to.
    package let stage: Stage
    /// The gateway's error code, when it failed.
    package let errorCode: Int?
    /// True when it failed because the number opted out.
    package let recipientOptedOut: Bool

    /// What the delivery report records of this status: delivered; undelivered or failed with
    /// the gateway's error code; nil for the stages on the way (queued, sent, …).
    package var report: Outbox.DeliveryReport? {
        let code = errorCode.map { "error \($0)" } ?? "no error code"
        return switch stage {
        case .delivered: .delivered
        case .undelivered, .failed: .undelivered(reason: "\(stage.rawValue) (\(code))")
        case .queued, .sending, .sent, .other: nil
        }
    }

    /// A status of text `messageID` for `to`.
    package init(messageID: String, to: PhoneNumber?, stage: Stage, errorCode: Int?, recipientOptedOut: Bool) {
        self.messageID = messageID
        self.to = to
        self.stage = stage
        self.errorCode = errorCode
        self.recipientOptedOut = recipientOptedOut
    }
}

/// A send the gateway refused because the number opted out (replied STOP to it directly).
package struct TextSendFailure: Error, CustomStringConvertible {
    /// What the gateway said.
    package let description: String

    /// The number opted out, as the gateway said in `description`.
    package static func optedOut(_ description: String) -> TextSendFailure { TextSendFailure(description: description) }
}
