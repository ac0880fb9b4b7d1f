import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Logging

/// Delivers WhatsApp messages from the outbox (answers, subscriptions, circle posts), each to one
/// person's number, never to a number that sent STOP, paced to the number's throughput:
/// - within 24 hours of the person's last message, as text, cut into texts of 4,096 characters;
/// - outside that window, through the configured template (its `{{1}}` carrying the text); with no
///   template, not at all: the delivery is given up, saying why.
/// The Cloud API's 429s, rate-limit errors and 5xx are retried by the outbox; a long notification
/// cut short by one resumes after the parts already sent. The id of a notification's last part is
/// kept on its outbox row: its statuses (``WhatsAppWebhookEndpoint``) say whether the notification
/// was delivered.
struct WhatsAppMessageSender: MessageSender {
    let adapter = WhatsAppPlatform.platform.rawValue
    let api: WhatsAppCloudAPI
    let template: WhatsAppTemplate?
    let window: WhatsAppWindow
    let optOuts: OptOutList
    let partsSent: WhatsAppPartsSent
    let pacer: SendPacer
    /// Where the id of each sent message is kept, for the delivery statuses Meta posts.
    let outbox: Outbox
    let clock: any HomeroomClock
    let logger: Logger

    /// The key prefix of the confirmation of STOP, the one message sent to a number that opted out.
    static let stopConfirmationPrefix = "whatsapp-stop:"

    func send(_ message: OutboxMessage) async throws {
        guard case .user(let user) = message.target, user.adapter == adapter,
            let number = PhoneNumber(user.id, assumingNorthAmerica: false), number.e164 == user.id
        else {
            throw DeliveryFailure(
                "WhatsApp messages go to a person's number (whatsapp:+15551230000), not to \(message.target)",
                isPermanent: true)
        }
        if !message.idempotencyKey.hasPrefix(Self.stopConfirmationPrefix), try await optOuts.contains(number.e164) {
            throw DeliveryFailure("\(number.masked) sent STOP; nothing is sent to it until START", isPermanent: true)
        }
        let parts: [WhatsAppCloudAPI.Message]
        if try await window.isOpen(for: number, at: clock.now) {
            parts = WhatsAppTextParts.texts(message.lines).map { .text($0) }
        } else if let template {
            parts = WhatsAppTextParts.templateParameters(message.lines).map { .template(template, parameter: $0) }
        } else {
            throw DeliveryFailure(
                "not sent: \(number.masked) last wrote more than 24 hours ago, outside WhatsApp's 24-hour "
                    + "customer-service window, and no notificationTemplate is configured (webhooks.whatsapp)",
                isPermanent: true)
        }
        let alreadySent = parts.count > 1 ? try await partsSent.count(of: message) : 0
        var lastID: String?
        for (index, part) in parts.enumerated() where index >= alreadySent {
            try await pacer.waitToSend()
            lastID = try await api.send(part, to: number)
            if index + 1 < parts.count {
                try await partsSent.record(index + 1, of: message, to: number, at: clock.now)
            }
        }
        if parts.count > 1 { try await partsSent.forget(message) }
        // The message went out: a record that cannot be written must not make the outbox send it again.
        if let lastID {
            do {
                try await outbox.recordPlatformMessageID(lastID, of: message)
            } catch {
                logger.warning("the WhatsApp message \(lastID) went out; its delivery will not be reported: \(error)")
            }
        }
        logger.debug("sent \(parts.count) WhatsApp message(s) to \(number.masked)")
    }
}
