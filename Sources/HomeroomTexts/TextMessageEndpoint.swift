import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Hummingbird
import Logging

/// `POST /sms/twilio`: a text a person sent to the school's number, checked against the
/// gateway's signature and never taken twice, then answered in the response:
/// - the carrier keywords first (``CarrierKeyword``): STOP and its kin opt the number out of every
///   text, START opts it back in, HELP names the school and its contact;
/// - nothing at all to a number that opted out;
/// - MORE sends the next page of what did not fit;
/// - anything else is a message in a direct conversation with the number (`sms:+15551230000`),
///   plain questions included, answered at most ``TextsPlatform/Settings/maximumSegments``
///   segments at a time. An answer later than the gateway waits for goes out as a text of its own.
struct TextMessageEndpoint: Sendable {
    let provider: any TextMessageProvider
    let gateway: CommandGateway
    /// Incoming texts' signatures, remembered for ``replayWindow``: the gateway signs no time.
    let replays: ReplayGuard
    let optOuts: OptOutList
    let book: TextPageBook
    let paging: TextPaging
    let outbox: Outbox
    let logger: Logger

    /// How long the gateway waits for the answer in its response before the answer goes as a
    /// text of its own (Twilio gives up on a webhook after 15 s).
    static let answerWithin = Duration.seconds(10)
    /// How long an incoming text's signature is remembered.
    static let replayWindow: TimeInterval = 30 * 86_400

    func respond(to request: RawRequest, path: String) async throws(WebhookRejection) -> Response {
        let text = try provider.incomingText(request, path: path)
        let now = gateway.clock.now
        guard try await replays.firstUse(of: text.signature, signedAt: now, now: now) else {
            throw .unauthorized("this text was already received (a replay)")
        }
        do {
            return provider.response(replying: try await answer(text, at: now))
        } catch {
            logger.error("answering a text from \(text.from.masked) failed: \(error)")
            throw WebhookRejection(.serviceUnavailable, "the text could not be answered now")
        }
    }

    /// The text sent back for `text`; nil for none.
    private func answer(_ text: IncomingText, at now: Date) async throws -> String? {
        let number = text.from
        let person = TextsPlatform.user(number)
        if let keyword = CarrierKeyword(message: text.body) {
            return try await answer(keyword, from: number, at: now)
        }
        if try await optOuts.contains(number.e164) {
            logger.info("a text from \(number.masked), who opted out, is not answered (START opts in again)")
            return nil
        }
        if Self.asksForMore(text.body) {
            let language = try await gateway.dispatcher.languageAndSchool(
                of: person, adapter: TextsPlatform.platform.rawValue
            ).language
            guard let next = try await book.takeNext(for: number, at: now) else {
                return TextWords(language, prefix: gateway.prefix).nothingMore
            }
            return next.page
        }
        let message = IncomingMessage(
            sender: person, senderIsVerified: true, conversation: .direct, text: text.body, receivedAt: now)
        let (outbox, logger) = (outbox, logger)
        let messageID = text.messageID
        let outcome = await gateway.answer(message, within: Self.answerWithin) { late in
            guard let late, !late.lines.isEmpty else { return }
            do {
                try await outbox.enqueue(
                    adapter: TextsPlatform.platform.rawValue, target: .user(person), lines: late.lines,
                    idempotencyKey: "sms-answer:\(messageID)")
            } catch {
                logger.error("the late answer to \(number.masked) could not be queued: \(error)")
            }
        }
        guard case .onTime(let reply) = outcome, let reply, !reply.lines.isEmpty else { return nil }
        var language = reply.language
        if language == nil {
            language = try await gateway.dispatcher.languageAndSchool(
                of: person, adapter: TextsPlatform.platform.rawValue
            ).language
        }
        let pages = paging.pages(reply.lines, words: TextWords(language ?? .english, prefix: gateway.prefix))
        try await book.keep(Array(pages.dropFirst()), language: language, for: number, at: now)
        return pages.first
    }

    /// The answer to a carrier keyword from `number`, in its person's language, naming their school.
    private func answer(_ keyword: CarrierKeyword, from number: PhoneNumber, at now: Date) async throws -> String? {
        let (language, school) = try await gateway.dispatcher.languageAndSchool(
            of: TextsPlatform.user(number), adapter: TextsPlatform.platform.rawValue)
        let words = TextWords(language, prefix: gateway.prefix)
        switch keyword {
        case .optOut:
            try await optOuts.add(number.e164, how: "STOP", at: now)
            try await book.keep([], language: nil, for: number, at: now)
            logger.info("\(number.masked) opted out of texts")
            return words.optedOut(school: school.name)
        case .optIn:
            try await optOuts.remove(number.e164)
            logger.info("\(number.masked) opted in to texts again")
            return words.optedIn(school: school.name)
        case .help:
            return words.help(school: school.name, contact: school.contact)
        }
    }

    /// True for MORE (any case, `/more`, `!more`, `more.`), the reply that asks for the next page.
    static func asksForMore(_ body: String) -> Bool {
        body.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
            .caseInsensitiveCompare("more") == .orderedSame
    }
}
