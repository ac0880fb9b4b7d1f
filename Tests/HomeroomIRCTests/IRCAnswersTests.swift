import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Testing

@testable import HomeroomIRC

/// Answers rendered from one snapshot, through the real dispatcher: a long channel answer shows
/// a page and keeps the rest, `!more` shows what the snapshot took, a private answer keeps its
/// rest for the asker alone, and the services refusal comes from the dispatcher, as the IRC policy.
@Suite struct IRCAnswersTests {
    static let snapshot = IRCAnswerSnapshot(nick: "homeroom", userAndHost: "~h@school", isRepeat: false, more: nil)

    static func chat(_ text: String, in channel: String? = "#lunch") -> IRCChatMessage {
        IRCChatMessage(
            nick: "ada", hostmask: "ada!~a@school", account: nil, channel: channel, text: text,
            time: Date(timeIntervalSince1970: 1_800_000_000))
    }

    /// The answer to `text` from ada, rendered from `snapshot`.
    static func answer(
        _ text: String, in channel: String? = "#lunch", snapshot: IRCAnswerSnapshot = snapshot, bot: TestBot
    ) async throws -> IRCRenderedAnswer {
        let chat = chat(text, in: channel)
        let dispatcher = bot.runtime.dispatcher
        let answers = IRCAnswers(
            network: IRCNetworkSettings(name: "test", host: "127.0.0.1", port: 6667), dispatcher: dispatcher,
            clock: bot.clock)
        let recognized = try #require(dispatcher.recognizer.recognize(text, in: channel.map { .channel($0) } ?? .direct))
        return await answers.answer(to: chat, recognized: recognized, snapshot: snapshot)
    }

    @Test func aLongChannelAnswerShowsAPageAndKeepsTheRestForMore() async throws {
        try await TestBot.with(plugins: [TalkPlugin.self]) { bot in
            let rendered = try await Self.answer("!long", bot: bot)
            guard case .channel(let answer) = rendered.answer else {
                Issue.record("not an answer for the channel: \(rendered.answer)")
                return
            }
            #expect(answer.pieces.count == 4 && answer.pieces.last?.hasSuffix("type !more)") == true)
            #expect(answer.question == "!long" && answer.asker == "ada")
            let kept = try #require(rendered.keptForMore.first)
            #expect(rendered.keptForMore.count == 1 && kept.conversation == "#lunch" && !kept.lines.isEmpty)
        }
    }

    @Test func moreShowsThePageTheSnapshotTookOrSaysThereIsNothing() async throws {
        try await TestBot.with(plugins: [TalkPlugin.self]) { bot in
            let took = IRCAnswerSnapshot(
                nick: "homeroom", userAndHost: "~h@school", isRepeat: false,
                more: .here(MoreBook.Page(lines: ["line 4", "line 5"], remaining: 2)))
            let page = try await Self.answer("!more", snapshot: took, bot: bot)
            let pieces = ["line 4", "line 5", "(2 more lines — type !more)"]
            #expect(
                page
                    == IRCRenderedAnswer(
                        answer: .channel(
                            ChannelAnswer(channel: "#lunch", asker: "ada", question: nil, pieces: pieces)),
                        asker: "ada"))
            let privately = IRCAnswerSnapshot(
                nick: "homeroom", userAndHost: "~h@school", isRepeat: false,
                more: .forTheAsker(MoreBook.Page(lines: ["diary 3"], remaining: 0)))
            let notice = try await Self.answer("homeroom: more", snapshot: privately, bot: bot)
            #expect(notice.answer == .lines([IRCMessage("NOTICE", "ada", "diary 3")]))
            let nothing = IRCAnswerSnapshot(
                nick: "homeroom", userAndHost: "~h@school", isRepeat: false, more: .nothingKept)
            let empty = try await Self.answer("!more", snapshot: nothing, bot: bot)
            #expect(empty.answer == .lines([IRCMessage("NOTICE", "ada", "nothing more to show")]))
        }
    }

    @Test func aPrivateAnswerInAChannelKeepsItsRestForTheAskerAlone() async throws {
        try await TestBot.with(plugins: [TalkPlugin.self]) { bot in
            let rendered = try await Self.answer("!diary", bot: bot)
            let notice = [IRCMessage("NOTICE", "ada", "diary in short · more: !more")]
            #expect(rendered.answer == .toTheAsker(
                        notice, shown: ["diary in short · more: !more"], channel: "#lunch", asker: "ada",
                        question: "!diary"))
            #expect(
                rendered.keptForMore == [
                    IRCRenderedAnswer.Kept(conversation: "ada", lines: ["diary 1", "diary 2", "diary 3"]),
                    IRCRenderedAnswer.Kept(conversation: "#lunch", lines: []),
                ])
        }
    }

    @Test func aCommandForRolesNeedsAServicesAccount() async throws {
        try await TestBot.with(plugins: [TalkPlugin.self]) { bot in
            let refused = try await Self.answer("!staff", bot: bot)
            let refusal = "!staff needs a services account: log in to NickServ (or connect with SASL), then try again"
            #expect(refused.answer == .lines([IRCMessage("NOTICE", "ada", refusal)]) && refused.keptForMore.isEmpty)
            let direct = try await Self.answer("echo hi", in: nil, bot: bot)
            #expect(direct.answer == .lines([IRCMessage("PRIVMSG", "ada", "hi")]))
            #expect(direct.keptForMore == [IRCRenderedAnswer.Kept(conversation: "ada", lines: [])])
        }
    }
}
