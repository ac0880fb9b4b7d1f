import Events
import Foundation
import HomeroomCore
import HomeroomTestbed
import HomeroomTesting
import Testing

@testable import HomeroomTeams
@testable import HomeroomWebhooks

/// The Teams bot end to end: signed activities in, answers and notifications out through the Bot
/// Connector, conversation references kept and forgotten.
@Suite struct TeamsBotTests {
    @Test func aMessageIsAnsweredThroughTheConnectorAfterAnEmpty200() async throws {
        try await TeamsBotFixture.with { teams in
            let answer = try await teams.post(teams.personalMessage("/lunch tomorrow"))
            #expect(answer.status == 200)
            #expect(answer.body.isEmpty)
            let posted = try await teams.botFramework.activities(count: 1)
            let reply = try #require(posted.first)
            #expect(reply.conversationID == TeamsBotFixture.personalConversation)
            #expect(reply.replyTo == "1485983408511")
            #expect(reply.replyToID == "1485983408511")
            #expect(reply.type == "message")
            #expect(reply.text.contains("Tuesday, November 24"), "\(reply.text)")

            let mentioned = try await teams.post(teams.channelMessage("lunch tomorrow"))
            #expect(mentioned.status == 200)
            let both = try await teams.botFramework.activities(count: 2)
            try #require(both.count == 2)
            #expect(both[1].conversationID == "\(TeamsBotFixture.channel);messageid=1481567603816")
            #expect(both[1].text.contains("Tuesday, November 24"), "\(both[1].text)")
            #expect(teams.botFramework.tokenRequests == 1, "the bot's token is reused")
        }
    }

    @Test func badTokensAreRefusedWith401AndNothingIsAnswered() async throws {
        try await TeamsBotFixture.with { teams in
            let now = Int(teams.harness.bot.clock.now.timeIntervalSince1970)
            let message = teams.personalMessage("/lunch")
            let cases: [(authorization: String?, reason: String)] = [
                (nil, "the Authorization header is missing"),
                ("Basic dXNlcjpwYXNz", "the Authorization header is not a bearer token"),
                ("Bearer " + teams.token(["exp": now - 600]), "the token has expired"),
                ("Bearer " + teams.token(["aud": "another-bot"]), "the token is for another audience"),
                ("Bearer " + teams.token(["iss": "https://sts.windows.net/evil/"]), "the token is from another issuer"),
                ("Bearer " + teams.token(signedByStranger: true), "the token's signature does not match"),
                (
                    "Bearer " + teams.token(["serviceurl": "https://smba.evil.example/teams/"]),
                    "the token is for another serviceUrl"
                ),
                ("Bearer not.a-jwt", "the token is not a signed JWT"),
            ]
            for (authorization, reason) in cases {
                var headers = [("Content-Type", "application/json")]
                if let authorization { headers.append(("Authorization", authorization)) }
                let answer = try await teams.harness.post("/teams/bot", text: message, headers: headers)
                #expect(answer.status == 401, "\(reason)")
                #expect(answer.json["error"] as? String == reason, "\(answer.body)")
            }
            let accepted = try await teams.post(message)
            #expect(accepted.status == 200, "a good token still passes")
            _ = try await teams.botFramework.activities(count: 1)
            #expect(teams.botFramework.activities.count == 1, "only the accepted activity was answered")
            let malformed = try await teams.post(#"{"type": "message"}"#)
            #expect(malformed.status == 400)
        }
    }

    @Test func aRotatedSigningKeyIsFetched() async throws {
        try await TeamsBotFixture.with { teams in
            #expect(try await teams.post(teams.personalMessage("/lunch")).status == 200)
            let before = teams.issuer.keySetFetches
            teams.issuer.rotateKey()
            teams.harness.bot.clock.advance(by: 60)
            let answer = try await teams.post(teams.personalMessage("/lunch", id: "1485983408512"))
            #expect(answer.status == 200, "\(answer.body)")
            #expect(teams.issuer.keySetFetches == before + 1)
            let posted = try await teams.botFramework.activities(count: 2)
            #expect(posted.count == 2)
        }
    }

    @Test func anInstalledPersonAndTeamAreReachedProactively() async throws {
        try await TeamsBotFixture.with { teams in
            #expect(try await teams.post(teams.installationUpdate("add")).status == 200)
            #expect(try await teams.post(teams.conversationUpdate("membersAdded", personal: true)).status == 200)
            let welcome = try await teams.botFramework.activities(count: 1)
            #expect(welcome.first?.conversationID == TeamsBotFixture.personalConversation)
            #expect(welcome.first?.text.contains("/help") == true, "\(welcome.first?.text ?? "")")
            #expect(try await teams.post(teams.conversationUpdate("membersAdded", personal: false)).status == 200)
            _ = try await teams.botFramework.activities(count: 2)
            #expect(teams.botFramework.activities.count == 2, "one welcome each, none for the installationUpdate")

            try await teams.notify(.user(TeamsBotFixture.person), "Robotics:\nmeeting moved to B-201", key: "circle:1")
            try await teams.notify(.channel(TeamsBotFixture.channel), "Lunch: soup & <bread>", key: "lunch:1")
            let worker = try teams.worker()
            #expect(try await worker.deliverDue() == 2)
            let posted = teams.botFramework.activities
            try #require(posted.count == 4)
            #expect(posted[2].conversationID == TeamsBotFixture.personalConversation)
            #expect(posted[2].replyTo == nil)
            #expect(posted[2].text == "Robotics:<br>meeting moved to B-201")
            #expect(posted[3].conversationID == TeamsBotFixture.channel)
            #expect(posted[3].text == "Lunch: soup &amp; &lt;bread&gt;")
            #expect(teams.botFramework.createdConversations.isEmpty, "the personal chat was known")
        }
    }

    @Test func aCirclePostReachesATeamsMemberWhoJoinedThroughTheBot() async throws {
        try await TeamsBotFixture.with(plugins: [EventsPlugin.self]) { teams in
            let bot = teams.harness.bot
            try await bot.expect("/circle create robotics open", from: "console:ana")
            #expect(try await teams.post(teams.personalMessage("/circle join robotics")).status == 200)
            let joined = try await teams.botFramework.activities(count: 1)
            #expect(joined.first?.text.contains("You are in robotics now") == true, "\(joined.first?.text ?? "")")
            try await bot.expect(
                #"/circle post robotics "meeting moved to B-201""#, from: "console:ana",
                contains: "1 member will get it")
            #expect(try await teams.worker().deliverDue() == 1)
            let posted = teams.botFramework.activities
            try #require(posted.count == 2)
            #expect(posted[1].conversationID == TeamsBotFixture.personalConversation)
            #expect(posted[1].replyTo == nil)
            // A word joiner after `]` keeps Teams from reading a Markdown link (TeamsText).
            #expect(posted[1].text == "[robotics]\u{2060} ana: meeting moved to B-201")
        }
    }

    @Test func aPersonSeenOnlyInAChannelGetsANewPersonalChat() async throws {
        try await TeamsBotFixture.with { teams in
            #expect(try await teams.post(teams.channelMessage("lunch")).status == 200)
            _ = try await teams.botFramework.activities(count: 1)
            try await teams.notify(.user(TeamsBotFixture.person), "first", key: "n:1")
            try await teams.notify(.user(TeamsBotFixture.person), "second", key: "n:2")
            #expect(try await teams.worker().deliverDue() == 2)
            let created = teams.botFramework.createdConversations
            try #require(created.count == 1, "the chat is created once and remembered")
            #expect(created[0].memberID == TeamsBotFixture.userID)
            #expect(created[0].tenant == TeamsBotFixture.tenant)
            #expect(created[0].botID == "28:" + BotFrameworkServer.appID)
            let expected = BotFrameworkServer.personalConversation(for: TeamsBotFixture.userID)
            let texts = teams.botFramework.activities.filter { $0.conversationID == expected }.map(\.text)
            #expect(texts == ["first", "second"])
        }
    }

    @Test func removalForgetsAndUnknownTargetsAreGivenUpWithTheReason() async throws {
        try await TeamsBotFixture.with { teams in
            #expect(try await teams.post(teams.installationUpdate("add")).status == 200)
            #expect(try await teams.post(teams.conversationUpdate("membersAdded", personal: false)).status == 200)
            _ = try await teams.botFramework.activities(count: 1)
            #expect(try await teams.post(teams.installationUpdate("remove")).status == 200)
            #expect(try await teams.post(teams.conversationUpdate("membersRemoved", personal: false)).status == 200)
            let stranger = UserID(adapter: "teams", id: "\(TeamsBotFixture.tenant):0000-never-seen")
            try await teams.notify(.user(TeamsBotFixture.person), "after removal", key: "n:1")
            try await teams.notify(.channel(TeamsBotFixture.channel), "after removal", key: "n:2")
            try await teams.notify(.user(stranger), "hello", key: "n:3")
            #expect(try await teams.worker().deliverDue() == 0)
            let outbox = teams.harness.bot.runtime.outbox
            #expect(try await outbox.pendingCount(for: "teams") == 0, "given up at once")
            let reasons = try await outbox.deadLetters().reversed().map { $0.lastError ?? "" }
            #expect(
                reasons == [
                    "Teams cannot reach \(TeamsBotFixture.person) until they have talked to the bot or installed it",
                    "Teams cannot reach the channel \(TeamsBotFixture.channel) until the bot is added to it "
                        + "(or an incoming webhook URL is set for it)",
                    "Teams cannot reach \(stranger) until they have talked to the bot or installed it",
                ])
            #expect(teams.botFramework.activities.count == 1, "only the welcome went out")
        }
    }

    @Test func a429FromTheConnectorIsWaitedOut() async throws {
        try await TeamsBotFixture.with { teams in
            #expect(try await teams.post(teams.installationUpdate("add")).status == 200)
            teams.botFramework.rateLimitNextCalls(1)
            try await teams.notify(.user(TeamsBotFixture.person), "Robotics: meeting moved", key: "circle:1")
            let worker = try teams.worker()
            #expect(try await worker.deliverDue() == 0)
            teams.harness.bot.clock.advance(by: 29)
            #expect(try await worker.deliverDue() == 0, "the connector asked for 30 s")
            teams.harness.bot.clock.advance(by: 1)
            #expect(try await worker.deliverDue() == 1)
            #expect(teams.botFramework.activities.map(\.text) == ["Robotics: meeting moved"])
        }
    }

    @Test func aRefusedPasswordGivesUpAndMarksTeamsDown() async throws {
        try await TeamsBotFixture.with(password: "an-old-secret") { teams in
            #expect(try await teams.post(teams.installationUpdate("add")).status == 200)
            try await teams.notify(.user(TeamsBotFixture.person), "hello", key: "n:1")
            #expect(try await teams.worker().deliverDue() == 0)
            let outbox = teams.harness.bot.runtime.outbox
            let reasons = try await outbox.deadLetters().map { $0.lastError ?? "" }
            #expect(reasons == ["Microsoft refused the bot's app id or password"])
            let status = teams.harness.bot.runtime.adapterStatus.snapshot["teams"]
            #expect(status?.state == .down)
            #expect(status?.detail == "Microsoft refused the bot's app id or password")
        }
    }
}
