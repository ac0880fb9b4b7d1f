import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Testing

@testable import HomeroomIRC

/// A class asking at once, through IRC's conversation at chosen instants: one answer naming
/// everyone who asked while it waited, one line pointing late askers to it, repeats folded, and
/// the rate limit's notice ahead of the waiting answers.
@Suite struct IRCChannelCoalescingTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let menu = ["Lunch Tue Nov 24: tacos, rice · more: !more"]

    /// IRC's conversation machine, as a connection registered as `homeroom` in #lunch drives it.
    struct Conversation {
        var machine: ConversationMachine<FloodBucket>
        let platform = IRCConversationPlatform(nick: "homeroom", userAndHost: "~h@school", caseMapping: .rfc1459)

        init(flood: FloodControl = FloodControl(isEnabled: false)) {
            machine = ConversationMachine(
                budget: FloodBucket(flood: flood, now: IRCChannelCoalescingTests.start), channelAnswers: .init())
        }

        /// A reserved place for an answer to `target`.
        mutating func place(_ target: String = "#lunch") throws -> ConversationMachine<FloodBucket>.Ticket {
            let ticket = machine.reserveAnswer(to: target)
            return try #require(ticket)
        }

        /// `question` from `asker` in #lunch (nil: a direct message), accepted at `now`.
        mutating func ask(_ question: String, from asker: String = "ada", in channel: String? = "#lunch", at now: Date)
            throws -> ConversationMachine<FloodBucket>.Accepted
        {
            let acceptance = machine.accept(question, from: asker, in: channel, takingMore: nil, at: now, on: platform)
            guard case .now(let accepted) = acceptance else {
                Issue.record("not answered now: \(String(describing: acceptance))")
                throw CancellationError()
            }
            return accepted
        }

        /// Fills the place `ticket` holds with `answer`; returns the same question asked again
        /// meanwhile, handed out now.
        @discardableResult
        mutating func fill(_ ticket: ConversationMachine<FloodBucket>.Ticket, with answer: IRCAnswer, at now: Date)
            -> ConversationMachine<FloodBucket>.Accepted?
        {
            machine.finish(ticket, with: IRCRenderedAnswer(answer: answer, asker: "ada"), at: now, on: platform)
        }

        /// Fills a new place in #lunch with `answer`.
        mutating func answer(_ answer: IRCAnswer, at now: Date) throws {
            fill(try place(), with: answer, at: now)
        }

        mutating func lines(at now: Date) -> [String] {
            var lines: [String] = []
            while let line = machine.next(at: now, on: platform).line {
                lines.append(line.parameters.last ?? line.command)
            }
            return lines
        }
    }

    static func answer(_ asker: String, _ pieces: [String] = menu, question: String? = "!lunch") -> IRCAnswer {
        .channel(ChannelAnswer(channel: "#lunch", asker: asker, question: question, pieces: pieces))
    }

    static func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    @Test func askersWhileTheAnswerWaitsAreNamedOnItsFirstLine() throws {
        var conversation = Conversation()
        let tickets = try (0..<3).map { _ in try conversation.place() }
        conversation.fill(tickets[1], with: Self.answer("bo"), at: Self.start)
        conversation.fill(tickets[2], with: Self.answer("cy"), at: Self.start)
        // The first command is still being answered: nothing may go before it.
        #expect(conversation.lines(at: Self.start).isEmpty)
        conversation.fill(tickets[0], with: Self.answer("ada"), at: Self.start)
        #expect(conversation.lines(at: Self.start) == ["bo, cy, ada: Lunch Tue Nov 24: tacos, rice · more: !more"])
    }

    @Test func lateAskersGetOneLinePointingToTheAnswerAfterAMomentOfQuiet() throws {
        var conversation = Conversation()
        try conversation.answer(Self.answer("ada"), at: Self.start)
        #expect(conversation.lines(at: Self.start).count == 1)
        for (index, name) in ["bo", "cy", "di"].enumerated() {
            try conversation.answer(Self.answer(name), at: Self.at(0.2 * Double(index + 1)))
        }
        #expect(conversation.lines(at: Self.at(1.0)).isEmpty, "more late askers may still come")
        let wait = try #require(conversation.machine.next(at: Self.at(1.0), on: conversation.platform).wait)
        #expect(abs(wait - 0.35) < 0.01, "due 0.75 s after the last asker (0.6 s)")
        #expect(conversation.lines(at: Self.at(1.35)) == ["bo, cy, di: see the answer just above"])
        // A changed answer goes out again, addressed.
        try conversation.answer(Self.answer("ed", ["Lunch Tue Nov 24: soup"]), at: Self.at(2))
        #expect(conversation.lines(at: Self.at(2)) == ["ed: Lunch Tue Nov 24: soup"])
    }

    @Test func aRepeatIsKnownAndItsIdenticalAnswerNamesTheAskerOnceMore() throws {
        var conversation = Conversation()
        let first = try conversation.ask("!lunch", at: Self.start)
        #expect(!first.isRepeat, "the first ask")
        conversation.fill(first.ticket, with: Self.answer("ada"), at: Self.start)
        let again = try conversation.ask("!LUNCH ", at: Self.at(0.1))
        #expect(again.isRepeat, "the same question, whatever its case and spaces")
        conversation.fill(again.ticket, with: Self.answer("ada"), at: Self.at(0.1))
        #expect(conversation.lines(at: Self.at(0.1)) == ["ada: Lunch Tue Nov 24: tacos, rice · more: !more"])
        try conversation.answer(Self.answer("ada"), at: Self.at(5))
        #expect(conversation.lines(at: Self.at(6)) == ["ada: see the answer just above"])
        try conversation.answer(Self.answer("ada"), at: Self.at(7))
        #expect(conversation.lines(at: Self.at(9)).isEmpty, "named twice already: folded in silence")
        let late = try conversation.ask("!lunch", at: Self.at(40))
        #expect(!late.isRepeat, "after the window it is a new question")
        let direct = try conversation.ask("!lunch", in: nil, at: Self.at(0.2))
        #expect(!direct.isRepeat, "direct messages have no repeats")
    }

    @Test func aPrivateAnswerIsNotSentTwice() throws {
        var conversation = Conversation()
        let notice = [IRCMessage("NOTICE", "ada", "Today: tacos · more: !more")]
        for _ in 0..<2 {
            try conversation.answer(
                .toTheAsker(notice, shown: ["Today: tacos · more: !more"], channel: "#lunch", asker: "ada", question: "!day"),
                at: Self.start)
        }
        #expect(conversation.lines(at: Self.start) == ["Today: tacos · more: !more"])
    }

    @Test func aRepeatOfAQuestionStillBeingAnsweredWaitsForItsAnswerAndFolds() throws {
        var conversation = Conversation()
        let first = try conversation.ask("!lunch", at: Self.start)
        let repeated = conversation.machine.accept(
            "!lunch", from: "ADA", in: "#Lunch", takingMore: nil, at: Self.start, on: conversation.platform)
        guard case .afterTheSameQuestion(let place) = repeated else {
            Issue.record("the repeat did not wait for the first answer: \(String(describing: repeated))")
            return
        }
        // However long the first answer takes, the repeat waits for it; then it is a repeat, which
        // the rate limit does not count, and its identical answer folds.
        let afterFirst = conversation.fill(first.ticket, with: Self.answer("ada"), at: Self.start)
        let handedOut = try #require(afterFirst)
        #expect(handedOut.ticket == place && handedOut.isRepeat)
        let nothingWaits = conversation.fill(handedOut.ticket, with: Self.answer("ada"), at: Self.start)
        #expect(nothingWaits == nil)
        #expect(conversation.lines(at: Self.start) == ["ada: Lunch Tue Nov 24: tacos, rice · more: !more"])

        // A command that moves on is remembered without its question: its repeat is a new question.
        let stepOne = try conversation.ask("!step", at: Self.start)
        let waiting = conversation.machine.accept(
            "!step", from: "ada", in: "#lunch", takingMore: nil, at: Self.start, on: conversation.platform)
        #expect(waiting.map { if case .afterTheSameQuestion = $0 { true } else { false } } == true)
        let afterStepOne = conversation.fill(
            stepOne.ticket, with: Self.answer("ada", ["Step 2 of 6"], question: nil), at: Self.start)
        let stepTwo = try #require(afterStepOne)
        #expect(!stepTwo.isRepeat, "a command that moves on is a new question")
        conversation.fill(stepTwo.ticket, with: Self.answer("ada", ["Step 3 of 6"], question: nil), at: Self.start)
        #expect(conversation.lines(at: Self.start) == ["ada: Step 2 of 6", "ada: Step 3 of 6"])
    }

    @Test func anAnswersLinesAreWrittenTogether() async throws {
        let state = IRCConnectionState(
            settings: IRCSessionSettings(nick: "homeroom"), flood: FloodControl(isEnabled: false),
            clock: TestClock(now: Self.start))
        let line = IRCMessage(line: Array(":ada!~a@school PRIVMSG homeroom :lunch".utf8))!
        let turn = try #require(await state.receive(line, now: Self.start, accepting: true).turns.first)
        await state.finish(
            turn.ticket,
            with: IRCRenderedAnswer(
                answer: .lines(["one", "two", "three"].map { IRCMessage("PRIVMSG", "ada", $0) }), asker: "ada"),
            now: Self.start)
        let written = try #require(await state.nextLines())
        #expect(written.lines.map { $0.parameter(1) } == ["one", "two", "three"], "one write, so the server relays them at once")
    }

    @Test func theRateLimitsNoticeGoesAheadOfWaitingAnswers() throws {
        var conversation = Conversation(flood: FloodControl(burst: 1, secondsPerLine: 2))
        try conversation.answer(Self.answer("ada", ["one", "two", "three"]), at: Self.start)
        #expect(conversation.lines(at: Self.start) == ["ada: one"])
        try conversation.answer(.urgent([IRCMessage("NOTICE", "bo", "try again in 3 s")]), at: Self.start)
        #expect(conversation.lines(at: Self.at(2)) == ["try again in 3 s"])
        #expect(conversation.lines(at: Self.at(4)) == ["two"])
    }
}
