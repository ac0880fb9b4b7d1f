import Crypto
import Foundation
import HomeroomMattermost
import HomeroomTeams
import HomeroomTesting
import HomeroomWebhooks
import Testing

@Suite struct TeamsTests {
    static let secret = Data((0..<32).map { UInt8($0 * 7 % 256) }).base64EncodedString()

    /// An outgoing-webhook activity sent at the harness's instant, after
    /// https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/add-outgoing-webhook
    /// — "Create Outgoing Webhooks" (the example request).
    static func activity(text: String, timestamp: String = "2026-11-23T17:00:00.1234567Z") -> String {
        #"""
        {"type": "message", "timestamp": "\#(timestamp)", "text": "\#(text)",
         "from": {"id": "29:1abc", "name": "Ada", "aadObjectId": "aad-1"},
         "conversation": {"id": "19:chan@thread.skype;messageid=123", "tenantId": "tenant-1"},
         "channelData": {"tenant": {"id": "tenant-1"}, "teamsChannelId": "19:chan@thread.skype"}}
        """#
    }

    static func post(_ harness: WebhookHarness, _ body: String, key: String = secret) async throws
        -> WebhookHarness.Answer
    {
        let code = HMAC<SHA256>.authenticationCode(
            for: Array(body.utf8), using: SymmetricKey(data: Data(base64Encoded: key)!))
        return try await harness.post(
            "/teams/messages", text: body, headers: [("Authorization", "HMAC " + Data(code).base64EncodedString())])
    }

    @Test func aMentionIsAnsweredAsAMessage() async throws {
        try await WebhookHarness.with(settings: { $0.teams.secret = Self.secret }) { harness in
            let answer = try await Self.post(harness, Self.activity(text: "<at>Homeroom</at>&nbsp;lunch tomorrow\\n"))
            #expect(answer.status == 200)
            #expect(answer.json["type"] as? String == "message")
            #expect((answer.json["text"] as? String)?.contains("Tuesday, November 24") == true, "\(answer.body)")
        }
    }

    /// Teams' 5 s, as in service: the gated command is still running when they pass.
    static func waitingAsTeamsDoes(_ settings: inout WebhookSettings) {
        settings.teams.secret = Self.secret
        settings.teams.answerWithin = TeamsSettings().answerWithin
    }

    @Test func aCommandTeamsStopsWaitingForIsNotAskedAgain() async throws {
        try await WebhookHarness.with(settings: Self.waitingAsTeamsDoes) { harness in
            let answer = try await Self.post(harness, Self.activity(text: "<at>Homeroom</at>&nbsp;slow"))
            #expect(answer.status == 200)
            let note = try #require(answer.json["text"] as? String, "\(answer.body)")
            // Asking again would run the command twice.
            #expect(note.hasPrefix("Still working on that; no need to ask again."), "\(note)")
            #expect(!note.contains("ask again in"), "\(note)")
        }
    }

    @Test func aLateAnswerForTheAskerAloneThatCannotBeQueuedIsLoggedWithoutItsWords() async throws {
        // No Teams bot on this server: the outgoing webhook has no personal chat to hand the answer to.
        let log = LogRecorder()
        try await WebhookHarness.with(settings: Self.waitingAsTeamsDoes, log: log) { harness in
            let answer = try await Self.post(harness, Self.activity(text: "<at>Homeroom</at>&nbsp;slowsecret"))
            #expect((answer.json["text"] as? String)?.hasPrefix("Still working on that") == true, "\(answer.body)")
            harness.gate.open()
            var logged: [String] = []
            try await eventually("the late answer logged as not queued: \(log.lines)", within: .seconds(30)) {
                logged = log.lines.filter { $0.contains("was not queued for their personal chat") }
                return !logged.isEmpty
            }
            #expect(logged.count == 1, "\(log.lines)")
            #expect(logged.first?.contains("answering /slowsecret from teams:tenant-1:aad-1") == true, "\(logged)")
            #expect(!log.lines.contains { $0.contains("for your eyes only") }, "the answer's words are not logged")
        }
    }

    @Test func aWrongHMACOrNoneIs401() async throws {
        try await WebhookHarness.with(settings: { $0.teams.secret = Self.secret }) { harness in
            let other = Data((0..<32).map { UInt8($0) }).base64EncodedString()
            let wrong = try await Self.post(harness, Self.activity(text: "lunch"), key: other)
            #expect(wrong.status == 401)
            let none = try await harness.post("/teams/messages", text: Self.activity(text: "lunch"))
            #expect(none.status == 401)
        }
    }
}

@Suite struct MattermostTests {
    static let token = "xr3j5x3p4pfk7kk6ck7b4e6ghh"

    static func command(_ text: String, token: String = token, channelName: String = "town-square") -> String {
        Signing.form([
            ("channel_id", "ch1"), ("channel_name", channelName), ("command", "/lunch"), ("team_id", "team1"),
            ("text", text), ("token", token), ("trigger_id", MattermostTrustTests.triggerID(user: "user1")),
            ("user_id", "user1"), ("user_name", "ada"),
        ])
    }

    @Test func aCommandWithItsTokenIsAnsweredAndAnotherTokenIsRefused() async throws {
        try await WebhookHarness.with(settings: { $0.mattermost.tokens = [Self.token] }) { harness in
            let answer = try await harness.post("/mattermost/commands", text: Self.command("tomorrow"))
            #expect(answer.status == 200)
            #expect(answer.json["response_type"] as? String == "in_channel")
            #expect((answer.json["text"] as? String)?.contains("Tuesday, November 24") == true, "\(answer.body)")
            let wrong = try await harness.post("/mattermost/commands", text: Self.command("", token: "nope"))
            #expect(wrong.status == 401)
            let missing = try await harness.post("/mattermost/commands", text: "command=%2Flunch&text=")
            #expect(missing.status == 401)
            let incomplete = try await harness.post(
                "/mattermost/commands", text: Signing.form([("token", Self.token), ("text", "")]))
            #expect(incomplete.status == 400)
            #expect((incomplete.json["error"] as? String)?.contains("is missing") == true, "\(incomplete.body)")
        }
    }
}
