import Foundation
import HomeroomCore
import HomeroomTestbed
import HomeroomTesting
import Testing

@testable import HomeroomGoogleChat
@testable import HomeroomWebhooks

/// An answer meant for the asker alone, asked in a Google Chat space, is a private message only
/// they see (`privateMessageViewer`), in the HTTP response or through the Chat API; the space
/// never gets its words. The fixtures are Google's example MESSAGE event
/// (https://developers.google.com/workspace/chat/interaction-events — "Example interaction event
/// payloads"); a private answer's shape is from https://developers.google.com/workspace/chat/private-messages —
/// "Respond to a slash command privately" and the Message resource's `privateMessageViewer`
/// (https://developers.google.com/workspace/chat/api/reference/rest/v1/spaces.messages — "Resource: Message").
@Suite struct GoogleChatPrivateAnswerTests {
    /// The asker of the fixtures, an admin in these tests.
    static let asker = "googlechat:c0b4d7:\(GoogleChatTests.user)"
    static let viewer = "users/\(GoogleChatTests.user)"

    /// The `privateMessageViewer` name of an answer in the response, or nil for a public one.
    static func viewer(of answer: WebhookHarness.Answer) -> String? {
        (answer.json["privateMessageViewer"] as? [String: Any])?["name"] as? String
    }

    @Test func meAndAdminOutboxInASpaceAreShownToTheAskerAlone() async throws {
        try await GoogleChatTests.with(configuration: { $0.admins = [Self.asker] }) { rig in
            try await PrivateAnswerFixtures.giveUpSomeonesNotification(in: rig.harness.bot.runtime.outbox)
            let me = try await rig.post(
                GoogleChatTests.message(text: "@Homeroom me", argumentText: " me"), token: rig.chatToken())
            #expect(me.status == 200, "\(me.body)")
            #expect(Self.viewer(of: me) == Self.viewer, "\(me.body)")
            #expect((me.json["text"] as? String)?.contains("Roles: admin") == true, "\(me.body)")

            let outbox = try await rig.post(
                GoogleChatTests.message(text: "@Homeroom admin outbox", argumentText: " admin outbox"),
                token: rig.chatToken())
            #expect(Self.viewer(of: outbox) == Self.viewer, "\(outbox.body)")
            #expect((outbox.json["text"] as? String)?.contains(PrivateAnswerFixtures.secret) == true, "\(outbox.body)")

            // An answer for everyone stays one the whole space sees.
            let lunch = try await rig.post(
                GoogleChatTests.message(text: "@Homeroom lunch", argumentText: " lunch"), token: rig.chatToken())
            #expect(Self.viewer(of: lunch) == nil, "\(lunch.body)")
            #expect((lunch.json["text"] as? String)?.contains("Monday, November 23") == true, "\(lunch.body)")
            #expect(rig.api.messages.isEmpty, "nothing went through the Chat API")
        }
    }

    @Test func anErrorInASpaceIsShownToTheAskerAlone() async throws {
        try await GoogleChatTests.with { rig in
            let answer = try await rig.post(
                GoogleChatTests.message(text: "@Homeroom lunch purple", argumentText: " lunch purple"),
                token: rig.chatToken())
            #expect(answer.status == 200, "\(answer.body)")
            #expect(Self.viewer(of: answer) == Self.viewer, "\(answer.body)")
            #expect((answer.json["text"] as? String)?.contains("purple") == true, "\(answer.body)")
        }
    }

    @Test func aLatePrivateAnswerIsPostedPrivatelyInTheThread() async throws {
        try await GoogleChatTests.with(answerWithin: 2) { rig in
            rig.api.addSpace(GoogleChatTests.space)
            let answer = try await rig.post(
                GoogleChatTests.message(text: "@Homeroom slowsecret", argumentText: " slowsecret"),
                token: rig.chatToken())
            #expect(answer.body == "{}", "Google was told nothing yet: \(answer.body)")
            rig.harness.gate.open()
            let posted = try #require(try await rig.api.messages(count: 1).first)
            #expect(posted.text == "done at last, for your eyes only")
            #expect(posted.privateViewer == Self.viewer)
            #expect(posted.thread == GoogleChatTests.thread)
            #expect(rig.api.messages.allSatisfy { $0.privateViewer != nil }, "nothing went to the whole space")
        }
    }

    @Test func aLatePublicAnswerIsPostedForTheWholeSpace() async throws {
        try await GoogleChatTests.with(answerWithin: 2) { rig in
            rig.api.addSpace(GoogleChatTests.space)
            _ = try await rig.post(
                GoogleChatTests.message(text: "@Homeroom slow", argumentText: " slow"), token: rig.chatToken())
            rig.harness.gate.open()
            let posted = try #require(try await rig.api.messages(count: 1).first)
            #expect(posted.text == "done at last")
            #expect(posted.privateViewer == nil)
        }
    }

    /// Without a service account a late answer cannot be posted: the log names it by its size,
    /// command and asker, never by its words, which were for the asker alone.
    @Test func aLatePrivateAnswerWithoutAServiceAccountIsLoggedWithoutItsWords() async throws {
        let log = LogRecorder()
        try await GoogleChatTests.with(
            answerWithin: 2, configure: { chat, _, _ in chat.serviceAccountKeyFile = nil }, log: log
        ) { rig in
            let answer = try await rig.post(
                GoogleChatTests.message(text: "@Homeroom slowsecret", argumentText: " slowsecret"),
                token: rig.chatToken())
            #expect(answer.body == "{}", "Google was told nothing: \(answer.body)")
            rig.harness.gate.open()
            var dropped: [String] = []
            try await eventually("the late answer logged as dropped: \(log.lines)", within: .seconds(10)) {
                dropped = log.lines.filter { $0.contains("was dropped") }
                return !dropped.isEmpty
            }
            #expect(dropped.count == 1, "\(log.lines)")
            #expect(dropped.first?.contains("answering /slowsecret from \(Self.asker)") == true, "\(dropped)")
            let words = log.lines.filter { $0.contains("eyes only") || $0.contains("done at last") }
            #expect(words.isEmpty, "the answer's words are not logged: \(words)")
            #expect(rig.api.messages.isEmpty)
        }
    }

    /// A `DIRECT_MESSAGE` space is "1:1 messages between two humans or a human and a Chat app"
    /// (https://developers.google.com/workspace/chat/api/reference/rest/v1/spaces — "SpaceType");
    /// only `singleUserBotDm` ("Whether the space is a DM between a Chat app and a single human")
    /// says the app is the other one. Between two people, the other reads every answer: one for the
    /// asker alone goes with a viewer, and the chat is not kept as the asker's notification space.
    @Test(arguments: [nil, false] as [Bool?])
    func aDirectMessageBetweenTwoPeopleIsNotPrivate(singleUserBotDm: Bool?) async throws {
        try await GoogleChatTests.with(configuration: { $0.admins = [Self.asker] }) { rig in
            try await PrivateAnswerFixtures.giveUpSomeonesNotification(in: rig.harness.bot.runtime.outbox)
            for command in ["me", "admin outbox"] {
                let answer = try await rig.post(
                    GoogleChatTests.message(
                        text: "@Homeroom \(command)", argumentText: " \(command)", space: "spaces/TWOPEOPLE",
                        spaceType: "DIRECT_MESSAGE", singleUserBotDm: singleUserBotDm),
                    token: rig.chatToken())
                #expect(answer.status == 200, "\(command): \(answer.body)")
                #expect(Self.viewer(of: answer) == Self.viewer, "\(command): \(answer.body)")
            }
            let remembered = try await GoogleChatDirectSpaces(database: rig.harness.bot.runtime.database)
                .space(of: GoogleChatTests.user)
            #expect(remembered == nil, "a chat two people read is not where notifications go")
        }
    }

    @Test func aDirectMessageIsAnsweredWithoutAViewer() async throws {
        try await GoogleChatTests.with { rig in
            let answer = try await rig.post(
                GoogleChatTests.message(
                    text: "me", space: "spaces/DMIZUMI", spaceType: "DIRECT_MESSAGE", singleUserBotDm: true),
                token: rig.chatToken())
            #expect(answer.status == 200, "\(answer.body)")
            #expect((answer.json["text"] as? String)?.contains("You are \(Self.asker)") == true, "\(answer.body)")
            #expect(answer.json["privateMessageViewer"] == nil, "a direct message is private already: \(answer.body)")
        }
    }
}
