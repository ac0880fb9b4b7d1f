import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Synchronization
import Testing

@testable import HomeroomIRC

/// The busy channel in process, on a manual clock, at the default settings (flood control on, the
/// default coalescing window): a class of thirty asking within a second gets two lines, and the
/// writer waits for the flood bucket on the injected clock, never on the wall clock. The same
/// behaviours through ngircd, timed on real clocks, are in ``BusyChannelTests``.
@Suite struct BusyChannelClockTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let menu = ["Lunch Tue Nov 24: tacos, rice · more: !more"]

    /// A connection registered as `homeroom` in #lunch, its own lines written, at default settings.
    static func joined(clock: TestClock) async -> IRCConnectionState {
        let state = IRCConnectionState(
            settings: IRCSessionSettings(nick: "homeroom"), flood: FloodControl(), clock: clock)
        _ = await state.start(now: start)
        for line in [":s 001 homeroom :hi", ":homeroom!~h@school JOIN #lunch"] {
            _ = await state.receive(IRCMessage(line: Array(line.utf8))!, now: start, accepting: true)
        }
        while await state.step(at: start).line != nil {}
        return state
    }

    @Test func aClassOfThirtyWithinASecondGetsTheMenuAndOneLineNamingTheRest() async throws {
        let state = await Self.joined(clock: TestClock(now: Self.start))
        let students = (1...30).map { String(format: "student%02d", $0) }
        var written: [(line: String, at: Date)] = []
        var lastQuestion = Self.start
        for (index, student) in students.enumerated() {
            let now = Self.start.addingTimeInterval(Double(index) / 30)
            lastQuestion = now
            let line = ":\(student)!~s@school PRIVMSG #lunch :!lunch"
            let turn = try #require(
                await state.receive(IRCMessage(line: Array(line.utf8))!, now: now, accepting: true).turns.first)
            let answer = ChannelAnswer(channel: "#lunch", asker: student, question: "!lunch", pieces: Self.menu)
            await state.finish(turn.ticket, with: IRCRenderedAnswer(answer: .channel(answer), asker: student), now: now)
            while let line = await state.step(at: now).line { written.append((line.parameters.last ?? "", now)) }
        }
        // The line naming the late askers waits for a pause in which more may gather.
        let wait = try #require(await state.step(at: lastQuestion).wait)
        let due = lastQuestion.addingTimeInterval(wait)
        while let line = await state.step(at: due).line { written.append((line.parameters.last ?? "", due)) }

        #expect(written.count == 2, "\(written.map(\.line))")
        #expect(written.first?.line == "student01: Lunch Tue Nov 24: tacos, rice · more: !more")
        let pointer = try #require(written.last)
        #expect(pointer.line.hasSuffix(": see the answer just above"))
        // Twenty-nine names fit in one relayed line.
        #expect(pointer.line == students.dropFirst().joined(separator: ", ") + ": see the answer just above")
        #expect(abs(pointer.at.timeIntervalSince(lastQuestion) - 0.75) < 0.01, "named 0.75 s after the last question")
    }

    @Test func theWriterWaitsForTheFloodBucketOnTheInjectedClock() async throws {
        let clock = TestClock(now: Self.start)
        let state = await Self.joined(clock: clock)
        await state.send((1...7).map { IRCMessage("PRIVMSG", "#lunch", "line \($0)") }, lane: .reply, target: "#lunch")
        let burst = try #require(await state.nextLines())
        #expect(burst.lines.count == 5, "a burst of five")
        let taken = Mutex<[String]>([])
        let writer = Task {
            let next = await state.nextLines()
            taken.withLock { $0 = next?.lines.compactMap(\.parameters.last) ?? [] }
        }
        try await eventually("the writer waits for the bucket on the test clock") { clock.sleeperCount == 1 }
        #expect(taken.withLock { $0 }.isEmpty, "nothing goes before the bucket refills")
        clock.advance(by: 2)
        await writer.value
        #expect(taken.withLock { $0 } == ["line 6"], "one line every 2 s after the burst")
        await state.close()
    }
}
