import Events
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTestbed
import HomeroomTesting
import HomeroomTexts
import HomeroomWebhooks
import Testing

/// Texts through Twilio, against a loopback Twilio written from its Messages API and webhook
/// references: a parent's text is answered in the response, only when Twilio's signature over the
/// public address holds and only once; STOP holds on every path that can send; answers come a few
/// segments at a time; texts are paced to the number's rate and retried.
@Suite struct TextMessageTests {
    static let parentID = UserID(adapter: "sms", id: TextsHarness.parent)

    @Test func aTextIsAnsweredInTheResponseAsADirectQuestion() async throws {
        try await TextsHarness.with { texts in
            let menu = try await texts.reply(to: "/lunch")
            #expect(menu.contains("Tacos"), "\(menu)")
            let asked = try await texts.reply(to: "what's for lunch today?")
            #expect(asked.contains("Tacos"), "\(asked)")
            #expect(texts.twilio.messages.isEmpty, "answers ride back in the response, not through the API")
        }
    }

    @Test func aTamperedUnsignedOrMisaddressedTextIsRefused() async throws {
        try await TextsHarness.with { texts in
            let public_ = TextsHarness.publicURL + "/sms/twilio"
            for tamper in [TwilioAPIServer.InboundTamper.wrongToken, .bodyChangedAfterSigning, .noSignatureHeader] {
                let answer = try await texts.twilio.postInbound(
                    to: texts.textsURL, signingURL: public_, from: TextsHarness.parent, to: TextsHarness.schoolNumber,
                    body: "/lunch", tamper: tamper)
                #expect(answer.status == 401, "\(tamper): \(answer.body)")
                #expect(TextsHarness.message(inTwiML: answer.body) == nil)
            }
            // Signed over the address the server listens on, not the one Twilio was given.
            let local = try await texts.twilio.postInbound(
                to: texts.textsURL, from: TextsHarness.parent, to: TextsHarness.schoolNumber, body: "/lunch")
            #expect(local.status == 401, "\(local.body)")
            // Signed, but for another account.
            let other = try await texts.twilio.postInbound(
                to: texts.textsURL, signingURL: public_, from: TextsHarness.parent, to: TextsHarness.schoolNumber,
                body: "/lunch", extraParameters: [("AccountSid", "AC" + String(repeating: "0", count: 32))])
            #expect(other.status == 401, "\(other.body)")
        }
    }

    @Test func aTextPostedTwiceIsAnsweredOnce() async throws {
        try await TextsHarness.with { texts in
            let parameters: [(name: String, value: String)] = [
                ("MessageSid", "SM" + String(repeating: "a", count: 32)), ("AccountSid", TwilioAPIServer.accountSID),
                ("From", TextsHarness.parent), ("To", TextsHarness.schoolNumber), ("Body", "/lunch"),
            ]
            let signature = TwilioSignature.signature(
                for: TextsHarness.publicURL + "/sms/twilio", parameters: parameters,
                authToken: TwilioAPIServer.authToken)
            let body = Signing.form(parameters.map { ($0.name, $0.value) })
            let headers = [("X-Twilio-Signature", signature), ("Content-Type", "application/x-www-form-urlencoded")]
            let first = try await texts.web.post("/sms/twilio", text: body, headers: headers)
            #expect(first.status == 200)
            #expect(TextsHarness.message(inTwiML: first.body)?.contains("Tacos") == true, "\(first.body)")
            let again = try await texts.web.post("/sms/twilio", text: body, headers: headers)
            #expect(again.status == 401, "\(again.body)")
            #expect(again.body.contains("already received"), "\(again.body)")
        }
    }

    @Test func stopIsHonouredOnEverySendingPathUntilStart() async throws {
        try await TextsHarness.with(plugins: [EventsPlugin.self]) { texts in
            try await texts.bot.expect("/circle create robotics open", from: "console:admin", contains: "robotics")
            let joined = try await texts.reply(to: "/circle join robotics")
            #expect(joined.contains("robotics"), "\(joined)")
            let subscribed = try await texts.reply(to: "/subscribe lunch 10:30")
            #expect(subscribed.contains("Subscribed"), "\(subscribed)")
            let stopped = try await texts.reply(to: "STOP")
            #expect(stopped.contains("no more texts") && stopped.contains("START"), "\(stopped)")

            // A question gets no answer at all.
            let asked = try await texts.text("/lunch")
            #expect(asked.status == 200 && asked.reply == nil)
            // A subscription, a circle post (a notification to the person) and a late answer all
            // go through the outbox to the texts' sender, which sends none of them.
            let outbox = texts.bot.runtime.outbox
            _ = try await texts.bot.sendSubscriptions(at: "2026-11-23T10:30:00-05:00")
            #expect(try await outbox.pendingCount(for: "sms") == 1, "the lunch menu, due for the parent's number")
            try await texts.bot.expect(
                #"/circle post robotics "Meet in B-201 at 3""#, from: "console:admin", contains: "robotics")
            #expect(try await outbox.pendingCount(for: "sms") == 2, "the menu and the circle post")
            try await outbox.enqueue(
                adapter: "sms", target: .user(Self.parentID), lines: ["Lunch for Monday: Tacos"],
                idempotencyKey: "sms-answer:SM1")
            #expect(try await texts.deliverDue() == 0)
            #expect(texts.twilio.messages.isEmpty)
            #expect(texts.twilio.rejections(code: 21610).isEmpty, "Homeroom never even asked Twilio")
            let given = try await outbox.deadLetters()
            #expect(given.count == 3)
            #expect(given.allSatisfy { $0.lastError?.contains("opted out") == true }, "\(given)")

            let started = try await texts.reply(to: "START")
            #expect(started.contains("again"), "\(started)")
            let answered = try await texts.reply(to: "/lunch")
            #expect(answered.contains("Tacos"), "\(answered)")
            try await outbox.enqueue(
                adapter: "sms", target: .user(Self.parentID), lines: ["New in Chess club: meet at 4"],
                idempotencyKey: "circle:chess:2")
            #expect(try await texts.deliverDue() == 1)
            #expect(texts.twilio.messages.map(\.to) == [TextsHarness.parent])
        }
    }

    @Test func aNumberTwilioReportsOptedOutIsNotTriedAgain() async throws {
        try await TextsHarness.with { texts in
            texts.twilio.optOut(TextsHarness.parent)
            let outbox = texts.bot.runtime.outbox
            for key in ["circle:chess:1", "circle:chess:2"] {
                try await outbox.enqueue(
                    adapter: "sms", target: .user(Self.parentID), lines: ["Chess club meets at 3"], idempotencyKey: key)
                #expect(try await texts.deliverDue() == 0)
            }
            #expect(texts.twilio.rejections(code: 21610).count == 1, "the second was never tried")
            let asked = try await texts.text("/lunch")
            #expect(asked.status == 200 && asked.reply == nil, "the number opted out: nothing is sent to it")
        }
    }

    @Test func aSignedStatusThatTheNumberOptedOutStopsTextsAndAnUnsignedOneIsRefused() async throws {
        try await TextsHarness.with { texts in
            let parameters: [(name: String, value: String)] = [
                ("MessageSid", "SM" + String(repeating: "b", count: 32)), ("MessageStatus", "undelivered"),
                ("ErrorCode", "21610"), ("To", TextsHarness.parent), ("From", TextsHarness.schoolNumber),
                ("AccountSid", TwilioAPIServer.accountSID), ("ApiVersion", "2010-04-01"),
            ]
            let body = Signing.form(parameters.map { ($0.name, $0.value) })
            let unsigned = try await texts.web.post(
                "/sms/twilio/status", text: body, headers: [("X-Twilio-Signature", "AAAAAAAAAAAAAAAAAAAAAAAAAAA=")])
            #expect(unsigned.status == 401)
            let signature = TwilioSignature.signature(
                for: TextsHarness.publicURL + "/sms/twilio/status", parameters: parameters,
                authToken: TwilioAPIServer.authToken)
            let signed = try await texts.web.post(
                "/sms/twilio/status", text: body, headers: [("X-Twilio-Signature", signature)])
            #expect(signed.status == 204, "\(signed.body)")
            try await texts.bot.runtime.outbox.enqueue(
                adapter: "sms", target: .user(Self.parentID), lines: ["Chess club meets at 3"],
                idempotencyKey: "circle:chess:1")
            #expect(try await texts.deliverDue() == 0)
            #expect(texts.twilio.messages.isEmpty)
        }
    }

    @Test func helpNamesTheSchoolAndItsContactEvenAfterStop() async throws {
        try await TextsHarness.with(configure: {
            $0.schoolName = "Lincoln High"
            $0.contact = "front office 555-0100"
        }) { texts in
            let help = try await texts.reply(to: "help")
            #expect(help.contains("Lincoln High") && help.contains("front office 555-0100") && help.contains("STOP"))
            _ = try await texts.reply(to: "STOP")
            let helpAfterStop = try await texts.reply(to: "HELP")
            #expect(helpAfterStop.contains("Lincoln High"), "\(helpAfterStop)")
        }
    }

    @Test func aLongAnswerComesAtMostThreeSegmentsAtATimeWithMore() async throws {
        try await TextsHarness.with { texts in
            var page = try await texts.reply(to: "/help")
            var pages = 1
            while page.contains("Reply MORE") {
                #expect(SegmentCount(of: page).segments <= 3, "\(page)")
                page = try await texts.reply(to: "more")
                pages += 1
            }
            #expect(SegmentCount(of: page).segments <= 3)
            #expect(pages >= 2, "the command list takes more than one text")
            let nothingLeft = try await texts.reply(to: "MORE")
            #expect(nothingLeft.contains("Nothing more"), "\(nothingLeft)")

            let chose = try await texts.reply(to: "/language zh-Hans")

            #expect(chose.contains("中文"), "\(chose)")
            let chinese = try await texts.reply(to: "/help")
            let count = SegmentCount(of: chinese)
            #expect(count.encoding == .ucs2 && count.segments <= 3, "\(count)")
        }
    }

    @Test func textsArePacedToTheNumbersRateAndAFailureIsRetriedOnce() async throws {
        try await TextsHarness.with { texts in
            let outbox = texts.bot.runtime.outbox
            for index in 0..<4 {
                try await outbox.enqueue(
                    adapter: "sms", target: .user(UserID(adapter: "sms", id: "+1555010\(2000 + index)")),
                    lines: ["Late start tomorrow"], idempotencyKey: "notice:\(index)")
            }
            #expect(try await texts.deliverDue() == 4)
            let arrivals = texts.twilio.messages.map(\.arrivedAt)
            #expect(arrivals.count == 4)
            for (earlier, later) in zip(arrivals, arrivals.dropFirst()) {
                #expect(later - earlier >= .milliseconds(950), "one segment a second: \(arrivals)")
            }
            #expect(texts.twilio.rateLimitedAnswers(for: TextsHarness.schoolNumber) == 0)

            texts.twilio.failNextRequests(1, with: .serviceUnavailable)
            try await outbox.enqueue(
                adapter: "sms", target: .user(Self.parentID), lines: ["Early dismissal"], idempotencyKey: "notice:5")
            #expect(try await texts.deliverDue() == 0, "503: kept for a retry")
            texts.bot.clock.advance(by: 120)
            #expect(try await texts.deliverDue() == 1)
            #expect(texts.twilio.messages.filter { $0.to == TextsHarness.parent }.count == 1)
            #expect(try await outbox.pendingCount() == 0)
        }
    }
}
