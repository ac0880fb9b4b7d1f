import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTestbed
import HomeroomTesting
import HomeroomTexts
import HomeroomWebhooks
import Testing

/// `/announce status N` counts what the platforms report delivered: Twilio's status callbacks and
/// WhatsApp's statuses, posted by the loopback platforms as the real ones post them, recorded only
/// when their signatures hold; a message reported undelivered counts as failed, with the reason.
@Suite struct AnnouncementDeliveryReportTests {
    static let parents = ["+15550101001", "+15550101002", "+15550101003"]
    static let snowDay = #"/announce everyone "Snow day: no school tomorrow.""#

    @Test func textsReportDeliveredAndUndeliveredWithTheReasonAndAForgedStatusIsRefused() async throws {
        try await TextsHarness.with { texts in
            let bot = texts.bot
            for parent in Self.parents { try await bot.expect("/subscribe announcements", from: "sms:\(parent)") }
            try await bot.expect(Self.snowDay, from: "console:admin", contains: "Announcement 1")
            // The third parent's phone is off: "30003 Unreachable destination handset".
            texts.twilio.setFinalStatus(.undelivered(errorCode: 30003), for: Self.parents[2])
            #expect(try await texts.deliverDue() == 3)
            try await bot.expect("/announce status 1", from: "console:admin", contains: "sms: 3 sent, 0 delivered")

            // A forged "delivered" for the unreachable phone, signed with another token, is refused.
            let unreachable = try #require(texts.twilio.messages.first { $0.to == Self.parents[2] })
            let forged: [(name: String, value: String)] = [
                ("AccountSid", TwilioAPIServer.accountSID), ("MessageSid", unreachable.sid),
                ("MessageStatus", "delivered"), ("To", Self.parents[2]), ("From", TextsHarness.schoolNumber),
            ]
            let answer = try await texts.web.post(
                "/sms/twilio/status", text: Signing.form(forged.map { ($0.name, $0.value) }),
                headers: [
                    (
                        "X-Twilio-Signature",
                        TwilioSignature.signature(
                            for: TextsHarness.publicURL + "/sms/twilio/status", parameters: forged,
                            authToken: TwilioAPIServer.authToken + "0")
                    )
                ])
            #expect(answer.status == 401, "\(answer.body)")

            let posted = await texts.twilio.deliverStatuses(through: URL(string: texts.web.baseURL)!)
            #expect(posted.count == 6, "sent, then delivered or undelivered, for each text")
            #expect(posted.allSatisfy { $0.responseStatus == 204 }, "\(posted.map(\.responseStatus))")
            // A repeat of a text's callbacks, and its "sent" arriving after "delivered", change nothing.
            #expect(await texts.twilio.deliverStatuses(through: URL(string: texts.web.baseURL)!).isEmpty)
            let delivered = try #require(posted.first { $0.parameters["MessageStatus"] == "delivered" })
            let late = try #require(
                posted.first { $0.parameters["MessageStatus"] == "sent" && $0.parameters["To"] == Self.parents[2] })
            for again in [delivered, late] {
                let parameters = again.parameters.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
                let repeated = try await texts.web.post(
                    "/sms/twilio/status", text: Signing.form(parameters.map { ($0.name, $0.value) }),
                    headers: [("X-Twilio-Signature", again.signature)])
                #expect(repeated.status == 204, "\(repeated.body)")
            }

            let status = try await bot.expect("/announce status 1", from: "console:admin")
            #expect(
                status.text.contains("sms: 2 sent, 2 delivered, 0 waiting, 0 held until the quiet hours end, 1 failed"),
                "\(status.text)")
            #expect(status.text.contains("1 failed: undelivered (error 30003)"), "\(status.text)")
            #expect(status.text.contains("The last message went out"), "\(status.text)")
            try await bot.expect(
                "/announce retry 1", from: "console:admin", contains: "1 failed message goes out again")
        }
    }

    @Test func whatsAppReportsDeliveredReadAndFailedWithTheReasonAndAForgedStatusIsRefused() async throws {
        try await WhatsAppHarness.with(template: WhatsAppHarness.template) { whatsapp in
            let bot = whatsapp.bot
            for parent in Self.parents {
                try await bot.expect("/subscribe announcements", from: "whatsapp:\(parent)")
            }
            try await bot.expect(Self.snowDay, from: "console:admin", contains: "Announcement 1")
            let digits = Self.parents.map { String($0.dropFirst()) }
            whatsapp.api.setFinalStatus(.read, for: digits[0])
            // "131026 Message undeliverable": the third parent's number is not on WhatsApp.
            whatsapp.api.setFinalStatus(.failed(code: 131026), for: digits[2])
            #expect(try await whatsapp.deliverDue() == 3)
            try await bot.expect(
                "/announce status 1", from: "console:admin", contains: "whatsapp: 3 sent, 0 delivered")

            // A forged "delivered" for the failed message, signed with another app secret, is refused.
            let failed = try #require(whatsapp.api.messages.first { $0.to == digits[2] })
            let forged: [String: Any] = [
                "messaging_product": "whatsapp",
                "metadata": [
                    "display_phone_number": WhatsAppCloudAPIServer.displayPhoneNumber,
                    "phone_number_id": WhatsAppCloudAPIServer.phoneNumberID,
                ],
                "statuses": [
                    ["id": failed.id, "status": "delivered", "timestamp": "1795000000", "recipient_id": digits[2]]
                ],
            ]
            let refused = try await whatsapp.api.postNotification(
                changes: [forged], to: whatsapp.webhookURL, tamper: .wrongSecret)
            #expect(refused.status == 401, "\(refused.body)")

            let answers = try await whatsapp.api.deliverStatuses(to: whatsapp.webhookURL)
            #expect(answers.count == 6, "sent, delivered and read; sent and delivered; failed")
            #expect(answers.allSatisfy { $0.status == 200 }, "\(answers)")
            // A status of a message Homeroom never sent is acknowledged and ignored.
            let stranger = try await whatsapp.api.postStatus(
                "delivered", of: "wamid.not-ours", recipient: digits[0], to: whatsapp.webhookURL)
            #expect(stranger.status == 200)

            let status = try await bot.expect("/announce status 1", from: "console:admin")
            #expect(
                status.text.contains(
                    "whatsapp: 2 sent, 2 delivered, 0 waiting, 0 held until the quiet hours end, 1 failed"),
                "\(status.text)")
            #expect(status.text.contains("1 failed: failed (error 131026)"), "\(status.text)")
        }
    }
}
