import Crypto
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Hummingbird
import Logging
import NIOCore

/// `/whatsapp/webhook`: Meta's verification request (`GET`) and its event notifications (`POST`),
/// each checked against the app secret's signature before it is read, never taken twice.
///
/// A person's message opens the 24-hour window for their number and is handled once by its id:
/// STOP and START opt the number out and in; any other text is a message in a direct conversation
/// with the number (`whatsapp:+15551230000`), whose answer goes into the outbox (WhatsApp takes no
/// answer in the webhook's response) under `whatsapp-answer:ID`. Statuses are logged, numbers
/// masked, and what they report of delivery is recorded on the sent messages' outbox rows. One part that cannot be read is skipped; the rest is handled.
struct WhatsAppWebhookEndpoint: Sendable {
    let account: WhatsAppAccount
    let gateway: CommandGateway
    /// Signatures of posts and ids of messages, remembered for ``replayWindow``.
    let replays: ReplayGuard
    let window: WhatsAppWindow
    let optOuts: OptOutList
    let outbox: Outbox
    let logger: Logger

    /// How long one post waits, in all, for answers before the rest are queued when they are ready
    /// (the gateway's deadline if longer): Meta expects a quick 200.
    static let answersWithin = Duration.seconds(5)
    /// How long a post's signature and a message's id are remembered: Meta retries a failed
    /// delivery for up to 7 days.
    static let replayWindow: TimeInterval = 30 * 86_400

    /// The answer to the verification request with `query`: the challenge as text, or 403.
    func verify(query: String?) -> Response {
        guard let challenge = WhatsAppVerification.challenge(query: query, verifyToken: account.verifyToken) else {
            logger.warning("a WhatsApp verification request did not carry the verify token")
            return Response(status: .forbidden)
        }
        return Response(
            status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: challenge)))
    }

    /// Handles an event notification.
    func receive(_ request: RawRequest) async throws(WebhookRejection) -> Response {
        guard let header = request.header("X-Hub-Signature-256") else {
            throw .unauthorized("the X-Hub-Signature-256 header is missing")
        }
        guard let signature = WhatsAppSignature.bytes(of: header),
            WhatsAppSignature.isValid(header, for: request.body, appSecret: account.appSecret)
        else { throw .unauthorized("the X-Hub-Signature-256 signature does not match") }
        let now = gateway.clock.now
        guard try await replays.firstUse(of: signature, signedAt: now, now: now) else {
            throw .unauthorized("this notification was already received (a replay)")
        }
        let notification: WhatsAppNotification
        do throws(WhatsAppNotificationError) {
            notification = try WhatsAppNotification.read(request.body, phoneNumberID: account.phoneNumberID)
        } catch {
            throw .badRequest("the notification cannot be read: \(error)")
        }
        for reason in notification.skipped { logger.warning("a WhatsApp notification part was skipped: \(reason)") }
        log(notification.statuses)
        // A delivery report that cannot be recorded now is left out, not answered 503: this post's
        // signature is taken already, so Meta's retry would be refused with the post's messages.
        do {
            try await record(notification.statuses, at: now)
        } catch {
            logger.error(
                "the WhatsApp statuses could not be recorded, the messages' delivery goes unreported: \(error)")
        }
        let started = ContinuousClock.now
        let budget = max(Self.answersWithin, gateway.acknowledgeAfter)
        for message in notification.messages {
            let left = budget - (ContinuousClock.now - started)
            do {
                try await handle(message, at: now, waiting: max(.zero, left))
            } catch let rejection as WebhookRejection {
                throw rejection
            } catch {
                logger.error("the WhatsApp message from \(message.from.masked) could not be handled: \(error)")
                throw WebhookRejection(.serviceUnavailable, "the message could not be handled now")
            }
        }
        return Response(status: .ok)
    }

    /// Handles one message, once: records the window, acts on STOP and START, answers the rest.
    private func handle(_ message: WhatsAppIncomingMessage, at now: Date, waiting limit: Duration) async throws {
        let key = Array(SHA256.hash(data: Array("whatsapp-message:\(message.id)".utf8)))
        guard try await replays.firstUse(of: key, signedAt: now, now: now) else {
            logger.info("the WhatsApp message \(message.id) was already handled")
            return
        }
        let number = message.from
        try await window.open(for: number, sentAt: message.sentAt, now: now)
        guard let text = message.text else {
            logger.info("a \(message.type) message from \(number.masked) is not answered: only text is read")
            return
        }
        let person = WhatsAppPlatform.user(number)
        let answerKey = "whatsapp-answer:\(message.id)"
        // STOP and START as carriers read them; HELP is a question like any other here.
        switch CarrierKeyword(message: text) {
        case .optOut:
            let (language, school) = try await gateway.dispatcher.languageAndSchool(
                of: person, adapter: WhatsAppPlatform.platform.rawValue)
            try await optOuts.add(number.e164, how: "STOP", at: now)
            // The one message that still goes to the number: the sender lets its key through.
            try await outbox.enqueue(
                adapter: WhatsAppPlatform.platform.rawValue, target: .user(person),
                lines: [WhatsAppWords(language).optedOut(school: school.name)],
                idempotencyKey: WhatsAppMessageSender.stopConfirmationPrefix + message.id)
            logger.info("\(number.masked) opted out of WhatsApp messages")
            return
        case .optIn:
            let (language, school) = try await gateway.dispatcher.languageAndSchool(
                of: person, adapter: WhatsAppPlatform.platform.rawValue)
            try await optOuts.remove(number.e164)
            try await outbox.enqueue(
                adapter: WhatsAppPlatform.platform.rawValue, target: .user(person),
                lines: [WhatsAppWords(language).optedIn(school: school.name)], idempotencyKey: answerKey)
            logger.info("\(number.masked) opted in to WhatsApp messages again")
            return
        case .help, nil:
            break
        }
        if try await optOuts.contains(number.e164) {
            logger.info("a message from \(number.masked), who sent STOP, is not answered (START opts in again)")
            return
        }
        let incoming = IncomingMessage(
            sender: person, senderIsVerified: true, conversation: .direct, text: text, receivedAt: now)
        let (outbox, logger) = (outbox, logger)
        let outcome = await gateway.answer(incoming, within: limit) { late in
            guard let late, !late.lines.isEmpty else { return }
            do {
                try await outbox.enqueue(
                    adapter: WhatsAppPlatform.platform.rawValue, target: .user(person), lines: late.lines,
                    idempotencyKey: answerKey)
            } catch {
                logger.error("the late answer to \(number.masked) could not be queued: \(error)")
            }
        }
        guard case .onTime(let reply) = outcome, let reply, !reply.lines.isEmpty else { return }
        try await outbox.enqueue(
            adapter: WhatsAppPlatform.platform.rawValue, target: .user(person), lines: reply.lines,
            idempotencyKey: answerKey)
    }

    /// Records on the sent messages' outbox rows what `statuses` report (delivered, read, failed),
    /// each at its own time when Meta gave one (never later than `now`); a status of a message
    /// Homeroom did not send is ignored, a repeated or late one changes nothing.
    private func record(_ statuses: [WhatsAppStatus], at now: Date) async throws {
        for status in statuses {
            guard let report = status.report else { continue }
            try await outbox.recordDelivery(
                report, ofPlatformMessage: status.messageID, adapter: WhatsAppPlatform.platform.rawValue,
                at: min(status.reportedAt ?? now, now))
        }
    }

    /// Logs each status, the number masked: failures as warnings with Meta's error codes.
    private func log(_ statuses: [WhatsAppStatus]) {
        guard !statuses.isEmpty else { return }
        var counts: [String: Int] = [:]
        for status in statuses {
            counts[status.stage, default: 0] += 1
            let to = status.recipient?.masked ?? "an unknown number"
            if status.stage == "failed" {
                let codes = status.errorCodes.map(String.init).joined(separator: ", ")
                logger.warning("the WhatsApp message \(status.messageID) to \(to) failed (error \(codes))")
            } else {
                logger.debug("the WhatsApp message \(status.messageID) to \(to) is \(status.stage)")
            }
        }
        let summary = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        logger.info("WhatsApp statuses: \(summary)")
    }

}
