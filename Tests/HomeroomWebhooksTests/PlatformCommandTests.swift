import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Lunch
import Testing

@testable import HomeroomMattermost
@testable import HomeroomSlack
@testable import HomeroomWebhooks

/// A slash command arrives with the command Slack or Mattermost parsed (`command` and `text`,
/// https://api.slack.com/interactivity/slash-commands, "Preparing your app to receive
/// Commands"), so the bot does not recognise its text again.
@Suite struct PlatformCommandTests {
    static func gateway(_ bot: TestBot) -> CommandGateway {
        CommandGateway(
            dispatcher: bot.runtime.dispatcher, clock: bot.clock, deferred: TaskQueue(),
            poster: WebhookPoster(fetcher: bot.runtime.fetcher, timeout: .seconds(5)), acknowledgeAfter: .seconds(1),
            timestampTolerance: 300, logger: TestBot.testLogger())
    }

    /// The form fields of a slash command typed in channel C1.
    static func form(_ command: String, _ text: String) throws -> SlashCommandForm {
        let fields = [
            "command": command, "text": text, "team_id": "T1", "user_id": "U1", "channel_id": "C1",
            "channel_name": "general",
        ]
        return try JSONDecoder().decode(SlashCommandForm.self, from: JSONEncoder().encode(fields))
    }

    @Test func aSlashCommandArrivesWithItsNameAndArguments() async throws {
        try await TestBot.with(plugins: [LunchPlugin.self]) { bot in
            let gateway = Self.gateway(bot)
            let lunch = try SlashCommandPlatform.slack.message(from: Self.form("/lunch", " tomorrow "), gateway: gateway)
            #expect(lunch.command == PlatformCommand(name: "lunch", arguments: "tomorrow"))
            #expect(lunch.text == "/lunch tomorrow", "logs and audits show what was typed")
            let bare = try SlashCommandPlatform.mattermost.message(from: Self.form("/lunch", ""), gateway: gateway)
            #expect(bare.command == PlatformCommand(name: "lunch", arguments: ""))
        }
    }

    @Test func aCommandNamedAfterTheBotHasItsTextRecognised() async throws {
        try await TestBot.with(plugins: [LunchPlugin.self]) { bot in
            let gateway = Self.gateway(bot)
            let named = try SlashCommandPlatform.slack.message(
                from: Self.form("/homeroom", "lunch tomorrow"), gateway: gateway)
            #expect(named.command == nil)
            #expect(named.text == "/lunch tomorrow")
            let odd = try SlashCommandPlatform.slack.message(from: Self.form("/2lunch", "x"), gateway: gateway)
            #expect(odd.command == nil, "no command has a name that does not start with a letter")
        }
    }
}

/// Every webhook platform's message takes its place on the gateway's conversation desk before the
/// bot runs it: past the desk's cap of questions being answered at once, the asker is told to ask
/// again, and a place freed is taken again.
@Suite struct GatewayConversationTests {
    @Test func pastTheCapOfQuestionsAtOnceTheAskerIsToldToAskAgain() async throws {
        try await TestBot.with(plugins: [LunchPlugin.self]) { bot in
            let gateway = PlatformCommandTests.gateway(bot)
            let lunch = IncomingMessage(
                sender: UserID(adapter: "slack", id: "U1"), senderIsVerified: true, conversation: .channel("slack:C1"),
                text: "/lunch", command: PlatformCommand(name: "lunch", arguments: ""), receivedAt: bot.clock.now)
            let answered = try #require(await gateway.reply(to: lunch))
            #expect(!answered.isError)

            var places: [ConversationMachine<UnmeteredBudget<Never>>.Ticket] = []
            for number in 0..<ConversationMachine<UnmeteredBudget<Never>>.maximumAnswersInProgress {
                let accepted = await gateway.conversation.accept("lunch", from: "slack:P\(number)", in: nil)
                places.append(try #require(accepted).ticket)
            }
            let refused = try #require(await gateway.reply(to: lunch))
            #expect(refused.isError)
            #expect(refused.lines == [gateway.tooBusyNote])

            await gateway.conversation.finishInResponse(places[0], asker: "slack:P0")
            let again = try #require(await gateway.reply(to: lunch))
            #expect(again.lines == answered.lines, "a place freed is taken again")
        }
    }
}
