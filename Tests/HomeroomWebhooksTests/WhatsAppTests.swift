import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTestbed
import HomeroomTesting
import HomeroomWebhooks
import HomeroomWhatsApp
import Testing

/// WhatsApp through the Cloud API, against a loopback Cloud API written from Meta's reference: the
/// verification handshake, signed notifications taken once, answers sent through the Messages API
/// from the outbox, the 24-hour window (text inside, the template outside, nothing without one),
/// retries, statuses, STOP and START.
@Suite struct WhatsAppTests {
    @Test func theVerificationRequestIsAnsweredOnlyWithTheVerifyToken() async throws {
        try await WhatsAppHarness.with { whatsapp in
            let good = try await whatsapp.api.verify(
                whatsapp.webhookURL, token: WhatsAppHarness.verifyToken, challenge: "1158201444")
            #expect(good.status == 200)
            #expect(good.body == "1158201444")
            #expect(good.contentType?.hasPrefix("text/plain") == true)
            let wrong = try await whatsapp.api.verify(whatsapp.webhookURL, token: "guess", challenge: "1158201444")
            #expect(wrong.status == 403 && !wrong.body.contains("1158201444"))
            let mode = try await whatsapp.api.verify(
                whatsapp.webhookURL, token: WhatsAppHarness.verifyToken, challenge: "1", mode: "unsubscribe")
            #expect(mode.status == 403)
        }
    }

    @Test func aTamperedUnsignedOrReplayedNotificationIsRefused() async throws {
        try await WhatsAppHarness.with { whatsapp in
            for tamper in [
                WhatsAppCloudAPIServer.NotificationTamper.wrongSecret, .bodyChangedAfterSigning,
                .noSignatureHeader,
            ] {
                let answer = try await whatsapp.api.postText(
                    "/lunch", from: WhatsAppHarness.parent,
                    to: whatsapp.webhookURL, tamper: tamper)
                #expect(answer.answer.status == 401, "\(tamper): \(answer.answer.body)")
            }
            #expect(try await whatsapp.outbox.pendingCount(for: "whatsapp") == 0, "nothing was answered")
            let body = Array(#"{"object":"whatsapp_business_account","entry":[]}"#.utf8)
            let first = try await whatsapp.api.post(body, to: whatsapp.webhookURL)
            #expect(first.status == 200)
            let again = try await whatsapp.api.post(body, to: whatsapp.webhookURL)
            #expect(again.status == 401 && again.body.contains("already received"), "\(again.body)")
        }
    }

    @Test func anIncomingTextIsAnsweredThroughTheMessagesAPI() async throws {
        try await WhatsAppHarness.with { whatsapp in
            let (answer, id) = try await whatsapp.write("what's for lunch today?")
            #expect(answer.status == 200)
            #expect(try await whatsapp.outbox.hasMessage(withKey: "whatsapp-answer:\(id)"))
            #expect(try await whatsapp.deliverDue() == 1)
            let sent = try #require(whatsapp.api.messages.first)
            #expect(sent.to == WhatsAppHarness.parentDigits)
            #expect(!sent.isTemplate && sent.text.contains("Tacos"), "\(sent)")
        }
    }

    @Test func aMessageWhatsAppDeliversTwiceIsAnsweredOnce() async throws {
        try await WhatsAppHarness.with { whatsapp in
            let id = "wamid.HBgLMTU1NTAxMDEyMzQVAgASGBQzQTk0"
            let first = try await whatsapp.write("/lunch", messageID: id)
            #expect(first.answer.status == 200)
            // Redelivered a second later: the same message in a body of its own (a new timestamp).
            whatsapp.passTime(1)
            let again = try await whatsapp.write("/lunch", messageID: id)
            #expect(again.answer.status == 200, "taken, so that WhatsApp stops posting it")
            let delivered = try await whatsapp.deliverDue()
            #expect(delivered == 1)
            #expect(try await whatsapp.deliverDue() == 0)
            #expect(whatsapp.api.messages.count == 1)
        }
    }

    @Test func insideTheWindowANotificationGoesAsTextAndOutsideItAsTheTemplate() async throws {
        try await WhatsAppHarness.with(template: WhatsAppHarness.template) { whatsapp in
            try await whatsapp.openWindow()
            try await whatsapp.notify(["Early dismissal today", "Buses leave at 1:30"], key: "notice:1")
            #expect(try await whatsapp.deliverDue() == 1)
            let inside = try #require(whatsapp.api.messages.last)
            #expect(inside.content == .text("Early dismissal today\nBuses leave at 1:30"))

            whatsapp.passTime(25 * 3_600)
            try await whatsapp.notify(["Late start tomorrow", "Buses run 2 hours late"], key: "notice:2")
            #expect(try await whatsapp.deliverDue() == 1)
            let outside = try #require(whatsapp.api.messages.last)
            #expect(
                outside.content
                    == .template(
                        name: "school_notice", language: "en_US",
                        parameters: ["Late start tomorrow · Buses run 2 hours late"]))
            #expect(whatsapp.api.rejections.isEmpty, "\(whatsapp.api.rejections)")
        }
    }

    @Test func withoutATemplateANotificationOutsideTheWindowIsNotSentAndTheDeadLetterSaysWhy() async throws {
        try await WhatsAppHarness.with { whatsapp in
            try await whatsapp.notify(["Late start tomorrow"], key: "notice:1")
            #expect(try await whatsapp.deliverDue() == 0)
            #expect(whatsapp.api.messages.isEmpty)
            #expect(whatsapp.api.rejections.isEmpty, "Homeroom never asked the Cloud API")
            let letter = try #require(try await whatsapp.outbox.deadLetters().first)
            let reason = letter.lastError ?? ""
            #expect(reason.contains("24-hour") && reason.contains("notificationTemplate"), "\(reason)")
        }
    }

    @Test func aThrottledSendIsRetriedOnceAndThenGoes() async throws {
        try await WhatsAppHarness.with { whatsapp in
            try await whatsapp.openWindow()
            whatsapp.api.failNextRequests(1, with: .tooManyRequests)
            try await whatsapp.notify(["Early dismissal today"], key: "notice:1")
            #expect(try await whatsapp.deliverDue() == 0, "429: kept for a retry")
            #expect(whatsapp.api.rejections(code: 130429).count == 1)
            #expect(try await whatsapp.outbox.pendingCount(for: "whatsapp") == 1)
            whatsapp.bot.clock.advance(by: 120)
            #expect(try await whatsapp.deliverDue() == 1)
            #expect(whatsapp.api.messages.dropFirst().map(\.text) == ["Early dismissal today"])
            #expect(try await whatsapp.outbox.deadLetters().isEmpty)
        }
    }

    @Test func messagesArePacedToTheNumbersThroughput() async throws {
        try await WhatsAppHarness.with(messagesPerSecond: 2) { whatsapp in
            for index in 0..<4 {
                let number = "+1555010\(2000 + index)"
                try await whatsapp.write("/lunch", from: number)
                try await whatsapp.notify(
                    ["Late start tomorrow"], to: UserID(adapter: "whatsapp", id: number), key: "notice:\(index)")
            }
            #expect(try await whatsapp.deliverDue() == 8, "four answers and four notifications")
            let arrivals = whatsapp.api.messages.map(\.arrivedAt)
            for (earlier, later) in zip(arrivals, arrivals.dropFirst()) {
                #expect(later - earlier >= .milliseconds(450), "two messages a second: \(arrivals)")
            }
            #expect(whatsapp.api.rejections(code: 130429).isEmpty)
        }
    }

    @Test func aLongNotificationIsCutIntoTextsOfAtMost4096Characters() async throws {
        try await WhatsAppHarness.with { whatsapp in
            try await whatsapp.openWindow()
            let lines = (0..<60).map { "Line \($0): " + String(repeating: "word ", count: 30) }
            try await whatsapp.notify(lines, key: "notice:long")
            #expect(try await whatsapp.deliverDue() == 1)
            let texts = whatsapp.api.messages.dropFirst().map(\.text)
            #expect(texts.count >= 3, "\(texts.map(\.count))")
            #expect(texts.allSatisfy { $0.count <= 4_096 })
            #expect(texts.joined(separator: "\n") == lines.joined(separator: "\n"))
        }
    }

    @Test func statusesAreAcceptedAndABadPartIsSkipped() async throws {
        try await WhatsAppHarness.with { whatsapp in
            let delivered = try await whatsapp.api.postStatus(
                "delivered", of: "wamid.SENT1", recipient: WhatsAppHarness.parentDigits, to: whatsapp.webhookURL)
            #expect(delivered.status == 200)
            let failed = try await whatsapp.api.postStatus(
                "failed", of: "wamid.SENT2", recipient: WhatsAppHarness.parentDigits, errorCode: 131047,
                to: whatsapp.webhookURL)
            #expect(failed.status == 200)
            // A change for another business number, a malformed message, then a good one.
            let good: [String: Any] = [
                "messaging_product": "whatsapp",
                "metadata": ["phone_number_id": WhatsAppCloudAPIServer.phoneNumberID],
                "messages": [
                    ["from": "not a number", "id": "wamid.BAD", "type": "text", "text": ["body": "/lunch"]],
                    [
                        "from": WhatsAppHarness.parentDigits, "id": "wamid.GOOD", "timestamp": "1795438800",
                        "type": "text", "text": ["body": "/lunch"],
                    ],
                ],
            ]
            let other: [String: Any] = ["metadata": ["phone_number_id": "999"], "messages": []]
            let mixed = try await whatsapp.api.postNotification(changes: [other, good], to: whatsapp.webhookURL)
            #expect(mixed.status == 200, "\(mixed.body)")
            #expect(try await whatsapp.outbox.hasMessage(withKey: "whatsapp-answer:wamid.GOOD"))
            #expect(try await !whatsapp.outbox.hasMessage(withKey: "whatsapp-answer:wamid.BAD"))
        }
    }

    @Test func stopIsConfirmedAndHoldsEveryMessageUntilStart() async throws {
        try await WhatsAppHarness.with(template: WhatsAppHarness.template) { whatsapp in
            try await whatsapp.write("STOP")
            try await whatsapp.write("/lunch")
            try await whatsapp.notify(["Late start tomorrow"], key: "notice:1")
            #expect(try await whatsapp.deliverDue() == 1, "only the confirmation")
            let confirmation = try #require(whatsapp.api.messages.last?.text)
            #expect(confirmation.contains("START"), "\(confirmation)")
            let letter = try #require(try await whatsapp.outbox.deadLetters().first)
            #expect(letter.lastError?.contains("STOP") == true)

            try await whatsapp.write("start")
            try await whatsapp.notify(["Late start on Friday"], key: "notice:2")
            #expect(try await whatsapp.deliverDue() == 2)
            #expect(whatsapp.api.messages.map(\.text).last == "Late start on Friday")
        }
    }
}
