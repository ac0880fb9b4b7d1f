import Foundation
import HomeroomRuntime
import HomeroomTesting
import InstalledPlatforms
import HomeroomSlack
import HomeroomWebhooks
import Testing

@Suite struct SlackTests {
    /// The example of Slack's "Verifying requests from Slack" page.
    static let exampleSecret = "8f742231b10e8888abcd99yyyzzz85a5"
    static let exampleTimestamp = "1531420618"
    static let exampleBody =
        "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c"
    static let exampleSignature = "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503"
    /// The example's instant.
    static let exampleInstant = "2018-07-12T18:36:58+00:00"

    static func exampleHeaders(timestamp: String = exampleTimestamp, signature: String = exampleSignature)
        -> [(String, String)]
    {
        [("X-Slack-Request-Timestamp", timestamp), ("X-Slack-Signature", signature)]
    }

    static func withSlack(
        at instant: String = exampleInstant, configure: (inout HomeroomConfiguration) -> Void = { _ in },
        acknowledgeAfter: Double = WebhookHarness.answerInResponseSeconds, _ body: (WebhookHarness) async throws -> Void
    ) async throws {
        try await WebhookHarness.with(
            at: instant,
            settings: {
                $0.slack.signingSecret = exampleSecret
                $0.acknowledgeAfterSeconds = acknowledgeAfter
            }, configure: configure, body)
    }

    @Test func slacksPublishedExampleVerifiesAndOneChangedByteDoesNot() async throws {
        try await Self.withSlack { harness in
            let changedBody = Self.exampleBody.replacingOccurrences(of: "roadrunner", with: "roadrunnes")
            let changed = try await harness.post(
                "/slack/commands", text: changedBody, headers: Self.exampleHeaders())
            #expect(changed.status == 401)
            #expect(changed.json["error"] as? String == "the Slack signature does not match")

            let laterTimestamp = try await harness.post(
                "/slack/commands", text: Self.exampleBody, headers: Self.exampleHeaders(timestamp: "1531420619"))
            #expect(laterTimestamp.status == 401)

            let original = try await harness.post(
                "/slack/commands", text: Self.exampleBody, headers: Self.exampleHeaders())
            #expect(original.status == 200, "\(original.body)")
            // The example's command is not one of ours: an answer only the sender sees.
            #expect(original.json["response_type"] as? String == "ephemeral")
            #expect((original.json["text"] as? String)?.contains("webhook-collect") == true, "\(original.body)")

            let replayed = try await harness.post(
                "/slack/commands", text: Self.exampleBody, headers: Self.exampleHeaders())
            #expect(replayed.status == 401)
            #expect((replayed.json["error"] as? String)?.contains("replay") == true)
        }
    }

    @Test func anOldRequestIsRefusedEvenWithAValidSignature() async throws {
        try await Self.withSlack(at: "2018-07-12T18:42:00+00:00") { harness in
            let old = try await harness.post("/slack/commands", text: Self.exampleBody, headers: Self.exampleHeaders())
            #expect(old.status == 401)
            #expect((old.json["error"] as? String)?.contains("300 s") == true, "\(old.body)")
        }
    }

    @Test func missingSignatureHeadersAre401() async throws {
        try await Self.withSlack { harness in
            let noSignature = try await harness.post(
                "/slack/commands", text: Self.exampleBody,
                headers: [("X-Slack-Request-Timestamp", Self.exampleTimestamp)])
            #expect(noSignature.status == 401)
            let noTimestamp = try await harness.post(
                "/slack/commands", text: Self.exampleBody, headers: [("X-Slack-Signature", Self.exampleSignature)])
            #expect(noTimestamp.status == 401)
            let garbage = try await harness.post(
                "/slack/commands", text: Self.exampleBody, headers: Self.exampleHeaders(signature: "v0=zz"))
            #expect(garbage.status == 401)
        }
    }

    /// A signed slash command from `user` in `channel`.
    static func command(
        _ harness: WebhookHarness, _ command: String, text: String, user: String = "U2CERLKJA",
        channel: String = "C0CAFE", channelName: String = "cafeteria", responseURL: String? = nil
    ) async throws -> WebhookHarness.Answer {
        var fields = [
            ("token", "unused"), ("team_id", "T1DC2JH3J"), ("team_domain", "lincoln"), ("channel_id", channel),
            ("channel_name", channelName), ("user_id", user), ("user_name", "someone"), ("command", command),
            ("text", text),
        ]
        if let responseURL { fields.append(("response_url", responseURL)) }
        let body = Signing.form(fields)
        let timestamp = Signing.timestamp(harness.bot)
        return try await harness.post(
            "/slack/commands", text: body,
            headers: [
                ("X-Slack-Request-Timestamp", timestamp),
                ("X-Slack-Signature", Signing.slack(secret: exampleSecret, timestamp: timestamp, body: body)),
            ])
    }

    @Test func lunchInAChannelIsAnsweredForEveryone() async throws {
        try await Self.withSlack(at: "2026-11-23T12:00:00-05:00") { harness in
            let answer = try await Self.command(harness, "/lunch", text: "")
            #expect(answer.status == 200)
            #expect(answer.json["response_type"] as? String == "in_channel")
            #expect((answer.json["text"] as? String)?.contains("Monday, November 23") == true, "\(answer.body)")
        }
    }

    @Test func aCommandNamedAfterTheBotTakesTheCommandFromItsText() async throws {
        try await Self.withSlack(at: "2026-11-23T12:00:00-05:00") { harness in
            let answer = try await Self.command(harness, "/homeroom", text: "lunch tomorrow")
            #expect((answer.json["text"] as? String)?.contains("Tuesday, November 24") == true, "\(answer.body)")
            let help = try await Self.command(harness, "/homeroom", text: "")
            #expect((help.json["text"] as? String)?.contains("lunch") == true, "\(help.body)")
        }
    }

    @Test func anAdminGrantedBySlackIDMaySetTheMenuAndOthersMayNot() async throws {
        try await Self.withSlack(
            at: "2026-11-23T12:00:00-05:00", configure: { $0.admins = ["slack:T1DC2JH3J:UADMIN"] }
        ) { harness in
            let set = try await Self.command(
                harness, "/lunch", text: "set specials \"Chicken tacos\"", user: "UADMIN")
            #expect(set.status == 200)
            #expect(set.json["response_type"] as? String == "in_channel", "\(set.body)")
            let student = try await Self.command(harness, "/lunch", text: "set specials \"Cake\"", user: "USTUDENT")
            #expect(student.json["response_type"] as? String == "ephemeral", "\(student.body)")
            let menu = try await Self.command(harness, "/lunch", text: "")
            let text = menu.json["text"] as? String ?? ""
            #expect(text.contains("Chicken tacos"), "\(text)")
            #expect(!text.contains("Cake"))
        }
    }

    @Test func aSlowCommandIsAcknowledgedAndAnsweredThroughResponseURL() async throws {
        let receiver = try await LoopbackHTTPServer.start()
        defer { Task { await receiver.stop() } }
        receiver.serve("/commands/late", .init(status: 200, body: Array("ok".utf8)))
        // The response_url is on the host of the Slack API's address, which the tests' fetch settings list.
        let settings: (inout WebhookSettings) -> Void = {
            $0.slack.signingSecret = Self.exampleSecret
            $0.slack.apiBaseURL = receiver.url("/api")
            $0.acknowledgeAfterSeconds = 0.2
        }
        try await WebhookHarness.with(at: "2026-11-23T12:00:00-05:00", settings: settings) { harness in
            let acknowledged = try await Self.command(
                harness, "/slow", text: "", responseURL: receiver.url("/commands/late").absoluteString)
            #expect(acknowledged.status == 200)
            #expect(acknowledged.body.isEmpty, "\(acknowledged.body)")
            #expect(receiver.requests.isEmpty, "nothing is posted before the command is done")
            harness.gate.open()
            let posted = try await receiver.requests(to: "/commands/late", count: 1)
            try #require(posted.count == 1)
            #expect(posted[0].method == "POST")
            #expect(posted[0].headers["content-type"] == "application/json")
            #expect(posted[0].text.contains("\"response_type\":\"in_channel\""), "\(posted[0].text)")
            #expect(posted[0].text.contains("done at last"))
        }
    }

    @Test func aDirectMessageNeedsNoPrefixAndTextIsEscapedForSlack() async throws {
        try await Self.withSlack(at: "2026-11-23T12:00:00-05:00") { harness in
            let answer = try await Self.command(
                harness, "/lunch", text: "<script>", channel: "D024BE91L", channelName: "directmessage")
            #expect(answer.status == 200)
            let text = answer.json["text"] as? String ?? ""
            #expect(text.contains("I can't read \"&lt;script&gt;\" as a date"), "\(text)")
            #expect(answer.json["response_type"] as? String == "ephemeral")
        }
    }
}
