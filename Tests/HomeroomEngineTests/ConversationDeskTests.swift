import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Testing

/// The desk around a conversation machine, on a test clock: a repeat waits for the answer it
/// repeats and is handed out by its finish, the writer waits for a line and wakes for one, and a
/// closed desk hands out what waits, a due pointer at once, then nothing.
@Suite struct ConversationDeskTests {
    typealias Platform = ConversationMachineTests.TextPlatform
    typealias Desk = ConversationDesk<UnmeteredBudget<String>, Platform>

    static func desk(_ clock: TestClock) -> Desk {
        Desk(budget: UnmeteredBudget(), channelAnswers: ChannelAnswerSettings(), platform: Platform(), clock: clock)
    }

    static func lunch(for asker: String, receipt: String? = nil) -> RenderedAnswer<String> {
        RenderedAnswer(
            answer: .channel(ChannelAnswer(channel: "#hall", asker: asker, question: "/lunch", pieces: ["soup"])),
            asker: asker, receipt: receipt ?? "r-\(asker)")
    }

    @Test func aRepeatWaitsForTheAnswerItRepeatsAndIsHandedOutByItsFinish() async throws {
        let clock = TestClock("2026-11-23T12:00:00-05:00")
        let desk = Self.desk(clock)
        let first = try #require(await desk.accept("/lunch", from: "ada", in: "#hall"))
        let repeated = Task { await desk.accept("/lunch", from: "ada", in: "#hall") }
        // The repeat is waiting inside the desk: the first one's finish hands it out.
        try await eventually("the repeat waits in the desk") { await desk.waitingQuestions == 1 }
        await desk.finish(first.ticket, with: Self.lunch(for: "ada"))
        let handedOut = try #require(await repeated.value)
        #expect(handedOut.isRepeat)
        let settled = await desk.finish(handedOut.ticket, with: Self.lunch(for: "ada", receipt: "r-ada-again"))
        #expect(settled.isEmpty, "folded into the first answer, which carries it")
        let sent = try #require(await desk.next())
        #expect(sent.line == "#hall> ada: soup")
        #expect(sent.receipts == ["r-ada", "r-ada-again"])
    }

    @Test func theWriterWaitsForALineAndAClosedDeskSendsThePointerAtOnce() async throws {
        let clock = TestClock("2026-11-23T12:00:00-05:00")
        let desk = Self.desk(clock)
        let writer = Task { await desk.next() }
        let first = try #require(await desk.accept("/lunch", from: "ada", in: "#hall"))
        await desk.finish(first.ticket, with: Self.lunch(for: "ada"))
        #expect(await writer.value?.line == "#hall> ada: soup")
        clock.advance(by: 1)
        let late = try #require(await desk.accept("/lunch", from: "bo", in: "#hall"))
        await desk.finish(late.ticket, with: Self.lunch(for: "bo"))
        // The pointer waits for more late askers; closing, there is no later.
        await desk.close()
        let pointer = try #require(await desk.next())
        #expect(pointer.line == "#hall> bo: see above")
        #expect(pointer.receipts == ["r-bo"])
        #expect(await desk.next() == nil)
    }

    @Test func aResponseDeskHandsOutTheRepeatOnceTheFirstAnswerWentInItsResponse() async throws {
        let clock = TestClock("2026-11-23T12:00:00-05:00")
        let desk = ResponseDesk(
            budget: UnmeteredBudget(), channelAnswers: ChannelAnswerSettings(), platform: ExactNames(), clock: clock)
        let first = try #require(await desk.accept("lunch", from: "slack:U1", in: "C1"))
        let other = await desk.accept("lunch", from: "slack:U2", in: "C1")
        #expect(other != nil, "another person's question does not wait")
        let repeated = Task { await desk.accept("lunch", from: "slack:U1", in: "C1") }
        try await eventually("the repeat waits in the desk") { await desk.waitingQuestions == 1 }
        await desk.finishInResponse(
            first.ticket, asker: "slack:U1", keeping: [RenderedAnswer<Never>.Kept(conversation: "C1", lines: ["more"])])
        let handedOut = try #require(await repeated.value)
        #expect(handedOut.ticket.id > first.ticket.id)
        let more = try #require(await desk.accept("more", from: "slack:U1", in: "C1", takingMore: 5))
        #expect(more.more == .here(MoreBook.Page(lines: ["more"], remaining: 0)), "what the answer kept for more")
    }
}
