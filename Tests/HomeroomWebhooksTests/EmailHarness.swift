import Foundation
import HomeroomCore
import HomeroomEmail
import HomeroomEngine
import HomeroomTestbed
import HomeroomTesting
import HomeroomWebhooks
import Testing

/// The webhook server with e-mail switched on, sending through a real SMTP server on loopback
/// (``SMTPServer``: aiosmtpd with STARTTLS required and AUTH) whose self-signed certificate is the
/// configured `caFile`; the public address in the unsubscribe links is a proxy's,
/// `https://homeroom.school.example`. The sender paces e-mails on a manual clock of their own
/// (``pacing``), which ``whilePacing(_:)`` advances while the sender waits.
struct EmailHarness {
    static let publicURL = "https://homeroom.school.example"
    static let from = "homeroom@school.example"
    static let parent = "parent@families.example"
    static let secret = "unsubscribe-secret-for-tests-0123456789"
    static let parentID = UserID(adapter: "email", id: parent)

    let web: WebhookHarness
    let smtp: SMTPServer
    /// The configured sender.
    let sender: any MessageSender
    /// Delivers the outbox's e-mails through ``sender``.
    let worker: OutboxDeliveryWorker
    /// The clock the sender paces on.
    let pacing: TestClock

    var outbox: Outbox { web.bot.runtime.outbox }

    /// Starts the SMTP server (with TLS unless `serverOffersTLS` is false), the bot and the web
    /// server with e-mail set up to sign in with `password` and `requireTLS`; runs `body`; stops them.
    static func with(
        password: String = SMTPServer.password, requireTLS: Bool = true, serverOffersTLS: Bool = true,
        _ body: (EmailHarness) async throws -> Void
    ) async throws {
        try await SMTPServer.with(offersTLS: serverOffersTLS) { smtp in
            let delivery = try #require(
                EmailDelivery(
                    smtpURL: try smtp.url, username: SMTPServer.username, password: password, from: from,
                    requireTLS: requireTLS, caFile: serverOffersTLS ? smtp.certificate.path : nil,
                    publicURL: URL(string: publicURL)!, unsubscribeSecret: secret))
            let pacing = TestClock("2026-11-23T08:00:00-05:00")
            try await WebhookHarness.with(
                at: "2026-11-23T08:00:00-05:00",
                settings: { settings in settings.email = EmailSettings(delivery: delivery, messagesPerMinute: 6000) }
            ) { web in
                let sender = try #require(
                    EmailPlatform.sender(web.settings, dependencies: web.dependencies, clock: pacing))
                let worker = OutboxDeliveryWorker(
                    outbox: web.bot.runtime.outbox, sender: sender, logger: TestBot.testLogger())
                try await body(EmailHarness(web: web, smtp: smtp, sender: sender, worker: worker, pacing: pacing))
            }
        }
    }

    /// Queues a notification of `lines` for `address`.
    func notify(_ lines: [String], to address: String = EmailHarness.parent, key: String) async throws {
        try await outbox.enqueue(
            adapter: "email", target: .user(UserID(adapter: "email", id: address)), lines: lines, idempotencyKey: key)
    }

    /// Delivers what is due; returns how many went out.
    func deliverDue() async throws -> Int {
        try await whilePacing { try await worker.deliverDue() }
    }

    /// Sends the first due message through the sender itself; returns how it failed (nil: sent).
    func sendFirstDue() async throws -> DeliveryFailure? {
        let message = try #require(try await outbox.due(for: "email").first)
        do {
            try await whilePacing { try await sender.send(message) }
            return nil
        } catch let failure as DeliveryFailure {
            return failure
        }
    }

    /// Runs `body`, moving the pacing clock on while the sender waits for it.
    func whilePacing<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
        let advancing = Task { [pacing] in
            while !Task.isCancelled {
                try await Task.sleep(for: .milliseconds(1))
                if pacing.sleeperCount > 0 { pacing.advance(by: 0.01) }
            }
        }
        defer { advancing.cancel() }
        return try await body()
    }

    /// The token of the one-click link in `mail`'s `List-Unsubscribe`.
    static func token(in mail: SMTPReceivedMail) throws -> String {
        let header = try #require(mail.header("List-Unsubscribe"))
        let prefix = "<\(publicURL)/email/unsubscribe?t="
        #expect(header.hasPrefix(prefix) && header.hasSuffix(">"), "\(header)")
        return String(header.dropFirst(prefix.count).dropLast())
    }
}
