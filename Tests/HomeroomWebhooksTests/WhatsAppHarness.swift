import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import HomeroomWebhooks
import HomeroomWhatsApp
import Testing

/// The webhook server with WhatsApp switched on, in front of a loopback Cloud API
/// (``WhatsAppCloudAPIServer``, written from Meta's Cloud API reference). The sender paces
/// messages, and the fake meters them and keeps the 24-hour window, on one manual clock of their
/// own (``pacing``), which ``deliverDue()`` advances while the sender waits and ``passTime(_:)``
/// moves with the bot's.
struct WhatsAppHarness {
    /// A parent's number.
    static let parent = "+15550101234"
    /// The parent's number as WhatsApp writes it (`wa_id`).
    static let parentDigits = "15550101234"
    /// The parent as Homeroom knows them.
    static let parentID = UserID(adapter: "whatsapp", id: parent)
    /// The approved template notifications outside the window go through.
    static let template = WhatsAppTemplate(name: "school_notice", language: "en_US")
    static let verifyToken = "verify-me-0123456789"

    let web: WebhookHarness
    let api: WhatsAppCloudAPIServer
    /// Delivers the outbox's WhatsApp messages through the configured sender.
    let worker: OutboxDeliveryWorker
    /// The clock the sender paces on and the fake meters and keeps the window by.
    let pacing: TestClock

    var bot: TestBot { web.bot }
    var outbox: Outbox { bot.runtime.outbox }

    /// Starts the bot (with a lunch menu for Monday, November 23, 2026), the loopback Cloud API
    /// (with ``template`` approved) and the server; runs `body`; stops them.
    static func with(
        template: WhatsAppTemplate? = nil, messagesPerSecond: Double = 80,
        _ body: (WhatsAppHarness) async throws -> Void
    ) async throws {
        let pacing = TestClock("2026-11-23T08:00:00-05:00")
        let api = try await WhatsAppCloudAPIServer.start(messagesPerSecond: messagesPerSecond, clock: pacing)
        api.approveTemplate(Self.template.name, language: Self.template.language)
        do {
            try await WebhookHarness.with(
                at: "2026-11-23T08:00:00-05:00",
                settings: { settings in
                    settings.whatsapp = WhatsAppSettings(
                        account: WhatsAppAccount(
                            phoneNumberID: WhatsAppCloudAPIServer.phoneNumberID,
                            accessToken: WhatsAppCloudAPIServer.accessToken,
                            appSecret: WhatsAppCloudAPIServer.appSecret, verifyToken: verifyToken,
                            apiURL: api.apiURL, notificationTemplate: template, messagesPerSecond: messagesPerSecond))
                }
            ) { web in
                try await web.bot.loginAsAdmin()
                try await web.bot.expect(#"/lunch set 2026-11-23 specials "Tacos""#, from: "console:admin")
                let sender = try #require(
                    WhatsAppPlatform.sender(web.settings, dependencies: web.dependencies, clock: pacing))
                let worker = OutboxDeliveryWorker(
                    outbox: web.bot.runtime.outbox, sender: sender, logger: TestBot.testLogger())
                try await body(
                    WhatsAppHarness(web: web, api: api, worker: worker, pacing: pacing))
            }
        } catch {
            await api.stop()
            throw error
        }
        await api.stop()
    }

    /// The webhook's URL on the loopback server.
    var webhookURL: URL { URL(string: web.baseURL + "/whatsapp/webhook")! }

    /// Sends `text` from `from` as Meta posts it; returns the webhook's answer and the message id.
    @discardableResult
    func write(_ text: String, from: String = WhatsAppHarness.parent, messageID: String? = nil) async throws
        -> (answer: WhatsAppCloudAPIServer.WebhookAnswer, messageID: String)
    {
        try await api.postText(text, from: from, to: webhookURL, messageID: messageID)
    }

    /// Opens the parent's 24-hour window with a question, and delivers its answer.
    func openWindow(from: String = WhatsAppHarness.parent) async throws {
        try await write("/lunch", from: from)
        #expect(try await deliverDue() == 1, "the answer to /lunch")
    }

    /// Delivers what is due, moving the pacing clock on while the sender waits for it; returns how
    /// many went out.
    func deliverDue() async throws -> Int {
        let pacing = pacing
        let advancing = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: .milliseconds(1))
                if pacing.sleeperCount > 0 { pacing.advance(by: 0.01) }
            }
        }
        defer { advancing.cancel() }
        return try await worker.deliverDue()
    }

    /// Moves the bot's clock and the pacing clock on by `seconds`.
    func passTime(_ seconds: TimeInterval) {
        bot.clock.advance(by: seconds)
        pacing.advance(by: seconds)
    }

    /// Queues a notification of `lines` for `person` under `key`.
    func notify(_ lines: [String], to person: UserID = WhatsAppHarness.parentID, key: String) async throws {
        try await outbox.enqueue(adapter: "whatsapp", target: .user(person), lines: lines, idempotencyKey: key)
    }
}
