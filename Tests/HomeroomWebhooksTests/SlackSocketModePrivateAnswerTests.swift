import Foundation
import HomeroomCore
import HomeroomTestbed
import HomeroomTesting
import Testing

@testable import HomeroomSlack
@testable import HomeroomWebhooks

/// Over Socket Mode, an answer meant for the asker alone, asked by mentioning the bot in a
/// channel, goes with `chat.postEphemeral` (https://api.slack.com/methods/chat.postEphemeral —
/// "Arguments": channel, user, text, thread_ts), which Slack shows in place to the asker alone;
/// the channel gets no `chat.postMessage` with its words. The mentions are Slack's example
/// `app_mention` (https://api.slack.com/events/app_mention — "Example event payload").
@Suite struct SlackSocketModePrivateAnswerTests {
    /// The asker of the fixtures' mentions (their `user`), an admin in these tests.
    static let user = "W021FGA1Z"
    static let asker = "slack:T0001:\(user)"
    static let channel = "C0LAN2Q65"

    /// Mentions the bot with `text` in the fixtures' channel.
    static func mention(_ id: String, _ text: String, threadTS: String? = nil) -> SlackSocketModeServer.Envelope {
        .appMention(
            id: id, eventID: "Ev\(id)", text: "<@\(SlackSocketModeRig.botUser)> \(text)",
            ts: "1515449600.000\(id.count)",
            threadTS: threadTS)
    }

    @Test func meAndAdminOutboxInAChannelAreEphemeralToTheAsker() async throws {
        try await SlackSocketModeRig.with(configure: { $0.admins = [Self.asker] }) { rig in
            try await PrivateAnswerFixtures.giveUpSomeonesNotification(in: rig.bot.runtime.outbox)
            rig.socket.send(Self.mention("me-1", "me"))
            let me = try #require(try await rig.api.ephemeralMessages(count: 1).first)
            #expect(me.channel == Self.channel)
            #expect(me.user == Self.user)
            #expect(me.text.contains("Roles: admin"), "\(me.text)")
            #expect(me.threadTS == nil, "shown in place, not in a new thread under the question")

            rig.socket.send(Self.mention("outbox-1", "admin outbox"))
            let outbox = try #require(try await rig.api.ephemeralMessages(count: 2).last)
            #expect(outbox.user == Self.user)
            #expect(outbox.text.contains(PrivateAnswerFixtures.secret), "\(outbox.text)")

            // An answer for everyone is still posted to the channel, and it is the only post there.
            rig.socket.send(Self.mention("lunch-1", "lunch"))
            let posted = try await rig.api.messages(count: 1)
            #expect(posted.count == 1)
            #expect(posted.first?.text.contains("Lunch Mon Nov 23") == true, "\(posted)")
            for message in posted {
                #expect(!message.text.contains("Roles:"), "\(message.text)")
                #expect(!message.text.contains(PrivateAnswerFixtures.secret), "\(message.text)")
            }
            #expect(rig.api.ephemeralMessages.count == 2)
        }
    }

    @Test func aPrivateAnswerToAMentionInAThreadIsShownInThatThread() async throws {
        try await SlackSocketModeRig.with { rig in
            rig.socket.send(Self.mention("t-1", "lunch purple", threadTS: "1515449522.000016"))
            let error = try #require(try await rig.api.ephemeralMessages(count: 1).first)
            #expect(error.threadTS == "1515449522.000016")
            #expect(error.text.contains("purple"), "\(error.text)")
            #expect(rig.api.messages.isEmpty)
        }
    }

    @Test func anAskerSlackCannotShowItToInTheChannelGetsItInADirectMessage() async throws {
        try await SlackSocketModeRig.with { rig in
            rig.api.leaveChannels(user: Self.user)
            rig.socket.send(Self.mention("dm-1", "me"))
            let posted = try #require(try await rig.api.messages(count: 1).first)
            #expect(posted.channel == SlackAPIServer.directChannel(for: Self.user))
            #expect(posted.text.contains("You are \(Self.asker)"), "\(posted.text)")
            #expect(rig.api.openedDirectMessages == [Self.user])
            #expect(rig.api.ephemeralMessages.isEmpty)
            #expect(rig.api.messages.allSatisfy { $0.channel != Self.channel }, "the channel got nothing")
        }
    }
}
