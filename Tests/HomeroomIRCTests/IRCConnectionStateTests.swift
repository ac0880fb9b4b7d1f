import Foundation
import Testing

@testable import HomeroomIRC

/// The connection's shared state: WHOIS lookups answered, timed out or ended by a closed
/// connection, and caps on answers in progress and answers kept for `!more`.
@Suite struct IRCConnectionStateTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A registered connection with flood control off.
    static func registered() async -> IRCConnectionState {
        let state = IRCConnectionState(
            settings: IRCSessionSettings(nick: "homeroom"), flood: FloodControl(isEnabled: false), now: start)
        _ = await state.start(now: start)
        _ = await state.receive(IRCMessage(line: Array(":s 001 homeroom :hi".utf8))!, now: start)
        return state
    }

    /// Takes written lines until one whose text is `line`.
    static func waitForLine(_ line: String, on state: IRCConnectionState) async throws {
        while let next = await state.nextLines() {
            for written in next.lines where String(decoding: written.serialized.dropLast(2), as: UTF8.self) == line {
                return
            }
        }
        Issue.record("the connection closed before \(line)")
    }

    static func feed(_ line: String, to state: IRCConnectionState) async {
        _ = await state.receive(IRCMessage(line: Array(line.utf8))!, now: start)
    }

    @Test func aWhoisIsAnsweredTimesOutOrEndsWithTheConnection() async throws {
        let state = await Self.registered()
        let asking = Task { await state.whois("ada", now: Self.start) }
        try await Self.waitForLine("WHOIS ada", on: state)
        await Self.feed(":s 311 homeroom ada ~a school.example * :Ada", to: state)
        await Self.feed(":s 330 homeroom ada ada :is logged in as", to: state)
        await Self.feed(":s 318 homeroom ada :End of WHOIS", to: state)
        #expect(await asking.value == IRCWhoisAnswer(nick: "ada", userAndHost: "~a@school.example", account: "ada"))

        let unanswered = Task { await state.whois("ghost", now: Self.start) }
        try await Self.waitForLine("WHOIS ghost", on: state)
        _ = await state.tick(now: Self.start.addingTimeInterval(IRCConnectionState.whoisTimeout + 1))
        #expect(await unanswered.value == nil)

        let cut = Task { await state.whois("late", now: Self.start) }
        try await Self.waitForLine("WHOIS late", on: state)
        await state.close()
        #expect(await cut.value == nil)
        #expect(await state.whois("after", now: Self.start) == nil, "nothing is asked on a closed connection")
    }

    @Test func answersInProgressAndAnswersKeptForMoreAreCapped() async throws {
        let state = await Self.registered()
        var tickets: [OutgoingQueue.Ticket] = []
        for number in 0..<IRCConnectionState.maximumAnswersInProgress {
            if let ticket = await state.reserveAnswer(to: "nick\(number)") { tickets.append(ticket) }
        }
        #expect(tickets.count == IRCConnectionState.maximumAnswersInProgress)
        #expect(await state.reserveAnswer(to: "one-more") == nil)
        await state.fillAnswer(try #require(tickets.first), with: .none)
        #expect(await state.reserveAnswer(to: "one-more") != nil, "a finished answer frees its place")

        let keeping = await Self.registered()
        for number in 0...IRCConnectionState.maximumKeptAnswers {
            let kept = IRCRenderedAnswer.Kept(conversation: "#lunch", lines: ["line of \(number)"])
            await keeping.finish(
                try #require(await keeping.reserveAnswer(to: "#lunch")),
                with: IRCRenderedAnswer(answer: .none, asker: "nick\(number)", keptForMore: [kept]))
        }
        let oldest = try await Self.more(for: "nick0", on: keeping)
        #expect(oldest == .nothingKept, "the oldest went")
        let newest = try await Self.more(for: "nick\(IRCConnectionState.maximumKeptAnswers)", on: keeping)
        #expect(
            newest == .here(MoreBook.Page(lines: ["line of \(IRCConnectionState.maximumKeptAnswers)"], remaining: 0)))
        let second = try await Self.more(for: "nick1", on: keeping)
        #expect(second == .here(MoreBook.Page(lines: ["line of 1"], remaining: 0)))
    }

    /// What `!more` from `nick` in #lunch finds, taking a page of 4.
    static func more(for nick: String, on state: IRCConnectionState) async throws -> IRCAnswerSnapshot.More? {
        let chat = IRCChatMessage(
            nick: nick, hostmask: "\(nick)!~n@school", account: nil, channel: "#lunch", text: "!more", time: start)
        let ticket = try #require(await state.reserveAnswer(for: chat))
        let snapshot = await state.snapshot(for: chat, answeredIn: ticket, takingMore: 4, now: start)
        await state.finish(ticket, with: IRCRenderedAnswer(answer: .none, asker: nick))
        return snapshot.more
    }
}
