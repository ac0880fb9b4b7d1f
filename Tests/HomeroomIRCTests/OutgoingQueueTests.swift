import Foundation
import Testing

@testable import HomeroomIRC

@Suite struct OutgoingQueueTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func drain(_ queue: inout OutgoingQueue, at now: Date) -> [String] {
        var sent: [String] = []
        while let line = queue.next(now: now).line { sent.append(line.parameters.last ?? line.command) }
        return sent
    }

    @Test func aBurstThenOneLineEveryInterval() {
        var queue = OutgoingQueue(flood: FloodControl(), now: Self.start)
        queue.append((1...10).map { IRCMessage("PRIVMSG", "#a", "line \($0)") }, lane: .reply, target: "#a")
        #expect(Self.drain(&queue, at: Self.start) == ["line 1", "line 2", "line 3", "line 4"])
        let wait = queue.next(now: Self.start).wait
        #expect(wait.map { abs($0 - 1.5) < 0.01 } == true)
        #expect(Self.drain(&queue, at: Self.start.addingTimeInterval(1.5)) == ["line 5"])
        #expect(Self.drain(&queue, at: Self.start.addingTimeInterval(4.5)) == ["line 6", "line 7"])
    }

    @Test func controlLinesNeverWaitAndGoFirst() {
        var queue = OutgoingQueue(flood: FloodControl(burst: 1, secondsPerLine: 10), now: Self.start)
        queue.append([IRCMessage("PRIVMSG", "#a", "bulk")], lane: .bulk, target: "#a")
        queue.append(
            [IRCMessage("PRIVMSG", "#a", "answer 1"), IRCMessage("PRIVMSG", "#a", "answer 2")], lane: .reply,
            target: "#a")
        #expect(Self.drain(&queue, at: Self.start) == ["answer 1"])
        queue.append([IRCMessage("PONG", "token")], lane: .control, target: "")
        #expect(Self.drain(&queue, at: Self.start) == ["token"], "PONG goes although the bucket is empty")
        // The PONG left the bucket at -1; refilled to its burst of 1 after 20 s.
        #expect(Self.drain(&queue, at: Self.start.addingTimeInterval(20)) == ["answer 2"])
        #expect(Self.drain(&queue, at: Self.start.addingTimeInterval(30)) == ["bulk"])
    }

    @Test func targetsTakeTurns() {
        var queue = OutgoingQueue(flood: FloodControl(isEnabled: false), now: Self.start)
        queue.append((1...3).map { IRCMessage("PRIVMSG", "#busy", "busy \($0)") }, lane: .reply, target: "#busy")
        queue.append([IRCMessage("PRIVMSG", "ada", "private")], lane: .reply, target: "ada")
        #expect(Self.drain(&queue, at: Self.start) == ["busy 1", "private", "busy 2", "busy 3"])
    }

    @Test func answersKeepTheOrderOfTheirCommands() {
        var queue = OutgoingQueue(flood: FloodControl(isEnabled: false), now: Self.start)
        let first = queue.reserve(lane: .reply, target: "#a")
        let second = queue.reserve(lane: .reply, target: "#a")
        queue.fill(second, with: [IRCMessage("PRIVMSG", "#a", "second")])
        #expect(Self.drain(&queue, at: Self.start).isEmpty, "the second answer waits for the first")
        queue.fill(first, with: [IRCMessage("PRIVMSG", "#a", "first")])
        #expect(Self.drain(&queue, at: Self.start) == ["first", "second"])
        let silent = queue.reserve(lane: .reply, target: "#a")
        queue.append([IRCMessage("PRIVMSG", "#a", "after")], lane: .reply, target: "#a")
        queue.fill(silent, with: [])
        #expect(Self.drain(&queue, at: Self.start) == ["after"])
        #expect(queue.isEmpty)
    }

    @Test func longLinesCostMore() {
        #expect(FloodControl.cost(ofLineBytes: 100) == 1)
        #expect(FloodControl.cost(ofLineBytes: 512) > 1.7)
    }

    @Test func theLastLineOfATicketSaysSo() {
        var queue = OutgoingQueue(flood: FloodControl(isEnabled: false), now: Self.start)
        let ticket = queue.reserve(lane: .bulk, target: "#a")
        queue.fill(ticket, with: [IRCMessage("PRIVMSG", "#a", "one"), IRCMessage("PRIVMSG", "#a", "two")])
        #expect(queue.next(now: Self.start).completes == nil)
        #expect(queue.next(now: Self.start).completes == ticket.id)
        #expect(queue.next(now: Self.start).line == nil)
    }
}
