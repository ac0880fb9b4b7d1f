import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Logging

/// Delivers e-mail notifications from the outbox (subscriptions, circle posts, late answers):
/// each to one person's address (`email:parent@families.example`), never to an address that
/// unsubscribed, as multipart text and HTML in the person's language with a one-click unsubscribe
/// link, paced to the configured rate. The server's 4xx and failed connections are retried by
/// the outbox; its 5xx refusals of the message are given up at once, with its words.
struct EmailSender: MessageSender {
    let adapter = EmailPlatform.platform.rawValue
    let delivery: EmailDelivery
    let client: SMTPClient
    let unsubscribes: OptOutList
    let pacer: SendPacer
    let dispatcher: Dispatcher
    let clock: any HomeroomClock
    let logger: Logger

    func send(_ message: OutboxMessage) async throws {
        guard case .user(let user) = message.target, user.adapter == adapter,
            let address = EmailAddress(user.id), address.description == user.id
        else {
            throw DeliveryFailure(
                "e-mails go to a person's address (email:parent@families.example), not to \(message.target)",
                isPermanent: true)
        }
        if try await unsubscribes.contains(address.description) {
            throw DeliveryFailure(
                "\(address.masked) unsubscribed from e-mail; nothing is sent to it", isPermanent: true)
        }
        let (language, school) = try await dispatcher.languageAndSchool(of: user, adapter: adapter)
        let now = clock.now
        let token = UnsubscribeToken.make(
            for: address, expires: now.addingTimeInterval(UnsubscribeToken.lifetime),
            secret: delivery.unsubscribeSecret)
        let unsubscribeURL = EmailPlatform.unsubscribeURL(publicURL: delivery.publicURL, token: token)
        let mail = NotificationMail(
            lines: message.lines, school: school.name, unsubscribeURL: unsubscribeURL, words: EmailWords(language))
        let rendered = MailMessage(
            from: delivery.from, fromName: delivery.fromName ?? school.name, to: address, subject: mail.subject,
            date: now, messageID: Self.messageID(of: message, domain: delivery.from.domain),
            unsubscribeURL: unsubscribeURL, text: mail.text, html: mail.html,
            boundary: "homeroom-" + UUID().uuidString
        ).rendered()
        try await pacer.waitToSend()
        do {
            try await client.send(rendered, to: address)
        } catch let failure as DeliveryFailure {
            logger.warning("an e-mail to \(address.masked) failed: \(failure)")
            throw failure
        }
    }

    /// The same for every attempt at one outbox message (a receiver can drop a repeat after a
    /// crash), and distinct across rows and notifications.
    static func messageID(of message: OutboxMessage, domain: Substring) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in message.idempotencyKey.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "homeroom.\(message.id).\(String(hash, radix: 36))@\(domain)"
    }
}
