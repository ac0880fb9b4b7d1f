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

    @Test func theRateLimitNoticeGoesAheadOfWaitingAnswers() throws {
        var queue = MatrixAnswerQueue(settings: ChannelAnswerSettings(), renderer: Self.renderer, stamp: "t")
        let now = TestClock.instant("2026-11-23T12:00:00-05:00")
        queue.offer(.forEveryone(lines: ["tacos"], question: "lunch"), in: Self.room, from: Self.alice, at: now)
        var limited = Reply(lines: ["slow down: try again in 20 s"], visibility: .sender, isError: true)
        limited.retryAfterSeconds = 20
        let bob = MatrixAsker(userID: "@bob:school.example", name: "Bob", eventID: "$bob")
        let urgent = Self.renderer.answer(
            to: limited, from: bob, inRoom: true, question: "now", directRoomID: "!bob-and-the-bot:school.example")
        queue.offer(urgent, in: Self.room, from: bob, at: now)
        let firstTaken = queue.next(at: now)
        let first = try #require(firstTaken)
        #expect(first.roomID == "!bob-and-the-bot:school.example")
        #expect(first.message.body == "slow down: try again in 20 s")
        let pointerTaken = queue.next(at: now)
        let pointer = try #require(pointerTaken)
        #expect(pointer.roomID == Self.room)
        #expect(pointer.message.body == "Bob: " + MatrixNotices.answeredInDirectRoom)
        #expect(pointer.message.mentionedUserIDs == ["@bob:school.example"])
        let thirdTaken = queue.next(at: now)
        let third = try #require(thirdTaken)
        #expect(third.message.body == "Alice: tacos")
    }

    @Test func anUrgentNoticeDoesNotPassTheCap() {
        var queue = MatrixAnswerQueue(settings: ChannelAnswerSettings(), renderer: Self.renderer, stamp: "t")
        let now = TestClock.instant("2026-11-23T12:00:00-05:00")
        for number in 0..<MatrixAnswerQueue.maximumWaiting {
            queue.send(MatrixMessage(body: "\(number)"), to: Self.room)
        }
        let placement = queue.offer(
            .urgent(MatrixMessage(body: "try again in 20 s")), in: Self.room, from: Self.alice, at: now)
        #expect(placement == .dropped)
        #expect(queue.count == MatrixAnswerQueue.maximumWaiting)
        let first = queue.next(at: now)
        #expect(first?.message.body == "0", "nothing went ahead of the full queue")
    }

    // MARK: Busy rooms

    @Test func thirtyAskersGetOneAnswerNamingThemAndLateAskersAPointer() throws {
        var queue = MatrixAnswerQueue(settings: ChannelAnswerSettings(), renderer: Self.renderer, stamp: "t")
        let start = TestClock.instant("2026-11-23T12:00:00-05:00")
        for number in 1...30 {
            let at = start.addingTimeInterval(Double(number) / 100)
            let repeated = queue.isRepeat("lunch", in: Self.room, by: Self.student(number), at: at)
            #expect(!repeated)
            queue.offer(
                .forEveryone(lines: ["Lunch: tacos"], question: "lunch"), in: Self.room, from: Self.student(number),
                at: at)
        }
        #expect(queue.count == 1)
        let sentAt = start.addingTimeInterval(0.5)
        let answerTaken = queue.next(at: sentAt)
        let answer = try #require(answerTaken)
        #expect(answer.roomID == Self.room)
        #expect(answer.message.mentionedUserIDs == (1...30).map { "@s\($0):school.example" })
        #expect(answer.message.body.hasPrefix("Student 1, Student 2, Student 3"))
        #expect(answer.message.body.hasSuffix(": Lunch: tacos"))
        #expect(answer.message.inReplyTo == nil, "an answer for many replies to none of them")
        #expect(answer.transactionID == TransactionID.forReply(unique: "$q1"))
        let nothingMore = queue.next(at: sentAt)
        #expect(nothingMore == nil)

        // Two latecomers, and one of the thirty asking again: the repeat is not counted, nor named again.
        let late = sentAt.addingTimeInterval(1)
        for number in [31, 32] {
            queue.offer(
                .forEveryone(lines: ["Lunch: tacos"], question: "lunch"), in: Self.room, from: Self.student(number),
                at: late)
        }
        #expect(queue.isRepeat("lunch", in: Self.room, by: Self.student(3), at: late))
        let tooEarly = queue.next(at: late)
        #expect(tooEarly == nil, "the pointer waits for more late askers")
        let due = try #require(queue.nextPointerDue)
        let pointerTaken = queue.next(at: due)
        let pointer = try #require(pointerTaken)
        #expect(pointer.message.body == "Student 31, Student 32: see the answer just above")
        #expect(pointer.message.mentionedUserIDs == ["@s31:school.example", "@s32:school.example"])
        #expect(pointer.transactionID != answer.transactionID)
    }

    @Test func aSingleAskerGetsAReplyToTheirCommand() throws {
        var queue = MatrixAnswerQueue(settings: ChannelAnswerSettings(), renderer: Self.renderer, stamp: "t")
        let now = TestClock.instant("2026-11-23T12:00:00-05:00")
        queue.offer(.forEveryone(lines: ["Lunch: tacos"], question: "lunch"), in: Self.room, from: Self.alice, at: now)
        let answerTaken = queue.next(at: now)
        let answer = try #require(answerTaken)
        #expect(answer.message.inReplyTo == "$alice")
        #expect(answer.message.body == "Alice: Lunch: tacos")
        let noReplies = MatrixAnswerQueue(
            settings: ChannelAnswerSettings(), renderer: MatrixAnswerRenderer(replyToCommands: false), stamp: "t")
        var quiet = noReplies
        quiet.offer(.forEveryone(lines: ["Lunch: tacos"], question: "lunch"), in: Self.room, from: Self.alice, at: now)
        let quietAnswer = quiet.next(at: now)
        #expect(quietAnswer != nil)
        #expect(quietAnswer?.message.inReplyTo == nil)
    }

    @Test func aPrivateAnswerIsNotSentTwiceWithinTheWindow() {
        var queue = MatrixAnswerQueue(settings: ChannelAnswerSettings(), renderer: Self.renderer, stamp: "t")
        let now = TestClock.instant("2026-11-23T12:00:00-05:00")
        let answer = Self.renderer.answer(
            to: .privately("your PIN is set"), from: Self.alice, inRoom: true, question: "me",
            directRoomID: Self.directRoom)
        let first = queue.offer(answer, in: Self.room, from: Self.alice, key: "answer:1", at: now)
        let again = queue.offer(answer, in: Self.room, from: Self.alice, key: "answer:2", at: now.addingTimeInterval(5))
        #expect(first == .queued)
        #expect(again == .queued)
        #expect(queue.count == 3, "the answer in the direct room, and a pointer in the room for each question")
        let direct = queue.next(at: now)
        let pointer = queue.next(at: now)
        let secondPointer = queue.next(at: now)
        #expect(direct?.roomID == Self.directRoom)
        #expect(direct?.keys == [], "the answer is forgotten once the pointer, sent after it, went out")
        #expect(pointer?.keys == ["answer:1"])
        #expect(direct?.transactionID != pointer?.transactionID)
        #expect(secondPointer?.roomID == Self.room)
        #expect(secondPointer?.keys == ["answer:2"])
    }

    @Test func eachMessageCarriesTheKeysOfTheAnswersItAnswers() throws {
        var queue = MatrixAnswerQueue(settings: ChannelAnswerSettings(), renderer: Self.renderer, stamp: "t")
        let start = TestClock.instant("2026-11-23T12:00:00-05:00")
        let lunch = MatrixAnswer.forEveryone(lines: ["Lunch: tacos"], question: "lunch")
        for number in 1...3 {
            let placement = queue.offer(
                lunch, in: Self.room, from: Self.student(number), key: "answer:\(number)", at: start)
            #expect(placement == .queued)
        }
        let answerTaken = queue.next(at: start)
        let answer = try #require(answerTaken)
        #expect(answer.keys == ["answer:1", "answer:2", "answer:3"])
        let late = start.addingTimeInterval(1)
        #expect(queue.offer(lunch, in: Self.room, from: Self.student(4), key: "answer:4", at: late) == .queued)
        #expect(queue.offer(lunch, in: Self.room, from: Self.student(2), key: "answer:5", at: late) == .queued)
        let due = try #require(queue.nextPointerDue)
        let pointerTaken = queue.next(at: due)
        let pointer = try #require(pointerTaken)
        #expect(pointer.message.body.hasPrefix("Student 4, Student 2: "))
        #expect(pointer.keys == ["answer:4", "answer:5"])
        // Named in the answer and in the pointer: a third time is folded in silence, and its answer forgotten.
        #expect(queue.offer(lunch, in: Self.room, from: Self.student(2), key: "answer:6", at: due) == .settled)
    }

    @Test func aFullQueueRefusesMoreAnswers() {
        var queue = MatrixAnswerQueue(settings: ChannelAnswerSettings(), renderer: Self.renderer, stamp: "t")
        for number in 0..<MatrixAnswerQueue.maximumWaiting {
            queue.send(MatrixMessage(body: "\(number)"), to: Self.room)
        }
        let accepted = queue.send(MatrixMessage(body: "one more"), to: Self.room)
        #expect(accepted == .dropped)
        #expect(queue.count == MatrixAnswerQueue.maximumWaiting)
    }
}
