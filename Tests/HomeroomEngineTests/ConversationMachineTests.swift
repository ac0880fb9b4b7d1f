import Foundation
import HomeroomCore
import HomeroomEngine
import Testing

/// The conversation machine on its own, with a platform of plain text lines and a budget of one
/// line a second: answers in the order asked, a place per command and no more than the cap, `!more`
/// pages taken once, a repeat waiting for the answer it repeats, a rate-limit notice ahead of the
/// waiting answers, and names folded by the platform's rule.
@Suite struct ConversationMachineTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// Lines are `TARGET> text`; names fold to lowercase; an answer's names lead its first line.
    struct TextPlatform: ConversationPlatform {
        func key(_ name: String) -> String { name.lowercased() }

        func addressed(_ answer: ChannelAnswer, to names: [String], others: Int) -> [String] {
            guard let first = answer.pieces.first else { return [] }
            let lead = names.joined(separator: ", ") + (others > 0 ? " +\(others)" : "")
            return ["\(answer.channel)> \(lead): \(first)"]
                + answer.pieces.dropFirst().map { "\(answer.channel)> \($0)" }
        }

        func pointer(to names: [String], in channel: String, language: Language?) -> String {
            "\(channel)> \(names.joined(separator: ", ")): see above"
        }
    }

    /// One line a second, the first at once; nothing is free.
    struct OneLineASecond: SendBudget {
        var nextAllowed: Date

        func isFree(_ line: String, in lane: OutgoingLane) -> Bool { false }

        mutating func charge(_ line: String, in lane: OutgoingLane, at now: Date) -> TimeInterval? {
            guard now >= nextAllowed else { return nextAllowed.timeIntervalSince(now) }
            nextAllowed = now.addingTimeInterval(1)
            return nil
        }
    }

    typealias Machine = ConversationMachine<OneLineASecond>

    static func machine() -> Machine {
        Machine(budget: OneLineASecond(nextAllowed: start), channelAnswers: ChannelAnswerSettings())
    }

    static func lines(_ machine: inout Machine, at now: Date) -> [String] {
        var lines: [String] = []
        while let line = machine.next(at: now, on: TextPlatform()).line { lines.append(line) }
        return lines
    }

    static func ask(
        _ machine: inout Machine, _ question: String, from asker: String, in channel: String? = "#hall",
        more: Int? = nil
    ) throws -> Machine.Accepted {
        let acceptance = machine.accept(
            question, from: asker, in: channel, takingMore: more, at: start, on: TextPlatform())
        guard case .now(let accepted) = acceptance else {
            Issue.record("not answered now: \(String(describing: acceptance))")
            throw CancellationError()
        }
        return accepted
    }

    @discardableResult
    static func finish(
        _ machine: inout Machine, _ accepted: Machine.Accepted, _ answer: ConversationAnswer<String>, asker: String,
        keeping: [RenderedAnswer<String>.Kept] = []
    ) -> Machine.Accepted? {
        machine.finish(
            accepted.ticket, with: RenderedAnswer(answer: answer, asker: asker, keptForMore: keeping), at: start,
            on: TextPlatform())
    }

    @Test func answersLeaveInTheOrderAskedAtTheBudgetsPace() throws {
        var machine = Self.machine()
        let first = try Self.ask(&machine, "/slow", from: "ada", in: nil)
        let second = try Self.ask(&machine, "/fast", from: "ada", in: nil)
        Self.finish(&machine, second, .lines(["ada> fast"]), asker: "ada")
        #expect(Self.lines(&machine, at: Self.start).isEmpty, "the first place is not filled yet")
        Self.finish(&machine, first, .lines(["ada> slow"]), asker: "ada")
        #expect(Self.lines(&machine, at: Self.start) == ["ada> slow"])
        let wait = try #require(machine.next(at: Self.start, on: TextPlatform()).wait)
        #expect(wait == 1, "the budget lets the next line go a second later")
        #expect(Self.lines(&machine, at: Self.start.addingTimeInterval(1)) == ["ada> fast"])
    }

    @Test func noMoreThanTheCapOfCommandsAreAnsweredAtOnce() throws {
        var machine = Self.machine()
        let places = (0..<Machine.maximumAnswersInProgress).compactMap { machine.reserveAnswer(to: "p\($0)") }
        #expect(places.count == Machine.maximumAnswersInProgress)
        let refused = machine.accept(
            "/lunch", from: "ada", in: nil, takingMore: nil, at: Self.start, on: TextPlatform())
        #expect(refused == nil)
        machine.finish(places[0], with: RenderedAnswer(answer: .none, asker: "p0"), at: Self.start, on: TextPlatform())
        #expect(machine.reserveAnswer(to: "ada") != nil, "a finished answer frees its place")
    }

    @Test func morePagesAreTakenOnceAndFoldedNamesFindThem() throws {
        var machine = Self.machine()
        let long = try Self.ask(&machine, "/long", from: "Ada")
        Self.finish(
            &machine, long, .none, asker: "Ada",
            keeping: [RenderedAnswer<String>.Kept(conversation: "#HALL", lines: ["a", "b", "c"])])
        var pages: [MoreTaken?] = []
        for asker in ["ada", "ADA", "ada"] {
            let more = try Self.ask(&machine, "/more", from: asker, more: 2)
            pages.append(more.more)
            Self.finish(&machine, more, .none, asker: asker)
        }
        #expect(
            pages == [
                .here(MoreBook.Page(lines: ["a", "b"], remaining: 1)), .here(MoreBook.Page(lines: ["c"], remaining: 0)),
                .nothingKept,
            ])
        let other = try Self.ask(&machine, "/more", from: "bo", more: 2)
        #expect(other.more == .nothingKept, "what ada kept is hers")
    }

    @Test func aSecondMoreWaitsForTheFirstSoThatPagesComeInOrder() throws {
        var machine = Self.machine()
        let long = try Self.ask(&machine, "/long", from: "ada")
        Self.finish(
            &machine, long, .none, asker: "ada",
            keeping: [RenderedAnswer<String>.Kept(conversation: "#hall", lines: ["a", "b", "c"])])
        let first = try Self.ask(&machine, "/more", from: "ada", more: 2)
        let second = machine.accept(
            "/more", from: "ada", in: "#hall", takingMore: 2, at: Self.start, on: TextPlatform())
        guard case .afterTheSameQuestion = second else {
            Issue.record("the second /more did not wait: \(String(describing: second))")
            return
        }
        let handedOut = try #require(Self.finish(&machine, first, .none, asker: "ada"))
        #expect(handedOut.more == .here(MoreBook.Page(lines: ["c"], remaining: 0)))
    }

    @Test func aRepeatWaitsForTheAnswerItRepeatsAndFolds() throws {
        var machine = Self.machine()
        let first = try Self.ask(&machine, "/lunch", from: "ada")
        let again = machine.accept(
            "/LUNCH", from: "Ada", in: "#Hall", takingMore: nil, at: Self.start, on: TextPlatform())
        guard case .afterTheSameQuestion(let place) = again else {
            Issue.record("the repeat did not wait: \(String(describing: again))")
            return
        }
        let lunch = ChannelAnswer(channel: "#hall", asker: "ada", question: "/lunch", pieces: ["soup"])
        let handedOut = try #require(Self.finish(&machine, first, .channel(lunch), asker: "ada"))
        #expect(handedOut.ticket == place && handedOut.isRepeat)
        #expect(Self.finish(&machine, handedOut, .channel(lunch), asker: "ada") == nil)
        #expect(Self.lines(&machine, at: Self.start) == ["#hall> ada: soup"], "one answer, its asker named once")
        let other = try Self.ask(&machine, "/lunch", from: "bo")
        #expect(!other.isRepeat, "another asker's question is theirs")
    }

    @Test func aRateLimitNoticeGoesToTheAskerAheadOfWaitingAnswers() throws {
        var machine = Self.machine()
        let long = try Self.ask(&machine, "/long", from: "ada")
        let answer = ChannelAnswer(channel: "#hall", asker: "ada", question: "/long", pieces: ["one", "two"])
        Self.finish(&machine, long, .channel(answer), asker: "ada")
        #expect(Self.lines(&machine, at: Self.start) == ["#hall> ada: one"])
        let limited = try Self.ask(&machine, "/day", from: "bo")
        Self.finish(&machine, limited, .urgent(["bo> try again in 3 s"]), asker: "bo")
        #expect(Self.lines(&machine, at: Self.start.addingTimeInterval(1)) == ["bo> try again in 3 s"])
        #expect(Self.lines(&machine, at: Self.start.addingTimeInterval(2)) == ["#hall> two"])
    }

    // MARK: Receipts

    /// Accepts `question` from `asker` in #hall at `now` and finishes it at once with `answer`, kept under `receipt`.
    static func answer(
        _ machine: inout Machine, _ question: String, from asker: String, _ answer: ConversationAnswer<String>,
        receipt: String, at now: Date
    ) throws {
        let acceptance = machine.accept(
            question, from: asker, in: "#hall", takingMore: nil, at: now, on: TextPlatform())
        guard case .now(let accepted) = acceptance else { throw CancellationError() }
        machine.finish(
            accepted.ticket, with: RenderedAnswer(answer: answer, asker: asker, receipt: receipt), at: now,
            on: TextPlatform())
    }

    static func lunch(for asker: String) -> ConversationAnswer<String> {
        .channel(ChannelAnswer(channel: "#hall", asker: asker, question: "/lunch", pieces: ["soup", "bread"]))
    }

    @Test func eachReceiptComesBackWithTheLineThatCompletesItsAnswer() throws {
        var machine = Self.machine()
        for asker in ["ada", "bo", "cy"] {
            try Self.answer(
                &machine, "/lunch", from: asker, Self.lunch(for: asker), receipt: "r-\(asker)", at: Self.start)
        }
        #expect(machine.takeSettledReceipts().isEmpty, "three askers folded into one answer waiting")
        let first = machine.next(at: Self.start, on: TextPlatform())
        #expect(first.line == "#hall> ada, bo, cy: soup")
        #expect(first.receipts.isEmpty, "the answer is not complete before its last line")
        let last = machine.next(at: Self.start.addingTimeInterval(1), on: TextPlatform())
        #expect(last.line == "#hall> bread")
        #expect(last.receipts == ["r-ada", "r-bo", "r-cy"])

        // A late asker is named in the line pointing to the answer, which carries their receipt.
        let late = Self.start.addingTimeInterval(2)
        try Self.answer(&machine, "/lunch", from: "di", Self.lunch(for: "di"), receipt: "r-di", at: late)
        #expect(machine.takeSettledReceipts().isEmpty)
        let due = try #require(machine.nextPointerDue)
        let pointer = machine.next(at: due, on: TextPlatform())
        #expect(pointer.line == "#hall> di: see above")
        #expect(pointer.receipts == ["r-di"])

        // Named in the pointer already: nothing is sent, and the receipt is settled at once.
        try Self.answer(&machine, "/lunch", from: "di", Self.lunch(for: "di"), receipt: "r-di-again", at: due)
        #expect(machine.takeSettledReceipts() == ["r-di-again"])
        #expect(machine.takeSettledReceipts().isEmpty, "taken once")
    }

    @Test func anAnswerWithNothingToSendIsSettledAndAnUrgentOneGoesAheadWithItsReceipt() throws {
        var machine = Self.machine()
        try Self.answer(&machine, "/quiet", from: "ada", .none, receipt: "r-none", at: Self.start)
        #expect(machine.takeSettledReceipts() == ["r-none"])
        try Self.answer(&machine, "/lunch", from: "ada", Self.lunch(for: "ada"), receipt: "r-lunch", at: Self.start)
        try Self.answer(
            &machine, "/day", from: "bo", .urgent(["bo> try again in 3 s"]), receipt: "r-urgent", at: Self.start)
        let urgent = machine.next(at: Self.start, on: TextPlatform())
        #expect(urgent.line == "bo> try again in 3 s")
        #expect(urgent.receipts == ["r-urgent"])
    }

    @Test func aPrivateAnswersPointerGoesEachTimeAndTheAnswerOnce() throws {
        var machine = Self.machine()
        let privately = ConversationAnswer<String>.toTheAsker(
            ["ada> your PIN is set"], shown: ["your PIN is set"], channel: "#hall", asker: "ada", question: "/me",
            pointer: "#hall> ada: answered in private")
        try Self.answer(&machine, "/me", from: "ada", privately, receipt: "r-1", at: Self.start)
        try Self.answer(&machine, "/me", from: "ada", privately, receipt: "r-2", at: Self.start.addingTimeInterval(1))
        var sent: [(String?, [String])] = []
        for second in 0..<4 {
            let step = machine.next(at: Self.start.addingTimeInterval(Double(second)), on: TextPlatform())
            sent.append((step.line, step.receipts))
        }
        #expect(
            sent.map(\.0) == [
                "ada> your PIN is set", "#hall> ada: answered in private", "#hall> ada: answered in private", nil,
            ])
        #expect(sent.map(\.1) == [[], ["r-1"], ["r-2"], []])
    }

    @Test func noAnswerIsTakenWhenTheQueueIsFull() throws {
        var machine = Self.machine()
        for number in 0..<Machine.maximumWaiting { machine.send(["line \(number)"], lane: .bulk, target: "#hall") }
        let refused = machine.accept(
            "/lunch", from: "ada", in: "#hall", takingMore: nil, at: Self.start, on: TextPlatform())
        #expect(refused == nil)
        _ = machine.next(at: Self.start, on: TextPlatform())
        #expect(machine.reserveAnswer(to: "ada") != nil, "a line sent frees a place")
    }

    @Test func everyLateAskersReceiptGoesWithThePointerBeyondTheNamesItShows() throws {
        var machine = Self.machine()
        try Self.answer(&machine, "/lunch", from: "ada", Self.lunch(for: "ada"), receipt: "r-ada", at: Self.start)
        #expect(Self.lines(&machine, at: Self.start).count == 1)
        #expect(Self.lines(&machine, at: Self.start.addingTimeInterval(1)).count == 1)
        let late = Self.start.addingTimeInterval(2)
        let askers = ChannelAnswerBoard.maximumAddressees + 1
        for number in 0..<askers {
            try Self.answer(
                &machine, "/lunch", from: "p\(number)", Self.lunch(for: "p\(number)"), receipt: "r-\(number)", at: late)
        }
        #expect(
            machine.takeSettledReceipts().isEmpty, "the late askers wait for the pointer, and take no place meanwhile")
        let due = try #require(machine.nextPointerDue)
        let pointer = machine.next(at: due, on: TextPlatform())
        #expect(pointer.line?.hasPrefix("#hall> p0, p1") == true)
        #expect(pointer.receipts.count == askers, "the one past the names shown is answered by the same line")
    }
}
