import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import HomeroomTexts
import HomeroomWebhooks
import Testing

/// The webhook server with texts through Twilio switched on, in front of a loopback Twilio
/// (``TwilioAPIServer``, written from Twilio's Messages API reference); the public address Twilio
/// signs is a proxy's, `https://homeroom.school.example`. The sender paces texts, and Twilio meters
/// them, on one manual clock of their own (``pacing``), which ``deliverDue()`` advances.
struct TextsHarness {
    static let publicURL = "https://homeroom.school.example"
    /// The school's number, which texts are sent from.
    static let schoolNumber = "+15550100000"
    /// A parent's number.
    static let parent = "+15550101234"

    let web: WebhookHarness
    let twilio: TwilioAPIServer
    /// Delivers the outbox's texts through the configured sender.
    let worker: OutboxDeliveryWorker
    /// The clock the sender paces on and Twilio meters by.
    let pacing: TestClock

    var bot: TestBot { web.bot }

    /// Starts the bot (with a lunch menu for Monday, November 23, 2026 and an admin logged in on
    /// the console), the loopback Twilio and the server; runs `body`; stops them.
    static func with(
        plugins: [any ConfigurablePlugin.Type] = [], segmentsPerSecond: Double = 1,
        throughput: TwilioSenderThroughput = .longCode,
        configure: (inout HomeroomConfiguration) -> Void = { _ in },
        _ body: (TextsHarness) async throws -> Void
    ) async throws {
        let pacing = TestClock("2026-11-23T08:00:00-05:00")
        let twilio = try await TwilioAPIServer.start(clock: pacing, throughput: throughput)
        do {
            try await WebhookHarness.with(
                at: "2026-11-23T08:00:00-05:00", plugins: plugins,
                settings: { settings in
                    settings.sms.twilio = TwilioSettings(
                        accountSID: TwilioAPIServer.accountSID, authToken: TwilioAPIServer.authToken,
                        from: schoolNumber, publicURL: URL(string: publicURL)!, apiURL: twilio.apiBaseURL)
                    settings.sms.segmentsPerSecond = segmentsPerSecond
                },
                configure: configure
            ) { web in
                try await web.bot.loginAsAdmin()
                try await web.bot.expect(#"/lunch set 2026-11-23 specials "Tacos""#, from: "console:admin")
                let sender = try #require(
                    TextsPlatform.sender(web.settings, dependencies: web.dependencies, clock: pacing))
                let worker = OutboxDeliveryWorker(
                    outbox: web.bot.runtime.outbox, sender: sender, logger: TestBot.testLogger())
                try await body(TextsHarness(web: web, twilio: twilio, worker: worker, pacing: pacing))
            }
        } catch {
            await twilio.stop()
            throw error
        }
        await twilio.stop()
    }

    /// The URL texts are posted to on the loopback server.
    var textsURL: URL { URL(string: web.baseURL + "/sms/twilio")! }

    /// Texts `body` from `from` as Twilio posts it, signed over the public address; returns the
    /// answer's status and the text it carries back (nil: none).
    func text(_ body: String, from: String = TextsHarness.parent) async throws -> (status: Int, reply: String?) {
        let answer = try await twilio.postInbound(
            to: textsURL, signingURL: Self.publicURL + "/sms/twilio", from: from, to: Self.schoolNumber, body: body)
        return (answer.status, Self.message(inTwiML: answer.body))
    }

    /// The text `body` carries back, sure there is one.
    func reply(to body: String, from: String = TextsHarness.parent) async throws -> String {
        let answer = try await text(body, from: from)
        #expect(answer.status == 200)
        return try #require(answer.reply, "no text came back to \"\(body)\"")
    }

    /// Delivers what is due, moving the pacing clock on while the sender waits for it; returns how
    /// many went out.
    func deliverDue() async throws -> Int {
        let advancing = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: .milliseconds(1))
                // Only while the sender waits, so a text reaches Twilio at the instant it was paced to.
                if pacing.sleeperCount > 0 { pacing.advance(by: 0.01) }
            }
        }
        defer { advancing.cancel() }
        return try await worker.deliverDue()
    }

    /// The text of TwiML's `<Message>`, unescaped; nil when there is none.
    static func message(inTwiML xml: String) -> String? {
        guard let start = xml.range(of: "<Message>"),
            let end = xml.range(of: "</Message>", range: start.upperBound..<xml.endIndex)
        else { return nil }
        return String(xml[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }
}
