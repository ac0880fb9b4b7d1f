import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Lunch
import Testing

@testable import HomeroomMatrix

/// What the account keeps so that its answers outlive the process, on the runtime's real SQLite
/// file (and PostgreSQL, when a test server runs): answers in order until sent, commands marked once begun, a command cut in the middle
/// answered without being run again, and the marks forgotten with the position stored.
@Suite struct MatrixAnswerStoreTests {
    static let renderer = MatrixAnswerRenderer(replyToCommands: true)
    static let room = "!class:school.example"
    static let ada = MatrixAsker(userID: "@ada:school.example", name: "Ada", eventID: "$ada")
    static let bo = MatrixAsker(userID: "@bo:school.example", name: "Bo", eventID: "$bo")

    @Test(arguments: TemporaryDatabase.availableBackends)
    func keptAnswersComeBackInOrderUntilSentAndMarksGoWithThePosition(backend: DatabaseBackend) async throws {
        try await TestBot.with(plugins: [LunchPlugin.self], backend: backend) { bot in
            let database = bot.runtime.database
            let store = MatrixAnswerStore(account: "school", database: database, clock: bot.clock)
            let started = MatrixAnswerStore.Started(roomID: Self.room, asker: Self.ada, isDirect: false)
            #expect(try await !store.isMarked("$ada"))
            try await store.start("$ada", started)
            #expect(try await store.isMarked("$ada"))
            let first = MatrixAnswerStore.Pending(
                roomID: Self.room, asker: Self.ada, answer: .forEveryone(lines: ["Lunch: tacos"], question: "lunch"))
            let second = MatrixAnswerStore.Pending(
                roomID: Self.room, asker: Self.bo,
                answer: .message(
                    MatrixMessage(
                        body: "Bo: <b>", formattedBody: "Bo: &lt;b&gt;", mentionedUserIDs: [Self.bo.userID],
                        inReplyTo: "$bo")))
            let firstKey = try #require(try await store.finish("$ada", answer: first))
            let secondKey = try #require(try await store.finish("$bo", answer: second))
            #expect(firstKey < secondKey)
            #expect(try await store.finish("$none", answer: nil) == nil)

            // A new session (a restart) gets both back, in order, and no command cut in the middle.
            let again = MatrixAnswerStore(account: "school", database: database, clock: bot.clock)
            let resumed = try await again.resume(renderer: Self.renderer)
            #expect(resumed.interrupted == 0)
            #expect(resumed.unreadable == 0)
            #expect(resumed.unsent.pending.map(\.key) == [firstKey, secondKey])
            #expect(resumed.unsent.pending.map(\.answer) == [first, second])
            #expect(resumed.unsent.sending.isEmpty)

            // The writer takes the first: kept as it goes out in place of the answer.
            var outgoing = MatrixOutgoing(
                roomID: Self.room, message: MatrixMessage(body: "Ada: Lunch: tacos"), transactionID: "reply-$ada")
            outgoing.keys = [firstKey]
            let sendingKey = try await again.sending(outgoing)
            let third = MatrixAnswerStore(account: "school", database: database, clock: bot.clock)
            let afterTaking = try await third.resume(renderer: Self.renderer)
            #expect(afterTaking.unsent.pending.map(\.key) == [secondKey])
            #expect(afterTaking.unsent.sending.map(\.transactionID) == ["reply-$ada"])
            #expect(afterTaking.unsent.sending.first?.message == outgoing.message)
            #expect(afterTaking.unsent.sending.first?.storedAs == sendingKey)
            #expect(sendingKey > secondKey, "numbers go on from the highest kept")
            try await third.remove([sendingKey, secondKey])
            let fourth = MatrixAnswerStore(account: "school", database: database, clock: bot.clock)
            let empty = try await fourth.resume(renderer: Self.renderer)
            #expect(empty.unsent.pending.isEmpty && empty.unsent.sending.isEmpty)

            // The position is stored, and the marks forgotten, in one step.
            #expect(try await fourth.isMarked("$bo"))
            try await fourth.advance(to: "s9")
            #expect(try await !fourth.isMarked("$ada"))
            #expect(try await !fourth.isMarked("$bo"))
            let since = try await AdapterState(adapter: "matrix", account: "school")
                .value(for: MatrixSyncSession.sinceKey, in: database)
            #expect(since == "s9")
        }
    }

    @Test func aCommandCutInTheMiddleIsAnsweredSoOnceAndNotRunAgain() async throws {
        try await TestBot.with(plugins: [LunchPlugin.self]) { bot in
            let database = bot.runtime.database
            let crashed = MatrixAnswerStore(account: "school", database: database, clock: bot.clock)
            try await crashed.start("$ada", .init(roomID: Self.room, asker: Self.ada, isDirect: false))
            try await crashed.start("$bo", .init(roomID: "!direct:school.example", asker: Self.bo, isDirect: true))

            let next = MatrixAnswerStore(account: "school", database: database, clock: bot.clock)
            let resumed = try await next.resume(renderer: Self.renderer)
            #expect(resumed.interrupted == 2)
            let answers = resumed.unsent.pending.map(\.answer.answer)
            #expect(
                answers.contains(
                    .message(
                        Self.renderer.addressed(
                            [MatrixNotices.interrupted], to: [Self.ada], others: 0, inReplyTo: "$ada")))
            )
            #expect(
                answers.contains(
                    .message(
                        Self.renderer.message(
                            [MatrixNotices.interrupted], mentioning: [Self.bo.userID], inReplyTo: "$bo")))
            )
            #expect(try await next.isMarked("$ada"), "still marked: the command is skipped when its batch comes again")
            let later = MatrixAnswerStore(account: "school", database: database, clock: bot.clock)
            let again = try await later.resume(renderer: Self.renderer)
            #expect(again.interrupted == 0, "told once")
            #expect(again.unsent.pending.count == 2)
        }
    }

    @Test func anUnreadableRowIsDroppedAndTheRestKept() async throws {
        try await TestBot.with(plugins: [LunchPlugin.self]) { bot in
            let database = bot.runtime.database
            let state = AdapterState(adapter: "matrix", account: "school")
            try await state.set("{not json", for: "answer:00000000000000000099", at: bot.clock.now, in: database)
            try await state.set("{\"roomID\":1}", for: "event:$x", at: bot.clock.now, in: database)
            let store = MatrixAnswerStore(account: "school", database: database, clock: bot.clock)
            let kept = try await store.finish(
                "$ada", answer: .init(roomID: Self.room, asker: Self.ada, answer: .message(MatrixMessage(body: "ok"))))
            let resumed = try await MatrixAnswerStore(account: "school", database: database, clock: bot.clock)
                .resume(renderer: Self.renderer)
            #expect(resumed.unreadable == 2)
            #expect(resumed.unsent.pending.map(\.key) == [kept])
            let left = try await state.values(withPrefix: "answer:", limit: 10, in: database)
            #expect(left.map(\.key) == [kept].compactMap { $0 })
        }
    }
}
