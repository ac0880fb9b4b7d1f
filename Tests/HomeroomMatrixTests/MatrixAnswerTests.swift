import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Testing

@testable import HomeroomMatrix

/// How answers look in Matrix, and how a busy room's answers are queued, at chosen instants.
@Suite struct MatrixAnswerTests {
    static let renderer = MatrixAnswerRenderer(replyToCommands: true)
    static let alice = MatrixAsker(userID: "@alice:school.example", name: "Alice", eventID: "$alice")
    static let room = "!class:school.example"

    static func student(_ number: Int) -> MatrixAsker {
        MatrixAsker(userID: "@s\(number):school.example", name: "Student \(number)", eventID: "$q\(number)")
    }

    // MARK: Rendering

    @Test func userTextIsEscapedInTheHTMLAndPlainInTheBody() throws {
        let answer = Self.renderer.answer(
            to: Reply(lines: [#"<script>alert("x")</script> & 'fries'"#, "second"]), from: Self.alice,
            inRoom: false, question: "lunch")
        guard case .message(let message) = answer else {
            Issue.record("not a message: \(answer)")
            return
        }
        #expect(message.msgtype == "m.notice")
        #expect(message.body == "<script>alert(\"x\")</script> & 'fries'\nsecond")
        #expect(
            message.formattedBody
                == "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;fries&#39;<br>second")
        #expect(message.mentionedUserIDs == [Self.alice.userID])
        #expect(message.inReplyTo == "$alice")
    }

    @Test func atRoomInAnAnswerPingsNobody() throws {
        let message = Self.renderer.message(["menu by @room and @ROOM"], mentioning: [], inReplyTo: nil)
        #expect(!message.body.contains("@room"))
        #expect(!message.body.lowercased().contains("@room"))
        #expect(message.body == "menu by @\u{2060}room and @\u{2060}ROOM")
        let html = try #require(message.formattedBody)
        #expect(!html.contains("@room"))
        #expect(!html.contains("<a"))
        #expect(message.mentionedUserIDs.isEmpty)
    }

    @Test func aRoomAnswerLeadsWithTheAskersAndMentionsOnlyThem() {
        let message = Self.renderer.addressed(
            ["Lunch: tacos, ask @bob:school.example"], to: [Self.alice], others: 0, inReplyTo: "$alice")
        #expect(message.body == "Alice: Lunch: tacos, ask @bob:school.example")
        #expect(message.mentionedUserIDs == ["@alice:school.example"])
        #expect(message.inReplyTo == "$alice")
        #expect(message.formattedBody?.contains("href") == false)
    }

    @Test func aLongRoomAnswerIsCutWithALastLineSayingWhereTheRestIs() throws {
        let lines = (1...100).map { "line \($0)" }
        let answer = Self.renderer.answer(
            to: Reply(lines: lines), from: Self.alice, inRoom: true, question: "events week")
        guard case .forEveryone(let shown, let question) = answer else {
            Issue.record("not for everyone: \(answer)")
            return
        }
        #expect(shown.count == MatrixAnswerRenderer.roomLines)
        #expect(shown.first == "line 1")
        #expect(shown.last == "… 71 more lines: ask me in a direct message to see them all")
        #expect(question == "events week")
    }

    @Test func aHugeLineIsCutAndTheWholeStaysWithinAnEvent() throws {
        let answer = Self.renderer.answer(
            to: Reply(lines: Array(repeating: String(repeating: "<&>", count: 5000), count: 50)), from: Self.alice,
            inRoom: false, question: "x")
        guard case .message(let message) = answer else {
            Issue.record("not a message")
            return
        }
        let html = try #require(message.formattedBody)
        #expect(message.body.utf8.count + html.utf8.count <= MatrixAnswerRenderer.directBytes)
        #expect(message.body.contains("…"))
        #expect(message.body.hasSuffix("more lines not shown"))
    }

    @Test func theShortChannelFormServesRoomsAndTheWholeReplyDirectRooms() throws {
        var reply = Reply(lines: ["Mon: soup", "Tue: tacos", "Wed: pasta"])
        reply.channelLines = ["Today: soup"]
        let inRoom = Self.renderer.answer(to: reply, from: Self.alice, inRoom: true, question: "lunch week")
        #expect(inRoom == .forEveryone(lines: ["Today: soup"], question: "lunch week"))
        guard case .message(let direct) = Self.renderer.answer(to: reply, from: Self.alice, inRoom: false, question: "")
        else {
            Issue.record("not a message")
            return
        }
        #expect(direct.body == "Mon: soup\nTue: tacos\nWed: pasta")
    }

    static let directRoom = "!alice-and-the-bot:school.example"

    @Test func aReplyForTheSenderAloneGoesToTheirDirectRoomAndTheRoomGetsAPointer() throws {
        let answer = Self.renderer.answer(
            to: Reply(lines: ["your subscriptions:", "lunch"], visibility: .sender), from: Self.alice, inRoom: true,
            question: "subscriptions", directRoomID: Self.directRoom)
        guard case .privately(let direct, let directRoomID, let pointer, let question, let isUrgent) = answer else {
            Issue.record("\(answer)")
            return
        }
        #expect(directRoomID == Self.directRoom)
        #expect(direct.body == "your subscriptions:\nlunch", "the whole reply, in the direct room")
        #expect(direct.inReplyTo == nil, "no reply to an event of another room")
        #expect(pointer.body == "Alice: " + MatrixNotices.answeredInDirectRoom)
        #expect(!pointer.body.contains("subscriptions"))
        #expect(pointer.mentionedUserIDs == [Self.alice.userID])
        #expect(pointer.inReplyTo == "$alice")
        #expect(question == "subscriptions")
        #expect(!isUrgent)
        let error = Self.renderer.answer(
            to: .error("no such command: secret"), from: Self.alice, inRoom: true, question: "x",
            directRoomID: Self.directRoom)
        guard case .privately(let refusal, _, _, _, _) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(refusal.body == "no such command: secret")
    }

    @Test func withoutADirectRoomTheRoomIsToldSoAndSeesNothingOfTheAnswer() throws {
        let answer = Self.renderer.answer(
            to: .privately("your PIN is 4711"), from: Self.alice, inRoom: true, question: "me", directRoomID: nil)
        guard case .message(let message) = answer else {
            Issue.record("\(answer)")
            return
        }
        #expect(message.body == "Alice: " + MatrixNotices.noDirectRoom)
        #expect(!message.body.contains("4711"))
    }

    /// One account's conversation as its session keeps it: the desk's machine, the Matrix
    /// platform, and the room book naming the askers.
    struct Conversation {
        var machine = ConversationMachine<UnmeteredBudget<MatrixOutgoing>>(
            budget: UnmeteredBudget(), channelAnswers: ChannelAnswerSettings())
        let rooms = MatrixRoomBook()
        let platform: MatrixConversationPlatform

        init(renderer: MatrixAnswerRenderer = MatrixAnswerTests.renderer) {
            platform = MatrixConversationPlatform(renderer: renderer, rooms: rooms)
        }

        /// `asker` asks `question` in the room at `now`, answered at once with `answer` kept under
        /// `key`: whether it repeated a question, and the keys settled without sending anything.
        mutating func ask(
            _ question: String, _ answer: MatrixAnswer, from asker: MatrixAsker, key: String? = nil, at now: Date
        ) throws -> (isRepeat: Bool, settled: [String]) {
            rooms.setDisplayName(asker.name, of: asker.userID, in: MatrixAnswerTests.room)
            let acceptance = machine.accept(
                question, from: asker.userID, in: MatrixAnswerTests.room, takingMore: nil, at: now, on: platform)
            guard case .now(let accepted) = acceptance else { throw CancellationError() }
            machine.finish(
                accepted.ticket, with: answer.rendered(in: MatrixAnswerTests.room, to: asker, receipt: key), at: now,
                on: platform)
            return (accepted.isRepeat, machine.takeSettledReceipts())
        }

        /// The next message to send at `now`, with the keys of the answers it completes.
        mutating func next(at now: Date) -> MatrixOutgoing? {
            let step = machine.next(at: now, on: platform)
            guard var outgoing = step.line else { return nil }
            outgoing.keys = step.receipts
            return outgoing
        }
    }

    @Test func theRateLimitNoticeGoesAheadOfWaitingAnswers() throws {
        var conversation = Conversation()
        let now = TestClock.instant("2026-11-23T12:00:00-05:00")
        _ = try conversation.ask("lunch", .forEveryone(lines: ["tacos"], question: "lunch"), from: Self.alice, at: now)
        var limited = Reply(lines: ["slow down: try again in 20 s"], visibility: .sender, isError: true)
        limited.retryAfterSeconds = 20
        let bob = MatrixAsker(userID: "@bob:school.example", name: "Bob", eventID: "$bob")
        let urgent = Self.renderer.answer(
            to: limited, from: bob, inRoom: true, question: "now", directRoomID: "!bob-and-the-bot:school.example")
        _ = try conversation.ask("now", urgent, from: bob, at: now)
        let firstTaken = conversation.next(at: now)
        let first = try #require(firstTaken)
        #expect(first.roomID == "!bob-and-the-bot:school.example")
        #expect(first.message.body == "slow down: try again in 20 s")
        let pointerTaken = conversation.next(at: now)
        let pointer = try #require(pointerTaken)
        #expect(pointer.roomID == Self.room)
        #expect(pointer.message.body == "Bob: " + MatrixNotices.answeredInDirectRoom)
        #expect(pointer.message.mentionedUserIDs == ["@bob:school.example"])
        let thirdTaken = conversation.next(at: now)
        let third = try #require(thirdTaken)
        #expect(third.message.body == "Alice: tacos")
    }

    @Test func aFullQueueTakesNoMoreQuestionsAndNothingGoesAheadOfIt() {
        var conversation = Conversation()
        let now = TestClock.instant("2026-11-23T12:00:00-05:00")
        let limit = ConversationMachine<UnmeteredBudget<MatrixOutgoing>>.maximumWaiting
        for number in 0..<limit {
            conversation.machine.send(
                [MatrixOutgoing(roomID: Self.room, message: MatrixMessage(body: "\(number)"), transactionID: "t\(number)")],
                lane: .reply, target: Self.room)
        }
        let refused = conversation.machine.accept(
            "now", from: Self.alice.userID, in: Self.room, takingMore: nil, at: now, on: conversation.platform)
        #expect(refused == nil)
        let first = conversation.next(at: now)
        #expect(first?.message.body == "0", "nothing went ahead of the full queue")
    }

    // MARK: Busy rooms

    @Test func thirtyAskersGetOneAnswerNamingThemAndLateAskersAPointer() throws {
        var conversation = Conversation()
        let start = TestClock.instant("2026-11-23T12:00:00-05:00")
        let lunch = MatrixAnswer.forEveryone(lines: ["Lunch: tacos"], question: "lunch")
        for number in 1...30 {
            let asked = try conversation.ask(
                "lunch", lunch, from: Self.student(number), at: start.addingTimeInterval(Double(number) / 100))
            #expect(!asked.isRepeat)
        }
        let sentAt = start.addingTimeInterval(0.5)
        let answerTaken = conversation.next(at: sentAt)
        let answer = try #require(answerTaken)
        #expect(answer.roomID == Self.room)
        #expect(answer.message.mentionedUserIDs == (1...30).map { "@s\($0):school.example" })
        #expect(answer.message.body.hasPrefix("Student 1, Student 2, Student 3"))
        #expect(answer.message.body.hasSuffix(": Lunch: tacos"))
        #expect(answer.message.inReplyTo == nil, "an answer for many replies to none of them")
        #expect(answer.transactionID == TransactionID.forReply(unique: "$q1"))
        let nothingMore = conversation.next(at: sentAt)
        #expect(nothingMore == nil, "one answer for the thirty")

        // Two latecomers, and one of the thirty asking again: the repeat is not counted by the rate
        // limit, and its asker is pointed to the answer with the latecomers.
        let late = sentAt.addingTimeInterval(1)
        for number in [31, 32] { _ = try conversation.ask("lunch", lunch, from: Self.student(number), at: late) }
        let again = try conversation.ask("lunch", lunch, from: Self.student(3), at: late)
        #expect(again.isRepeat)
        let tooEarly = conversation.next(at: late)
        #expect(tooEarly == nil, "the pointer waits for more late askers")
        let due = try #require(conversation.machine.nextPointerDue)
        let pointerTaken = conversation.next(at: due)
        let pointer = try #require(pointerTaken)
        #expect(pointer.message.body == "Student 31, Student 32, Student 3: see the answer just above")
        #expect(
            pointer.message.mentionedUserIDs == ["@s31:school.example", "@s32:school.example", "@s3:school.example"])
        #expect(pointer.transactionID != answer.transactionID)
    }

    @Test func aSingleAskerGetsAReplyToTheirCommand() throws {
        var conversation = Conversation()
        let now = TestClock.instant("2026-11-23T12:00:00-05:00")
        let lunch = MatrixAnswer.forEveryone(lines: ["Lunch: tacos"], question: "lunch")
        _ = try conversation.ask("lunch", lunch, from: Self.alice, at: now)
        let answerTaken = conversation.next(at: now)
        let answer = try #require(answerTaken)
        #expect(answer.message.inReplyTo == "$alice")
        #expect(answer.message.body == "Alice: Lunch: tacos")
        var quiet = Conversation(renderer: MatrixAnswerRenderer(replyToCommands: false))
        _ = try quiet.ask("lunch", lunch, from: Self.alice, at: now)
        let quietAnswer = quiet.next(at: now)
        #expect(quietAnswer != nil)
        #expect(quietAnswer?.message.inReplyTo == nil)
    }

    @Test func aPrivateAnswerIsNotSentTwiceWithinTheWindow() throws {
        var conversation = Conversation()
        let now = TestClock.instant("2026-11-23T12:00:00-05:00")
        let answer = Self.renderer.answer(
            to: .privately("your PIN is set"), from: Self.alice, inRoom: true, question: "me",
            directRoomID: Self.directRoom)
        let first = try conversation.ask("me", answer, from: Self.alice, key: "answer:1", at: now)
        let again = try conversation.ask("me", answer, from: Self.alice, key: "answer:2", at: now.addingTimeInterval(5))
        #expect(first.settled.isEmpty && again.settled.isEmpty)
        let direct = conversation.next(at: now)
        let pointer = conversation.next(at: now)
        let secondPointer = conversation.next(at: now)
        let nothingMore = conversation.next(at: now)
        #expect(direct?.roomID == Self.directRoom)
        #expect(direct?.keys == [], "the answer is forgotten once the pointer, sent after it, went out")
        #expect(pointer?.keys == ["answer:1"])
        #expect(direct?.transactionID != pointer?.transactionID)
        #expect(secondPointer?.roomID == Self.room)
        #expect(secondPointer?.keys == ["answer:2"])
        #expect(nothingMore == nil, "the answer in the direct room went once, a pointer in the room for each question")
    }

    @Test func eachMessageCarriesTheKeysOfTheAnswersItAnswers() throws {
        var conversation = Conversation()
        let start = TestClock.instant("2026-11-23T12:00:00-05:00")
        let lunch = MatrixAnswer.forEveryone(lines: ["Lunch: tacos"], question: "lunch")
        for number in 1...3 {
            let asked = try conversation.ask("lunch", lunch, from: Self.student(number), key: "answer:\(number)", at: start)
            #expect(asked.settled.isEmpty)
        }
        let answerTaken = conversation.next(at: start)
        let answer = try #require(answerTaken)
        #expect(answer.keys == ["answer:1", "answer:2", "answer:3"])
        let late = start.addingTimeInterval(1)
        #expect(try conversation.ask("lunch", lunch, from: Self.student(4), key: "answer:4", at: late).settled.isEmpty)
        #expect(try conversation.ask("lunch", lunch, from: Self.student(2), key: "answer:5", at: late).settled.isEmpty)
        let due = try #require(conversation.machine.nextPointerDue)
        let pointerTaken = conversation.next(at: due)
        let pointer = try #require(pointerTaken)
        #expect(pointer.message.body.hasPrefix("Student 4, Student 2: "))
        #expect(pointer.keys == ["answer:4", "answer:5"])
        // Named in the answer and in the pointer: a third time is folded in silence, and its answer forgotten.
        let third = try conversation.ask("lunch", lunch, from: Self.student(2), key: "answer:6", at: due)
        #expect(third.settled == ["answer:6"])
    }
}
