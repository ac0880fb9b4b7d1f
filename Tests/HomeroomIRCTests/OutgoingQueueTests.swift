import Foundation
import HomeroomCore
import HomeroomEngine
import Testing

@testable import HomeroomIRC

@Suite struct OutgoingQueueTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func drain(_ queue: inout OutgoingQueue<FloodBucket>, at now: Date) -> [String] {
        var sent: [String] = []
        while let line = queue.next(now: now).line { sent.append(line.parameters.last ?? line.command) }
        return sent
    }

    @Test func aBurstOfFiveThenOneLineEveryTwoSecondsAsRFC1459Allows() {
        var queue = OutgoingQueue(budget: FloodBucket(flood: FloodControl(), now: Self.start))
        queue.append((1...10).map { IRCMessage("PRIVMSG", "#a", "line \($0)") }, lane: .reply, target: "#a")
        #expect(Self.drain(&queue, at: Self.start) == ["line 1", "line 2", "line 3", "line 4", "line 5"])
        let wait = queue.next(now: Self.start).wait
        #expect(wait.map { abs($0 - 2) < 0.01 } == true)
        #expect(Self.drain(&queue, at: Self.start.addingTimeInterval(2)) == ["line 6"])
        #expect(Self.drain(&queue, at: Self.start.addingTimeInterval(6)) == ["line 7", "line 8"])
    }

    @Test func theLinesSentWhileConnectingLeaveTheWholeBurstForTheFirstAnswers() {
        var queue = OutgoingQueue(budget: FloodBucket(flood: FloodControl(), now: Self.start))
        let connecting = [
            IRCMessage("CAP", "LS", "302"), IRCMessage("NICK", "homeroom"),
            IRCMessage("USER", "homeroom", "0", "*", "Homeroom"), IRCMessage("CAP", "END"),
            IRCMessage("OPER", "name", "secret"), IRCMessage("MODE", "homeroom", "+F"), IRCMessage("JOIN", "#a"),
            IRCMessage("JOIN", "#b"),
        ]
        for line in connecting { queue.append([line], lane: .control, target: "") }
        #expect(Self.drain(&queue, at: Self.start).count == connecting.count)
        queue.append((1...5).map { IRCMessage("PRIVMSG", "#a", "answer \($0)") }, lane: .reply, target: "#a")
        #expect(Self.drain(&queue, at: Self.start).count == 5, "the burst is whole after connecting")
    }

    @Test func controlLinesGoFirstTheProtocolsOwnFreeAndANoticeOnBorrowedTokens() {
        var queue = OutgoingQueue(budget: FloodBucket(flood: FloodControl(burst: 1, secondsPerLine: 10), now: Self.start))
        queue.append([IRCMessage("PRIVMSG", "#a", "bulk")], lane: .bulk, target: "#a")
        queue.append(
            [IRCMessage("PRIVMSG", "#a", "answer 1"), IRCMessage("PRIVMSG", "#a", "answer 2")], lane: .reply,
            target: "#a")
        #expect(Self.drain(&queue, at: Self.start) == ["answer 1"])
        queue.append([IRCMessage("PONG", "token")], lane: .control, target: "")
        #expect(Self.drain(&queue, at: Self.start) == ["token"], "PONG goes although the bucket is empty")
        queue.append([IRCMessage("NOTICE", "ada", "try again in 3 s")], lane: .control, target: "ada")
        #expect(
            Self.drain(&queue, at: Self.start) == ["try again in 3 s"],
            "the notice goes at once, on a token borrowed from the next burst")
        queue.append([IRCMessage("NOTICE", "bo", "try again in 3 s")], lane: .control, target: "bo")
        #expect(Self.drain(&queue, at: Self.start).isEmpty, "no more than one burst is borrowed")
        queue.append([IRCMessage("PONG", "again")], lane: .control, target: "")
        #expect(Self.drain(&queue, at: Self.start) == ["again"], "a PONG never waits behind a notice")
        #expect(Self.drain(&queue, at: Self.start.addingTimeInterval(10)) == ["try again in 3 s"])
        #expect(Self.drain(&queue, at: Self.start.addingTimeInterval(20)).isEmpty, "the loan is repaid first")
        #expect(Self.drain(&queue, at: Self.start.addingTimeInterval(30)) == ["answer 2"])
        #expect(Self.drain(&queue, at: Self.start.addingTimeInterval(40)) == ["bulk"])
    }

    @Test func anAnswerMayBeWrittenAgainUntilItsFirstLineGoesOut() {
        var queue = OutgoingQueue(budget: FloodBucket(flood: FloodControl(isEnabled: false), now: Self.start))
        let ticket = queue.reserve(lane: .reply, target: "#a")
        queue.fill(ticket, with: [IRCMessage("PRIVMSG", "#a", "ada: menu"), IRCMessage("PRIVMSG", "#a", "more")])
        let rewritten = queue.replace(
            ticket, with: [IRCMessage("PRIVMSG", "#a", "ada, bo: menu"), IRCMessage("PRIVMSG", "#a", "more")])
        #expect(rewritten)
        let first = queue.next(now: Self.start)
        #expect(first.line?.parameter(1) == "ada, bo: menu")
        #expect(first.starts == ticket.id && first.completes == nil)
        let tooLate = queue.replace(ticket, with: [IRCMessage("PRIVMSG", "#a", "cy: menu")])
        #expect(!tooLate, "it is going out already")
        let second = queue.next(now: Self.start)
        #expect(second.line?.parameter(1) == "more" && second.starts == nil && second.completes == ticket.id)
    }

    @Test func aLineQueuedAheadWaitsOnlyForTheAnswerGoingOut() {
        var queue = OutgoingQueue(budget: FloodBucket(flood: FloodControl(isEnabled: false), now: Self.start))
        queue.append([IRCMessage("PRIVMSG", "#a", "one 1"), IRCMessage("PRIVMSG", "#a", "one 2")], lane: .reply, target: "#a")
        queue.append([IRCMessage("PRIVMSG", "#a", "two")], lane: .reply, target: "#a")
        #expect(queue.next(now: Self.start).line?.parameter(1) == "one 1")
        queue.appendAhead([IRCMessage("PRIVMSG", "#a", "pointer")], lane: .reply, target: "#a")
        #expect(Self.drain(&queue, at: Self.start) == ["one 2", "pointer", "two"])
        queue.append([IRCMessage("PRIVMSG", "#a", "three")], lane: .reply, target: "#a")
        queue.appendAhead([IRCMessage("PRIVMSG", "#a", "first")], lane: .reply, target: "#a")
        #expect(Self.drain(&queue, at: Self.start) == ["first", "three"])
    }

    @Test func targetsTakeTurns() {
        var queue = OutgoingQueue(budget: FloodBucket(flood: FloodControl(isEnabled: false), now: Self.start))
        queue.append((1...3).map { IRCMessage("PRIVMSG", "#busy", "busy \($0)") }, lane: .reply, target: "#busy")
        queue.append([IRCMessage("PRIVMSG", "ada", "private")], lane: .reply, target: "ada")
        #expect(Self.drain(&queue, at: Self.start) == ["busy 1", "private", "busy 2", "busy 3"])
    }

    @Test func answersKeepTheOrderOfTheirCommands() {
        var queue = OutgoingQueue(budget: FloodBucket(flood: FloodControl(isEnabled: false), now: Self.start))
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
        var queue = OutgoingQueue(budget: FloodBucket(flood: FloodControl(isEnabled: false), now: Self.start))
        let ticket = queue.reserve(lane: .bulk, target: "#a")
        queue.fill(ticket, with: [IRCMessage("PRIVMSG", "#a", "one"), IRCMessage("PRIVMSG", "#a", "two")])
        #expect(queue.next(now: Self.start).completes == nil)
        #expect(queue.next(now: Self.start).completes == ticket.id)
        #expect(queue.next(now: Self.start).line == nil)
    }

    @Test func anEmptyAnswerFreesItsPlaceAtOnceAndTheTargetsKeepTheirTurns() {
        var queue = OutgoingQueue(budget: FloodBucket(flood: FloodControl(isEnabled: false), now: Self.start))
        let first = queue.reserve(lane: .reply, target: "#a")
        let empty = queue.reserve(lane: .reply, target: "#b")
        let third = queue.reserve(lane: .reply, target: "#c")
        #expect(queue.count == 3)
        queue.fill(empty, with: [])
        #expect(queue.count == 2, "nothing waits for an empty answer")
        queue.fill(third, with: [IRCMessage("PRIVMSG", "#c", "c")])
        #expect(Self.drain(&queue, at: Self.start) == ["c"], "#a's unfilled place holds up #a alone")
        queue.fill(first, with: [IRCMessage("PRIVMSG", "#a", "a")])
        #expect(Self.drain(&queue, at: Self.start) == ["a"])
        #expect(queue.count == 0 && queue.isEmpty)
    }
}
