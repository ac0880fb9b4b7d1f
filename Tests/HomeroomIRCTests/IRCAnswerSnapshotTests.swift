import Foundation
import Testing

@testable import HomeroomIRC

/// One snapshot per answer: the bot's name and address, whether the message repeats a question,
/// and for `!more` the page taken from what was kept, under the server's case mapping; the
/// rendered answer handed back keeps its lines for the next `!more`.
@Suite struct IRCAnswerSnapshotTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A registered connection in #lunch, with flood control off and its own lines written.
    static func joined() async -> IRCConnectionState {
        let state = IRCConnectionState(
            settings: IRCSessionSettings(nick: "homeroom"), flood: FloodControl(isEnabled: false), now: start)
        _ = await state.start(now: start)
        _ = await state.receive(IRCMessage(line: Array(":s 001 homeroom :hi".utf8))!, now: start)
        _ = await state.receive(IRCMessage(line: Array(":homeroom!~h@school JOIN #lunch".utf8))!, now: start)
        while await state.step(at: start).line != nil {}
        return state
    }

    static func chat(_ text: String, from nick: String = "ada", in channel: String? = "#lunch") -> IRCChatMessage {
        IRCChatMessage(
            nick: nick, hostmask: "\(nick)!~a@school", account: nil, channel: channel, text: text, time: start)
    }

    /// Takes a snapshot for `chat` in a new place, and hands back `rendered` for it.
    static func answer(
        _ chat: IRCChatMessage, on state: IRCConnectionState, takingMore pageSize: Int? = nil,
        rendered: IRCRenderedAnswer? = nil
    ) async throws -> IRCAnswerSnapshot {
        let ticket = try #require(await state.reserveAnswer(for: chat))
        let snapshot = await state.snapshot(for: chat, answeredIn: ticket, takingMore: pageSize, now: start)
        await state.finish(ticket, with: rendered ?? IRCRenderedAnswer(answer: .none, asker: chat.nick), now: start)
        return snapshot
    }

    @Test func aSnapshotHoldsTheBotsNameAndAddressAndWhetherTheQuestionRepeats() async throws {
        let state = await Self.joined()
        let lunch = IRCChannelAnswer(channel: "#lunch", asker: "ada", question: "!lunch", pieces: ["Lunch: soup"])
        let first = try await Self.answer(
            Self.chat("!lunch"), on: state, rendered: IRCRenderedAnswer(answer: .channel(lunch), asker: "ada"))
        #expect(first == IRCAnswerSnapshot(nick: "homeroom", userAndHost: "~h@school", isRepeat: false, more: nil))
        let again = try await Self.answer(Self.chat("!lunch"), on: state)
        #expect(again.isRepeat, "the same question in the same channel moments later")
        let direct = try await Self.answer(Self.chat("!lunch", in: nil), on: state)
        #expect(!direct.isRepeat, "direct messages have no repeats")
    }

    @Test func moreTakesItsPageFromWhatTheAnswerKeptWhateverTheCase() async throws {
        let state = await Self.joined()
        let lines = (1...5).map { "line \($0)" }
        let long = IRCRenderedAnswer(
            answer: .none, asker: "Ada", keptForMore: [IRCRenderedAnswer.Kept(conversation: "#Lunch", lines: lines)])
        _ = try await Self.answer(Self.chat("!long", from: "Ada"), on: state, rendered: long)

        let notAsked = try await Self.answer(Self.chat("!lunch"), on: state)
        #expect(notAsked.more == nil, "only a !more takes a page")
        let first = try await Self.answer(Self.chat("!more"), on: state, takingMore: 3)
        #expect(first.more == .here(MoreBook.Page(lines: ["line 1", "line 2", "line 3"], remaining: 2)))
        let second = try await Self.answer(Self.chat("!more"), on: state, takingMore: 3)
        #expect(second.more == .here(MoreBook.Page(lines: ["line 4", "line 5"], remaining: 0)))
        let empty = try await Self.answer(Self.chat("!more"), on: state, takingMore: 3)
        #expect(empty.more == .nothingKept)
        let elsewhere = try await Self.answer(Self.chat("!more", from: "bo"), on: state, takingMore: 3)
        #expect(elsewhere.more == .nothingKept, "what ada kept is hers")
    }

    @Test func whatWasKeptForTheAskerAloneStaysTheirsInTheChannel() async throws {
        let state = await Self.joined()
        let diary = IRCRenderedAnswer(
            answer: .none, asker: "ada",
            keptForMore: [
                IRCRenderedAnswer.Kept(conversation: "ada", lines: ["diary 1", "diary 2"]),
                IRCRenderedAnswer.Kept(conversation: "#lunch", lines: []),
            ])
        _ = try await Self.answer(Self.chat("!diary"), on: state, rendered: diary)
        let inTheChannel = try await Self.answer(Self.chat("!more"), on: state, takingMore: 1)
        #expect(inTheChannel.more == .forTheAsker(MoreBook.Page(lines: ["diary 1"], remaining: 1)))
        let direct = try await Self.answer(Self.chat("more", in: nil), on: state, takingMore: 1)
        #expect(
            direct.more == .here(MoreBook.Page(lines: ["diary 2"], remaining: 0)), "a direct message continues it too")
    }
}
