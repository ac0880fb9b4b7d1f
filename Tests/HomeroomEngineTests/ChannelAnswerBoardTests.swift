import Foundation
import Testing

@testable import HomeroomEngine

/// The board that turns a class asking at once into one answer naming them all, at chosen instants.
@Suite struct ChannelAnswerBoardTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let lunch = ["Lunch Tue Nov 24: tacos", "Vegetables: beans"]
    static let channel = (name: "#Lunch", key: "#lunch")

    static func person(_ name: String) -> (name: String, key: String) { (name, name.lowercased()) }
    static func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    @Test func askersOfAWaitingAnswerJoinItInTheOrderTheyAsked() {
        var board = ChannelAnswerBoard(settings: .init())
        let first = board.offer(Self.lunch, in: Self.channel, to: Self.person("ada"), question: "!lunch", at: Self.start)
        guard case .send(let id) = first else {
            Issue.record("the first asker gets a new answer: \(first)")
            return
        }
        #expect(board.offer(Self.lunch, in: Self.channel, to: Self.person("bo"), question: "!lunch", at: Self.at(0.1)) == .joined(id))
        #expect(board.offer(Self.lunch, in: Self.channel, to: Self.person("Cy"), question: "!lunch", at: Self.at(0.2)) == .joined(id))
        #expect(board.addressees(of: id).names == ["ada", "bo", "Cy"])
        #expect(board.offer(Self.lunch, in: Self.channel, to: Self.person("CY"), question: "!lunch", at: Self.at(0.3)) == .joined(id))
        #expect(board.addressees(of: id).names == ["ada", "bo", "Cy"], "the same person (by key) is named once")
    }

    @Test func lateAskersAreGatheredIntoOneLineAfterAPauseOfQuiet() throws {
        var board = ChannelAnswerBoard(settings: .init())
        let id = board.offer(Self.lunch, in: Self.channel, to: Self.person("ada"), question: "!lunch", at: Self.start).answer
        board.sent(id, at: Self.at(0.01))
        #expect(board.nextPointerDue == nil)
        for (index, name) in ["bo", "cy", "di"].enumerated() {
            let offer = board.offer(
                Self.lunch, in: Self.channel, to: Self.person(name), question: "!lunch", at: Self.at(0.3 * Double(index + 1)))
            #expect(offer == .pointed(id))
        }
        // Opened at 0.3 s; the last joined at 0.9 s: due 0.75 s later.
        let due = try #require(board.nextPointerDue)
        #expect(abs(due.timeIntervalSince(Self.at(1.65))) < 0.001)
        #expect(board.duePointers(at: Self.at(1.6)).isEmpty)
        #expect(
            board.duePointers(at: Self.at(1.65))
                == [.init(answer: id, channel: "#Lunch", names: ["bo", "cy", "di"])])
        #expect(board.nextPointerDue == nil)
    }

    @Test func aSteadyStreamOfLateAskersStillGetsItsLineWithinTwoSeconds() throws {
        var board = ChannelAnswerBoard(settings: .init())
        let id = board.offer(Self.lunch, in: Self.channel, to: Self.person("ada"), question: "!lunch", at: Self.start).answer
        board.sent(id, at: Self.start)
        for step in 1...30 {
            _ = board.offer(
                Self.lunch, in: Self.channel, to: Self.person("s\(step)"), question: "!lunch", at: Self.at(0.1 * Double(step)))
        }
        let due = try #require(board.nextPointerDue)
        #expect(abs(due.timeIntervalSince(Self.at(2.1))) < 0.001, "opened at 0.1 s, at most 2 s of gathering")
        let pointers = board.duePointers(at: Self.at(3.1))
        #expect(pointers.count == 1 && pointers.first?.names.count == 30)
    }

    @Test func aChangedAnswerIsSentAgainAndAnOldOneAfterTheWindow() {
        var board = ChannelAnswerBoard(settings: .init(coalesceWindowSeconds: 30))
        let id = board.offer(Self.lunch, in: Self.channel, to: Self.person("ada"), question: "!lunch", at: Self.start).answer
        board.sent(id, at: Self.start)
        let edited = ["Lunch Tue Nov 24: soup"]
        #expect(
            board.offer(edited, in: Self.channel, to: Self.person("bo"), question: "!lunch", at: Self.at(5)) == .send(id + 1),
            "the menu was edited in between")
        #expect(
            board.offer(Self.lunch, in: Self.channel, to: Self.person("cy"), question: "!lunch", at: Self.at(30))
                == .send(id + 2), "the first answer is 30 s old")
        #expect(
            board.offer(Self.lunch, in: (name: "#other", key: "#other"), to: Self.person("di"), question: "!lunch", at: Self.at(31))
                == .send(id + 3), "another channel gets its own answer")
    }

    @Test func aRepeatIsKnownForTheWindowAndItsIdenticalAnswerNamesTheAskerOnceMore() {
        var board = ChannelAnswerBoard(settings: .init())
        #expect(!board.isRepeat("!lunch", in: Self.channel, by: Self.person("ada"), at: Self.start))
        let id = board.offer(Self.lunch, in: Self.channel, to: Self.person("ada"), question: "!lunch", at: Self.start).answer
        #expect(board.isRepeat(" !LUNCH ", in: Self.channel, by: Self.person("ADA"), at: Self.at(1)))
        #expect(!board.isRepeat("!now", in: Self.channel, by: Self.person("ada"), at: Self.at(1)))
        #expect(!board.isRepeat("!lunch", in: Self.channel, by: Self.person("bo"), at: Self.at(1)))
        #expect(
            board.offer(Self.lunch, in: Self.channel, to: Self.person("ada"), question: "!lunch", at: Self.at(1)) == .joined(id),
            "asked again while the answer waits: nothing new")
        board.sent(id, at: Self.at(2))
        #expect(board.offer(Self.lunch, in: Self.channel, to: Self.person("ada"), question: "!lunch", at: Self.at(3)) == .pointed(id))
        #expect(board.duePointers(at: Self.at(10)).first?.names == ["ada"])
        #expect(
            board.offer(Self.lunch, in: Self.channel, to: Self.person("ada"), question: "!lunch", at: Self.at(11)) == .alreadyNamed(id),
            "pointed to it once already: a third ask is folded in silence")
        let edited = ["Lunch Tue Nov 24: soup"]
        #expect(
            board.offer(edited, in: Self.channel, to: Self.person("ada"), question: "!lunch", at: Self.at(12)) == .send(id + 1),
            "the menu changed in between: the repeat gets the new answer")
        board.sent(id + 1, at: Self.at(12))
        #expect(!board.isRepeat("!lunch", in: Self.channel, by: Self.person("ada"), at: Self.at(43)), "after the window it is new")
    }

    @Test func aRepeatOfAPrivateAnswerIsKnownAndTheSameLinesAreNotSentAgain() {
        var board = ChannelAnswerBoard(settings: .init())
        let day = ["Today: tacos · Period 3 · more: !more"]
        let first = board.answeredPrivately(day, in: Self.channel, to: Self.person("ada"), question: "!day", at: Self.start)
        #expect(first)
        #expect(board.isRepeat("!day", in: Self.channel, by: Self.person("ada"), at: Self.at(1)))
        let again = board.answeredPrivately(day, in: Self.channel, to: Self.person("ada"), question: "!day", at: Self.at(1))
        #expect(!again, "the same lines went to ada a second ago")
        let toBo = board.answeredPrivately(day, in: Self.channel, to: Self.person("bo"), question: "!day", at: Self.at(1))
        #expect(toBo, "another person's notice is theirs")
        let changed = board.answeredPrivately(
            ["Today: soup"], in: Self.channel, to: Self.person("ada"), question: "!day", at: Self.at(2))
        #expect(changed, "a changed answer is sent")
        #expect(board.nextPointerDue == nil, "no line points to a private answer")
        #expect(!board.isRepeat("!day", in: Self.channel, by: Self.person("ada"), at: Self.at(33)))
    }

    @Test func aQuestionThatMovesOnIsNeverARepeat() {
        var board = ChannelAnswerBoard(settings: .init())
        _ = board.offer(["page 2"], in: Self.channel, to: Self.person("ada"), question: nil, at: Self.start)
        #expect(!board.isRepeat("!more", in: Self.channel, by: Self.person("ada"), at: Self.at(1)))
    }

    @Test func switchedOffEveryAnswerIsItsOwn() {
        var board = ChannelAnswerBoard(settings: .init(coalesceWindowSeconds: 0))
        let first = board.offer(Self.lunch, in: Self.channel, to: Self.person("ada"), question: "!lunch", at: Self.start)
        let second = board.offer(Self.lunch, in: Self.channel, to: Self.person("bo"), question: "!lunch", at: Self.start)
        #expect(first == .send(first.answer) && second == .send(first.answer + 1))
        #expect(board.addressees(of: second.answer).names == ["bo"])
        #expect(!board.isRepeat("!lunch", in: Self.channel, by: Self.person("ada"), at: Self.start))
    }

    @Test func endlessAskersAndAnswersAreCapped() {
        var board = ChannelAnswerBoard(settings: .init())
        let id = board.offer(Self.lunch, in: Self.channel, to: Self.person("p0"), question: "!lunch", at: Self.start).answer
        for number in 1...(ChannelAnswerBoard.maximumAddressees + 50) {
            _ = board.offer(Self.lunch, in: Self.channel, to: Self.person("p\(number)"), question: "!lunch", at: Self.start)
        }
        let (names, others) = board.addressees(of: id)
        #expect(names.count == ChannelAnswerBoard.maximumAddressees && others == 51)
        for number in 0...(ChannelAnswerBoard.maximumAnswers + 10) {
            _ = board.offer(["answer \(number)"], in: Self.channel, to: Self.person("ada"), question: "!q\(number)", at: Self.start)
        }
        #expect(board.addressees(of: id).names.isEmpty, "the oldest answer was forgotten")
    }

    @Test func aFullBoardKeepsAnAnswerWhoseLateAskersAreStillGathering() {
        var board = ChannelAnswerBoard(settings: .init())
        let id = board.offer(Self.lunch, in: Self.channel, to: Self.person("ada"), question: "!lunch", at: Self.start).answer
        board.sent(id, at: Self.start)
        _ = board.offer(Self.lunch, in: Self.channel, to: Self.person("bo"), question: "!lunch", at: Self.start)
        for number in 0..<ChannelAnswerBoard.maximumAnswers {
            _ = board.offer(["answer \(number)"], in: Self.channel, to: Self.person("cy"), question: "!q\(number)", at: Self.start)
        }
        #expect(board.duePointers(at: Self.at(5)).first?.names == ["bo"], "bo is still named")
    }
}

@Suite struct AddresseeListTests {
    @Test func namesFitOrAreCountedAsOthers() {
        #expect(AddresseeList.text(["ada"], room: 100) == "ada")
        #expect(AddresseeList.text(["ada", "bo", "cy"], room: 100) == "ada, bo, cy")
        #expect(AddresseeList.text(["ada", "bo", "cy", "di"], room: 20) == "ada, and 3 others")
        #expect(AddresseeList.text(["ada", "bo", "caroline-longnick"], room: 20) == "ada, bo, and 1 other")
        #expect(AddresseeList.text(["ada", "bo", "caroline-longnick"], room: 19) == "ada, and 2 others")
        #expect(AddresseeList.text(["ada"], others: 2, room: 100) == "ada, and 2 others")
        #expect(AddresseeList.text(["averyveryverylongnick"], room: 5) == "averyveryverylongnick", "one name always shows")
        #expect(AddresseeList.text([], room: 10).isEmpty)
        let class30 = (1...30).map { String(format: "student%02d", $0) }
        let text = AddresseeList.text(class30, room: 120)
        #expect(text.utf8.count <= 120 && text.hasSuffix("others"))
    }
}
