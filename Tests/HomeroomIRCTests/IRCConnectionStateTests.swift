import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Testing

@testable import HomeroomIRC

/// The connection's shared state: WHOIS lookups answered, timed out or ended by a closed
/// connection; commands recognised once when they arrive, chatter costing no place; and caps on
/// answers in progress and answers kept for `!more`.
@Suite struct IRCConnectionStateTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A registered connection in #lunch with flood control off, telling time by `clock`.
    static func registered(clock: TestClock = TestClock(now: start)) async -> IRCConnectionState {
        let state = IRCConnectionState(
            settings: IRCSessionSettings(nick: "homeroom"), flood: FloodControl(isEnabled: false), clock: clock)
        _ = await state.start(now: start)
        await feed(":s 001 homeroom :hi", to: state)
        await feed(":homeroom!~h@school JOIN #lunch", to: state)
        while await state.step(at: start).line != nil {}
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

    @discardableResult
    static func feed(_ line: String, to state: IRCConnectionState, accepting: Bool = true) async
        -> IRCConnectionState.Received
    {
        await state.receive(IRCMessage(line: Array(line.utf8))!, now: start, accepting: accepting)
    }

    @Test func aWhoisIsAnsweredTimesOutOrEndsWithTheConnection() async throws {
        let clock = TestClock(now: Self.start)
        let state = await Self.registered(clock: clock)
        let asking = Task { await state.whois("ada") }
        try await Self.waitForLine("WHOIS ada", on: state)
        await Self.feed(":s 311 homeroom ada ~a school.example * :Ada", to: state)
        await Self.feed(":s 330 homeroom ada ada :is logged in as", to: state)
        await Self.feed(":s 318 homeroom ada :End of WHOIS", to: state)
        #expect(await asking.value == IRCWhoisAnswer(nick: "ada", userAndHost: "~a@school.example", account: "ada"))

        let unanswered = Task { await state.whois("ghost") }
        try await Self.waitForLine("WHOIS ghost", on: state)
        _ = await state.tick(now: Self.start.addingTimeInterval(IRCConnectionState.whoisTimeout - 1))
        _ = await state.tick(now: Self.start.addingTimeInterval(IRCConnectionState.whoisTimeout + 1))
        #expect(await unanswered.value == nil)

        let cut = Task { await state.whois("late") }
        try await Self.waitForLine("WHOIS late", on: state)
        await state.close()
        #expect(await cut.value == nil)
        #expect(await state.whois("after") == nil, "nothing is asked on a closed connection")
    }

    @Test func aCommandIsAcceptedWhenItArrivesAndChatterCostsNothing() async throws {
        let state = await Self.registered()
        let chatter = await Self.feed(":ada!~a@school PRIVMSG #lunch :is it tacos today?", to: state)
        #expect(chatter.turns.isEmpty && !chatter.refused)
        let command = await Self.feed(":ada!~a@school PRIVMSG #lunch :!lunch tomorrow", to: state)
        let turn = try #require(command.turns.first)
        #expect(command.turns.count == 1)
        #expect(turn.recognized == CommandRecognizer.Recognized(prefix: "!", body: "lunch tomorrow"))
        #expect(turn.snapshot == IRCAnswerSnapshot(nick: "homeroom", userAndHost: "~h@school", isRepeat: false, more: nil))
        #expect(turn.ticket.target == "#lunch")
        let direct = await Self.feed(":ada!~a@school PRIVMSG homeroom :lunch", to: state)
        #expect(direct.turns.first?.ticket.target == "ada", "a direct message needs no prefix and is answered to its sender")

        let elsewhere = await Self.feed(":ada!~a@school PRIVMSG #lunch :!lunch", to: state, accepting: false)
        #expect(elsewhere.turns.isEmpty && elsewhere.refused, "while another instance holds the network, no command is taken")
        await state.sayGoodbye("bye")
        let leaving = await Self.feed(":ada!~a@school PRIVMSG #lunch :!lunch", to: state)
        #expect(leaving.turns.isEmpty, "nothing is taken once the connection says goodbye")
    }

    @Test func answersInProgressAndAnswersKeptForMoreAreCapped() async throws {
        let state = await Self.registered()
        let maximum = ConversationMachine<FloodBucket>.maximumAnswersInProgress
        var turns: [IRCTurn] = []
        for number in 0..<maximum {
            turns += await Self.feed(":nick\(number)!~n@school PRIVMSG homeroom :lunch", to: state).turns
        }
        #expect(turns.count == maximum)
        let flooded = await Self.feed(":ada!~a@school PRIVMSG #lunch :!lunch", to: state)
        #expect(flooded.turns.isEmpty && flooded.unanswered == 1, "a command beyond the cap is not answered")
        await state.finish(try #require(turns.first).ticket, with: IRCRenderedAnswer(answer: .none, asker: "nick0"), now: Self.start)
        let freed = await Self.feed(":ada!~a@school PRIVMSG #lunch :!lunch", to: state)
        #expect(freed.turns.count == 1, "a finished answer frees its place")

        let keeping = await Self.registered()
        let kept = ConversationMachine<FloodBucket>.maximumKeptAnswers
        for number in 0...kept {
            let turn = try #require(
                await Self.feed(":nick\(number)!~n@school PRIVMSG #lunch :!long", to: keeping).turns.first)
            let lines = IRCRenderedAnswer.Kept(conversation: "#lunch", lines: ["line of \(number)"])
            await keeping.finish(
                turn.ticket, with: IRCRenderedAnswer(answer: .none, asker: "nick\(number)", keptForMore: [lines]),
                now: Self.start)
        }
        #expect(try await Self.more(for: "nick0", on: keeping) == .nothingKept, "the oldest went")
        #expect(
            try await Self.more(for: "nick\(kept)", on: keeping)
                == .here(MoreBook.Page(lines: ["line of \(kept)"], remaining: 0)))
        #expect(try await Self.more(for: "NICK1", on: keeping) == .here(MoreBook.Page(lines: ["line of 1"], remaining: 0)))
    }

    @Test func aRepeatWaitingWhenTheConnectionSaysGoodbyeIsNeverHandedOut() async throws {
        let state = await Self.registered()
        let first = try #require(await Self.feed(":ada!~a@school PRIVMSG #lunch :!lunch", to: state).turns.first)
        let repeated = await Self.feed(":ada!~a@school PRIVMSG #lunch :!lunch", to: state)
        #expect(repeated.turns.isEmpty, "the repeat waits for the first answer")
        await state.sayGoodbye("another instance took over")
        let handedOut = await state.finish(first.ticket, with: IRCRenderedAnswer(answer: .none, asker: "ada"), now: Self.start)
        #expect(handedOut == nil, "no command is dispatched after the goodbye")
    }

    /// What `!more` from `nick` in #lunch finds.
    static func more(for nick: String, on state: IRCConnectionState) async throws -> MoreTaken? {
        let turn = try #require(await feed(":\(nick)!~n@school PRIVMSG #lunch :!more", to: state).turns.first)
        await state.finish(turn.ticket, with: IRCRenderedAnswer(answer: .none, asker: nick), now: start)
        return turn.snapshot.more
    }
}
