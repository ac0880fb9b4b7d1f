import Foundation
import HomeroomCore
import HomeroomTestbed
import HomeroomTesting
import Testing

@testable import HomeroomTeams
@testable import HomeroomWebhooks

/// An answer for the asker alone, asked in a Teams channel, never appears in the channel: the bot
/// sends it to the asker's personal chat ("Create conversation", then "Send to conversation", in
/// https://learn.microsoft.com/en-us/azure/bot-service/rest-api/bot-framework-rest-connector-api-reference)
/// and the channel gets one line pointing there. An outgoing webhook, which can answer only into the
/// channel (https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/add-outgoing-webhook
/// — "Key features of Outgoing Webhooks": public channels only), hands the answer to the bot when the
/// server has one that knows the asker, and otherwise only says where to ask.
@Suite struct TeamsPrivateAnswerTests {
    /// What `/me` shows the fixture's person alone.
    static let meText = "You are \(TeamsBotFixture.person)."

    /// The channel thread the fixture's channel message is answered in.
    static let channelThread = "\(TeamsBotFixture.channel);messageid=1481567603816"

    @Test func meAskedInAChannelGoesToAPersonalChatAndTheChannelGetsAPointer() async throws {
        try await TeamsBotFixture.with { teams in
            #expect(try await teams.post(teams.channelMessage("me")).status == 200)
            let posted = try await teams.botFramework.activities(count: 2)
            try #require(posted.count == 2)
            let personal = BotFrameworkServer.personalConversation(for: TeamsBotFixture.userID)
            #expect(posted[0].conversationID == personal)
            #expect(posted[0].replyTo == nil)
            #expect(posted[0].text.contains(Self.meText), "\(posted[0].text)")
            #expect(posted[1].conversationID == Self.channelThread)
            #expect(posted[1].replyTo == "1481567603816")
            #expect(posted[1].text == "I sent you the answer in your personal chat with homeroom.")
            let channelTexts = posted.filter { $0.conversationID != personal }.map(\.text)
            #expect(!channelTexts.contains { $0.contains("You are") || $0.contains("Roles") }, "\(channelTexts)")
            let created = teams.botFramework.createdConversations
            #expect(created.map(\.memberID) == [TeamsBotFixture.userID])
            #expect(created.map(\.tenant) == [TeamsBotFixture.tenant])

            // A public answer still goes to the channel; an error is the asker's alone, in the chat now known.
            #expect(try await teams.post(teams.channelMessage("lunch tomorrow")).status == 200)
            let lunch = try await teams.botFramework.activities(count: 3)
            #expect(lunch.last?.conversationID == Self.channelThread)
            #expect(lunch.last?.text.contains("Tuesday, November 24") == true, "\(lunch.last?.text ?? "")")
            #expect(try await teams.post(teams.channelMessage("lunch someday")).status == 200)
            let refused = try await teams.botFramework.activities(count: 5)
            #expect(refused[3].conversationID == personal)
            #expect(refused[3].text.contains("I can't read \"someday\" as a date"), "\(refused[3].text)")
            #expect(refused[4].conversationID == Self.channelThread)
            #expect(!refused[4].text.contains("someday"))
            #expect(teams.botFramework.createdConversations.count == 1, "the personal chat was remembered")
        }
    }

    @Test func whenThePersonalChatCannotBeReachedTheChannelIsToldToAskThereAndSeesNothingPrivate() async throws {
        try await TeamsBotFixture.with { teams in
            teams.botFramework.rateLimitNextCalls(1)  // "Create conversation" answers 429
            #expect(try await teams.post(teams.channelMessage("me")).status == 200)
            let posted = try await teams.botFramework.activities(count: 1)
            #expect(posted.map(\.conversationID) == [Self.channelThread])
            #expect(
                posted.first?.text == "That answer is for you alone: ask me again in a personal chat with homeroom.")
            #expect(teams.botFramework.createdConversations.isEmpty)
        }
    }

    @Test func aPersonalChatAnswersThereAsBefore() async throws {
        try await TeamsBotFixture.with { teams in
            #expect(try await teams.post(teams.personalMessage("/me")).status == 200)
            let posted = try await teams.botFramework.activities(count: 1)
            #expect(posted.first?.conversationID == TeamsBotFixture.personalConversation)
            #expect(posted.first?.text.contains(Self.meText) == true, "\(posted.first?.text ?? "")")
            #expect(teams.botFramework.createdConversations.isEmpty)
        }
    }

    /// The fixture's person mentioning an outgoing webhook in the channel with `text`, after the example
    /// request of https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/add-outgoing-webhook
    /// — "Create Outgoing Webhooks"; its sender's AAD object id and tenant are those the bot knows them by.
    static func webhookActivity(_ text: String, id: String) -> String {
        #"""
        {"type": "message", "id": "\#(id)", "timestamp": "2026-11-23T17:00:07.437Z",
         "serviceUrl": "https://smba.trafficmanager.net/amer/", "channelId": "msteams",
         "from": {"id": "29:1Webhook-side-id", "name": "Megan Bowen", "aadObjectId": "\#(TeamsBotFixture.aadObjectID)"},
         "conversation": {"isGroup": true, "id": "\#(TeamsBotFixture.channel);messageid=\#(id)",
                          "tenantId": "\#(TeamsBotFixture.tenant)"},
         "text": "<at>Homeroom</at> \#(text)",
         "channelData": {"teamsChannelId": "\#(TeamsBotFixture.channel)", "tenant": {"id": "\#(TeamsBotFixture.tenant)"}}}
        """#
    }

    @Test func anOutgoingWebhookWithoutABotShowsNoPrivateAnswer() async throws {
        try await WebhookHarness.with(settings: { $0.teams.secret = TeamsTests.secret }) { harness in
            let answer = try await TeamsTests.post(harness, Self.webhookActivity("me", id: "1481567603900"))
            #expect(answer.status == 200)
            #expect(
                answer.json["text"] as? String
                    == "That answer is for you alone, and a Teams channel shows answers to everyone.")
            #expect(!answer.body.contains("You are"), "\(answer.body)")
        }
    }

    @Test func anOutgoingWebhookHandsThePrivateAnswerToTheBot() async throws {
        try await TeamsBotFixture.with(configure: { $0.teams.secret = TeamsTests.secret }) { teams in
            // Someone the bot never saw is told where to ask; nothing is queued.
            let unknown = try await TeamsTests.post(teams.harness, Self.webhookActivity("me", id: "1481567603901"))
            #expect(
                unknown.json["text"] as? String
                    == "That answer is for you alone: ask me again in a personal chat with homeroom.")
            #expect(try await teams.harness.bot.runtime.outbox.pendingCount(for: "teams") == 0)

            #expect(try await teams.post(teams.installationUpdate("add")).status == 200)
            let answer = try await TeamsTests.post(teams.harness, Self.webhookActivity("me", id: "1481567603902"))
            #expect(answer.status == 200)
            #expect(answer.json["text"] as? String == "I sent you the answer in your personal chat with homeroom.")
            #expect(!answer.body.contains("You are"), "\(answer.body)")
            #expect(try await teams.worker().deliverDue() == 1)
            let posted = teams.botFramework.activities
            #expect(posted.map(\.conversationID) == [TeamsBotFixture.personalConversation])
            #expect(posted.first?.text.contains(Self.meText) == true, "\(posted.first?.text ?? "")")
        }
    }
}
