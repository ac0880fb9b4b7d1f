import Foundation
import HomeroomCore
import HomeroomTelegram
import HomeroomTestbed
import HomeroomTesting
import Testing

/// Telegram in webhook mode, against a loopback Bot API: an update is taken only with the secret
/// and only once; private chats are answered, groups only when the bot is addressed; answers are
/// HTML with the person's text escaped; an answer for the asker alone never reaches the group.
@Suite struct TelegramWebhookTests {
    typealias Harness = TelegramHarness

    static func privateText(_ text: String, id: Int64? = nil) -> [String: Any] {
        TelegramBotAPIServer.update(
            id: id ?? Int64.random(in: 1...1_000_000_000), text: text, from: Harness.parent, chatID: Harness.parent,
            chatType: "private")
    }

    static func groupText(_ text: String) -> [String: Any] {
        TelegramBotAPIServer.update(
            id: Int64.random(in: 1...1_000_000_000), text: text, from: Harness.parent, chatID: Harness.group,
            chatType: "supergroup")
    }

    @Test func anUpdateWithoutTheRightSecretIsRefused() async throws {
        try await Harness.with { telegram in
            let wrong = try await telegram.post(Self.privateText("/lunch"), secret: "not-the-secret")
            #expect(wrong.status == 401, "\(wrong.body)")
            let missing = try await telegram.post(Self.privateText("/lunch"), secret: nil)
            #expect(missing.status == 401, "\(missing.body)")
            #expect(telegram.telegram.messages.isEmpty)
            let right = try await telegram.post(Self.privateText("/lunch"))
            #expect(right.status == 200, "\(right.body)")
            let sent = try await telegram.telegram.messages(count: 1)
            #expect(sent.map(\.chatID) == [Harness.parent])
            #expect(sent.first?.visibleText.contains("Tacos") == true, "\(sent)")
        }
    }

    @Test func aPrivateTextIsAnsweredCommandsAndPlainQuestions() async throws {
        try await Harness.with { telegram in
            _ = try await telegram.post(Self.privateText("/lunch@SchoolBot"))
            telegram.bot.clock.advance(by: 1.1)
            _ = try await telegram.post(Self.privateText("what's for lunch today?"))
            let sent = try await telegram.telegram.messages(count: 2)
            #expect(sent.allSatisfy { $0.chatID == Harness.parent && $0.parseMode == "HTML" })
            #expect(sent.allSatisfy { $0.visibleText.contains("Tacos") }, "\(sent.map(\.visibleText))")
            #expect(telegram.telegram.refusals.isEmpty, "\(telegram.telegram.refusals)")
        }
    }

    @Test func anUpdatePostedTwiceIsAnsweredOnce() async throws {
        try await Harness.with { telegram in
            let update = Self.privateText("/lunch", id: 4242)
            let first = try await telegram.post(update)
            #expect(first.status == 200)
            telegram.bot.clock.advance(by: 1.1)
            let again = try await telegram.post(update)
            #expect(again.status == 200, "taken, so that Telegram stops posting it")
            #expect(telegram.telegram.messages.count == 1)
        }
    }

    @Test func aGroupCommandForThisBotIsAnsweredAndAnotherBotsIsLeftAlone() async throws {
        try await Harness.with { telegram in
            _ = try await telegram.post(Self.groupText("/lunch@OtherBot"))
            _ = try await telegram.post(Self.groupText("Who is bringing snacks?"))
            #expect(telegram.telegram.messages.isEmpty, "neither is for this bot")
            _ = try await telegram.post(Self.groupText("/lunch@SchoolBot"))
            let sent = try await telegram.telegram.messages(count: 1)
            #expect(sent.map(\.chatID) == [Harness.group])
            #expect(sent.first?.visibleText.contains("Tacos") == true, "\(sent)")
            telegram.bot.clock.advance(by: 1.1)
            _ = try await telegram.post(Self.groupText("@SchoolBot what's for lunch today?"))
            let mentioned = try await telegram.telegram.messages(count: 2)
            #expect(mentioned.last?.chatID == Harness.group)
        }
    }

    @Test func theTextAPersonTypedIsEscapedForHTML() async throws {
        try await Harness.with { telegram in
            _ = try await telegram.post(Self.privateText("/lunch <b>&amp;"))
            let sent = try await telegram.telegram.messages(count: 1)
            let message = try #require(sent.first)
            #expect(message.visibleText.contains("<b>&amp;"), "\(message.visibleText)")
            #expect(message.text.contains("&lt;b&gt;&amp;amp;"), "\(message.text)")
            #expect(telegram.telegram.refusals.isEmpty, "\(telegram.telegram.refusals)")
        }
    }

    @Test func anAnswerForTheAskerAloneAskedInAGroupGoesToTheirPrivateChat() async throws {
        try await Harness.with { telegram in
            _ = try await telegram.post(Self.groupText("/lunch@SchoolBot blorp"))
            let sent = try await telegram.telegram.messages(count: 1)
            #expect(sent.map(\.chatID) == [Harness.parent], "\(sent.map(\.visibleText))")
            #expect(!sent.contains { $0.chatID == Harness.group })
        }
    }

    @Test func whenTheAskerNeverStartedTheBotTheGroupIsToldWithoutTheAnswer() async throws {
        try await Harness.with { telegram in
            telegram.telegram.addPerson(Harness.parent, started: false)
            _ = try await telegram.post(Self.groupText("/lunch@SchoolBot blorp"))
            let sent = try await telegram.telegram.messages(count: 1)
            let note = try #require(sent.first)
            #expect(note.chatID == Harness.group)
            #expect(note.visibleText.contains("t.me/SchoolBot"), "\(note.visibleText)")
            #expect(!note.visibleText.contains("blorp"), "the answer itself stays private")
            #expect(telegram.telegram.refusals.map(\.code) == [403])
        }
    }

    @Test func aBrokenUpdateIsRefusedAndOneWithoutATextIsTakenUnanswered() async throws {
        try await Harness.with { telegram in
            let secret = [(TelegramBotAPIServer.secretHeader, Harness.secret)]
            let notJSON = try await telegram.web.post("/telegram/webhook", text: "{\"update_id\": ", headers: secret)
            #expect(notJSON.status == 400, "\(notJSON.body)")
            let noNumber = try await telegram.web.post("/telegram/webhook", text: #"{"message": {}}"#, headers: secret)
            #expect(noNumber.status == 400, "\(noNumber.body)")
            // An edit and a sticker: taken, so that Telegram does not post them again, and not answered.
            var edit = Self.privateText("/lunch")
            edit["edited_message"] = edit.removeValue(forKey: "message")
            #expect(try await telegram.post(edit).status == 200)
            var sticker = Self.privateText("/lunch")
            var message = try #require(sticker["message"] as? [String: Any])
            message["text"] = nil
            message["entities"] = nil
            message["sticker"] = ["file_id": "CAACAgIAAxkBAAE", "width": 512, "height": 512]
            sticker["message"] = message
            #expect(try await telegram.post(sticker).status == 200)
            // The next question is answered, and it is the only message sent.
            #expect(try await telegram.post(Self.privateText("/lunch")).status == 200)
            let sent = try await telegram.telegram.messages(count: 1)
            #expect(sent.first?.visibleText.contains("Tacos") == true, "\(sent)")
            #expect(telegram.telegram.messages.count == 1, "\(telegram.telegram.messages.map(\.visibleText))")
        }
    }
}
