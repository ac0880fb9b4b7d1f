import Foundation
import HomeroomCore
import Synchronization
import Testing

@testable import HomeroomIRC

/// A class asking at once, through the connection's state at chosen instants: one answer naming
/// everyone who asked while it waited, one line pointing late askers to it, repeats folded, and
/// the rate limit's notice ahead of the waiting answers.
@Suite struct IRCChannelCoalescingTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let menu = ["Lunch Tue Nov 24: tacos, rice · more: !more"]

    static func registered(flood: FloodControl = FloodControl(isEnabled: false)) async -> IRCConnectionState {
        let state = IRCConnectionState(settings: IRCSessionSettings(nick: "homeroom"), flood: flood, now: start)
        _ = await state.start(now: start)
        _ = await state.receive(IRCMessage(line: Array(":s 001 homeroom :hi".utf8))!, now: start)
        _ = await state.receive(IRCMessage(line: Array(":homeroom!~h@school JOIN #lunch".utf8))!, now: start)
        // The registration lines go first.
        while await state.step(at: start).line != nil {}
        return state
    }

    static func answer(_ asker: String, _ pieces: [String] = menu, question: String? = "!lunch") -> IRCAnswer {
        .channel(IRCChannelAnswer(channel: "#lunch", asker: asker, question: question, pieces: pieces))
    }

    static func lines(of state: IRCConnectionState, at now: Date) async -> [String] {
        var lines: [String] = []
        while let line = await state.step(at: now).line { lines.append(line.parameters.last ?? line.command) }
        return lines
    }

    static func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    @Test func askersWhileTheAnswerWaitsAreNamedOnItsFirstLine() async throws {
        let state = await Self.registered()
        var tickets: [OutgoingQueue.Ticket] = []
        for _ in 0..<3 { tickets.append(try #require(await state.reserveAnswer(to: "#lunch"))) }
        await state.fillAnswer(tickets[1], with: Self.answer("bo"), now: Self.start)
        await state.fillAnswer(tickets[2], with: Self.answer("cy"), now: Self.start)
        // The first command is still being answered: nothing may go before it.
        #expect(await Self.lines(of: state, at: Self.start).isEmpty)
        await state.fillAnswer(tickets[0], with: Self.answer("ada"), now: Self.start)
        #expect(await Self.lines(of: state, at: Self.start) == ["bo, cy, ada: Lunch Tue Nov 24: tacos, rice · more: !more"])
    }

    @Test func lateAskersGetOneLinePointingToTheAnswerAfterAMomentOfQuiet() async throws {
        let state = await Self.registered()
        await state.fillAnswer(try #require(await state.reserveAnswer(to: "#lunch")), with: Self.answer("ada"), now: Self.start)
        #expect(await Self.lines(of: state, at: Self.start).count == 1)
        for (index, name) in ["bo", "cy", "di"].enumerated() {
            let when = Self.at(0.2 * Double(index + 1))
            await state.fillAnswer(try #require(await state.reserveAnswer(to: "#lunch")), with: Self.answer(name), now: when)
        }
        #expect(await Self.lines(of: state, at: Self.at(1.0)).isEmpty, "more late askers may still come")
        let wait = try #require(await state.step(at: Self.at(1.0)).wait)
        #expect(abs(wait - 0.35) < 0.01, "due 0.75 s after the last asker (0.6 s)")
        #expect(await Self.lines(of: state, at: Self.at(1.35)) == ["bo, cy, di: see the answer just above"])
        // A changed answer goes out again, addressed.
        await state.fillAnswer(
            try #require(await state.reserveAnswer(to: "#lunch")), with: Self.answer("ed", ["Lunch Tue Nov 24: soup"]),
            now: Self.at(2))
        #expect(await Self.lines(of: state, at: Self.at(2)) == ["ed: Lunch Tue Nov 24: soup"])
    }

    @Test func aRepeatIsKnownAndItsIdenticalAnswerNamesTheAskerOnceMore() async throws {
        let state = await Self.registered()
        let ada = IRCChatMessage(
            nick: "ada", hostmask: "ada!~a@school", account: nil, channel: "#lunch", text: "!lunch", time: Self.start)
        #expect(await !state.isRepeat(ada, now: Self.start), "the first ask")
        await state.fillAnswer(try #require(await state.reserveAnswer(to: "#lunch")), with: Self.answer("ada"), now: Self.start)
        #expect(await state.isRepeat(ada, now: Self.at(0.1)))
        await state.fillAnswer(try #require(await state.reserveAnswer(to: "#lunch")), with: Self.answer("ada"), now: Self.at(0.1))
        #expect(await Self.lines(of: state, at: Self.at(0.1)) == ["ada: Lunch Tue Nov 24: tacos, rice · more: !more"])
        await state.fillAnswer(try #require(await state.reserveAnswer(to: "#lunch")), with: Self.answer("ada"), now: Self.at(5))
        #expect(await Self.lines(of: state, at: Self.at(6)) == ["ada: see the answer just above"])
        await state.fillAnswer(try #require(await state.reserveAnswer(to: "#lunch")), with: Self.answer("ada"), now: Self.at(7))
        #expect(await Self.lines(of: state, at: Self.at(9)).isEmpty, "named twice already: folded in silence")
        #expect(await !state.isRepeat(ada, now: Self.at(40)), "after the window it is a new question")
        let direct = IRCChatMessage(
            nick: "ada", hostmask: "ada!~a@school", account: nil, channel: nil, text: "!lunch", time: Self.start)
        #expect(await !state.isRepeat(direct, now: Self.at(0.2)), "direct messages have no repeats")
    }

    @Test func aPrivateAnswerIsNotSentTwice() async throws {
        let state = await Self.registered()
        let notice = [IRCMessage("NOTICE", "ada", "Today: tacos · more: !more")]
        for _ in 0..<2 {
            await state.fillAnswer(
                try #require(await state.reserveAnswer(to: "#lunch")),
                with: .toTheAsker(notice, channel: "#lunch", asker: "ada", question: "!day"), now: Self.start)
        }
        #expect(await Self.lines(of: state, at: Self.start) == ["Today: tacos · more: !more"])
    }

    @Test func aRepeatOfAQuestionStillBeingAnsweredWaitsForItsAnswer() async throws {
        let state = await Self.registered()
        let ada = IRCChatMessage(
            nick: "ada", hostmask: "ada!~a@school", account: nil, channel: "#lunch", text: "!lunch", time: Self.start)
        let first = try #require(await state.reserveAnswer(for: ada))
        let repeated = try #require(await state.reserveAnswer(for: ada))
        let done = Mutex(false)
        let waiting = Task {
            await state.waitForTheSameQuestion(before: repeated)
            done.withLock { $0 = true }
        }
        // However long the first answer takes, the repeat waits for it.
        try await Task.sleep(for: .milliseconds(100))
        #expect(!done.withLock { $0 }, "the repeat went on before the first had its answer")
        await state.fillAnswer(first, with: Self.answer("ada"), now: Self.start)
        await waiting.value
        #expect(done.withLock { $0 })
        #expect(await state.isRepeat(ada, now: Self.start), "the rate limit does not count it")
        await state.fillAnswer(repeated, with: Self.answer("ada"), now: Self.start)
        #expect(await Self.lines(of: state, at: Self.start) == ["ada: Lunch Tue Nov 24: tacos, rice · more: !more"])

        // A command that moves on is remembered without its question: its repeat is handled.
        let step = IRCChatMessage(
            nick: "ada", hostmask: "ada!~a@school", account: nil, channel: "#lunch", text: "!step", time: Self.start)
        let stepOne = try #require(await state.reserveAnswer(for: step))
        let stepTwo = try #require(await state.reserveAnswer(for: step))
        let next = Task { await state.waitForTheSameQuestion(before: stepTwo) }
        await state.fillAnswer(stepOne, with: Self.answer("ada", ["Step 2 of 6"], question: nil), now: Self.start)
        await next.value
        #expect(await !state.isRepeat(step, now: Self.start), "a command that moves on is a new question")
        await state.fillAnswer(stepTwo, with: Self.answer("ada", ["Step 3 of 6"], question: nil), now: Self.start)
        #expect(await Self.lines(of: state, at: Self.start) == ["ada: Step 2 of 6", "ada: Step 3 of 6"])
    }

    @Test func anAnswersLinesAreWrittenTogether() async throws {
        let state = await Self.registered()
        let ticket = try #require(await state.reserveAnswer(to: "ada"))
        await state.fillAnswer(
            ticket, with: .lines(["one", "two", "three"].map { IRCMessage("PRIVMSG", "ada", $0) }), now: Self.start)
        let written = try #require(await state.nextLines())
        #expect(written.lines.map { $0.parameter(1) } == ["one", "two", "three"], "one write, so the server relays them at once")
    }

    @Test func theRateLimitsNoticeGoesAheadOfWaitingAnswers() async throws {
        let state = await Self.registered(flood: FloodControl(burst: 1, secondsPerLine: 2))
        await state.fillAnswer(
            try #require(await state.reserveAnswer(to: "#lunch")), with: Self.answer("ada", ["one", "two", "three"]),
            now: Self.start)
        #expect(await Self.lines(of: state, at: Self.start) == ["ada: one"])
        await state.fillAnswer(
            try #require(await state.reserveAnswer(to: "#lunch")),
            with: .urgentNotice(IRCMessage("NOTICE", "bo", "try again in 3 s")), now: Self.start)
        #expect(await Self.lines(of: state, at: Self.at(2)) == ["try again in 3 s"])
        #expect(await Self.lines(of: state, at: Self.at(4)) == ["two"])
    }
}
