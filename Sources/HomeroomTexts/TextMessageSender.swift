import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Logging

/// Delivers text notifications from the outbox (subscriptions, circle posts, late answers): each
/// to one person's number, never to a number that opted out, in at most the configured segments
/// with the rest kept for MORE, paced to the sending number's rate. The gateway's 429 and 5xx are
/// retried by the outbox, with its `Retry-After`; a number the gateway reports opted out is
/// recorded and given up. The gateway's id of each text is kept on its outbox row, so that the
/// delivery statuses the gateway posts (``TextStatusEndpoint``) are recorded against it.
struct TextMessageSender: MessageSender {
    let adapter = TextsPlatform.platform.rawValue
    let provider: any TextMessageProvider
    let optOuts: OptOutList
    let book: TextPageBook
    let paging: TextPaging
    let pacer: SendPacer
    let outbox: Outbox
    let database: any Database
    let clock: any HomeroomClock
    /// Where the gateway reports each text's statuses.
    let statusCallback: URL
    /// The language of a person who chose none.
    let schoolLanguage: Language
    /// The prefix commands are written with in the notes.
    let prefix: String
    let logger: Logger

    func send(_ message: OutboxMessage) async throws {
        guard case .user(let user) = message.target, user.adapter == adapter,
            let number = PhoneNumber(user.id, assumingNorthAmerica: false), number.e164 == user.id
        else {
            throw DeliveryFailure(
                "texts go to a person's number (sms:+15551230000), not to \(message.target)", isPermanent: true)
        }
        if try await optOuts.contains(number.e164) {
            throw DeliveryFailure(
                "\(number.masked) opted out of texts (STOP); nothing is sent to it", isPermanent: true)
        }
        let language =
            try await database.read { [outbox, adapter] db in
                try await outbox.language(of: message.target, adapter: adapter, on: db)
            } ?? schoolLanguage
        let pages = paging.pages(message.lines, words: TextWords(language, prefix: prefix))
        guard let first = pages.first else { return }
        try await pacer.waitToSend(units: SegmentCount(of: first).segments)
        let messageID: String
        do {
            messageID = try await provider.send(first, to: number, statusCallback: statusCallback)
        } catch let refusal as TextSendFailure {
            try await optOuts.add(number.e164, how: refusal.description, at: clock.now)
            throw DeliveryFailure("\(number.masked) opted out of texts (\(refusal))", isPermanent: true)
        }
        // The text went out: a record that cannot be written must not make the outbox send it again.
        do {
            try await outbox.recordPlatformMessageID(messageID, of: message)
        } catch {
            logger.warning(
                "the text \(messageID) to \(number.masked) went out; its delivery will not be reported: \(error)")
        }
        try await book.keep(Array(pages.dropFirst()), language: language, for: number, at: clock.now)
    }
}
