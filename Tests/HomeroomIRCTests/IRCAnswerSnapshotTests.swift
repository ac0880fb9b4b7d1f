import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Testing

@testable import HomeroomIRC

/// One snapshot per answer, taken when the command arrives: the bot's name and address, whether
/// the message repeats a question, and for `!more` the page taken from what was kept, under the
/// server's case mapping; the rendered answer handed back keeps its lines for the next `!more`.
@Suite struct IRCAnswerSnapshotTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A registered connection in #lunch, with flood control off, its own lines written, and
    /// `!more` showing 3 kept lines.
    static func joined() async -> IRCConnectionState {
        await IRCConnectionStateTests.registered()
    }

    /// Sends `text` from `nick` (in #lunch, or directly), and hands back `rendered` for it.
    static func answer(
        _ text: String, from nick: String = "ada", in channel: String? = "#lunch", on state: IRCConnectionState,
        rendered: IRCRenderedAnswer? = nil
    ) async throws -> IRCAnswerSnapshot {
        let line = ":\(nick)!~a@school PRIVMSG \(channel ?? "homeroom") :\(text)"
        let turn = try #require(await IRCConnectionStateTests.feed(line, to: state).turns.first)
        await state.finish(turn.ticket, with: rendered ?? IRCRenderedAnswer(answer: .none, asker: nick), now: start)
        return turn.snapshot
    }

    @Test func aSnapshotHoldsTheBotsNameAndAddressAndWhetherTheQuestionRepeats() async throws {
        let state = await Self.joined()
        let lunch = ChannelAnswer(channel: "#lunch", asker: "ada", question: "!lunch", pieces: ["Lunch: soup"])
        let first = try await Self.answer(
            "!lunch", on: state, rendered: IRCRenderedAnswer(answer: .channel(lunch), asker: "ada"))
        #expect(first == IRCAnswerSnapshot(nick: "homeroom", userAndHost: "~h@school", isRepeat: false, more: nil))
        let again = try await Self.answer("!lunch", on: state)
        #expect(again.isRepeat, "the same question in the same channel moments later")
        let direct = try await Self.answer("!lunch", in: nil, on: state)
        #expect(!direct.isRepeat, "direct messages have no repeats")
    }

    @Test func moreTakesItsPageFromWhatTheAnswerKeptWhateverTheCase() async throws {
        let state = await Self.joined()
        let lines = (1...5).map { "line \($0)" }
        let long = IRCRenderedAnswer(
            answer: .none, asker: "Ada", keptForMore: [IRCRenderedAnswer.Kept(conversation: "#Lunch", lines: lines)])
        _ = try await Self.answer("!long", from: "Ada", on: state, rendered: long)

        let notAsked = try await Self.answer("!lunch", on: state)
        #expect(notAsked.more == nil, "only a !more takes a page")
        let first = try await Self.answer("!more", on: state)
        #expect(first.more == .here(MoreBook.Page(lines: ["line 1", "line 2", "line 3"], remaining: 2)))
        let second = try await Self.answer("!MORE", on: state)
        #expect(second.more == .here(MoreBook.Page(lines: ["line 4", "line 5"], remaining: 0)))
        let empty = try await Self.answer("!more", on: state)
        #expect(empty.more == .nothingKept)
        let elsewhere = try await Self.answer("!more", from: "bo", on: state)
        #expect(elsewhere.more == .nothingKept, "what ada kept is hers")
    }

    @Test func whatWasKeptForTheAskerAloneStaysTheirsInTheChannel() async throws {
        let state = await Self.joined()
        let diary = IRCRenderedAnswer(
            answer: .none, asker: "ada",
            keptForMore: [
                IRCRenderedAnswer.Kept(conversation: "ada", lines: ["diary 1", "diary 2", "diary 3", "diary 4"]),
                IRCRenderedAnswer.Kept(conversation: "#lunch", lines: []),
            ])
        _ = try await Self.answer("!diary", on: state, rendered: diary)
        let inTheChannel = try await Self.answer("!more", on: state)
        #expect(inTheChannel.more == .forTheAsker(MoreBook.Page(lines: ["diary 1", "diary 2", "diary 3"], remaining: 1)))
        let direct = try await Self.answer("more", in: nil, on: state)
        #expect(
            direct.more == .here(MoreBook.Page(lines: ["diary 4"], remaining: 0)), "a direct message continues it too")
    }
}
