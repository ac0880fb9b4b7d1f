import Foundation
import HomeroomCore

/// One connection's ``ConversationMachine`` in the small actor that the adapter's tasks share: the
/// handlers accept each question and finish it with its rendered answer, and the one writer
/// takes the lines, waiting here until one is ready, the budget allows it, or a line naming late
/// askers falls due. At a clean stop the desk is closed: the writer gets what waits, the lines
/// naming late askers at once, and then nil.
///
/// IRC keeps its machine in its connection's actor (with the protocol's own state); Matrix uses
/// this desk with a writer, and the webhook platforms one without (``ResponseDesk``): each of
/// their questions is answered in the response to it (``finishInResponse(_:asker:keeping:)``).
package actor ConversationDesk<Budget: SendBudget, Platform: ConversationNaming> {
    /// What the platform sends.
    package typealias Line = Budget.Line
    /// A question accepted.
    package typealias Accepted = ConversationMachine<Budget>.Accepted

    private var machine: ConversationMachine<Budget>
    private let platform: Platform
    private let clock: any HomeroomClock
    private let writer = WakeSignal()
    private var isClosing = false
    /// Questions waiting for the answer to the same question asked before, by place.
    private var waitingTurns: [Int: CheckedContinuation<Accepted, Never>] = [:]

    /// An empty desk spending `budget`, coalescing with `channelAnswers`, naming (and addressing)
    /// on `platform`, telling time by `clock`.
    package init(budget: Budget, channelAnswers: ChannelAnswerSettings, platform: Platform, clock: any HomeroomClock) {
        machine = ConversationMachine(budget: budget, channelAnswers: channelAnswers)
        self.platform = platform
        self.clock = clock
    }

    /// Accepts `question` from `asker` in `channel` (nil: a direct message), as
    /// ``ConversationMachine/accept(_:from:in:takingMore:at:on:)`` does; a question the asker is
    /// still being answered in the channel returns once that answer is in. nil when too many
    /// questions are being answered or wait to be sent: it is not answered. Each question accepted
    /// must be finished, or the answers after it to the same place never go.
    package func accept(_ question: String, from asker: String, in channel: String?, takingMore pageSize: Int? = nil)
        async -> Accepted?
    {
        switch machine.accept(question, from: asker, in: channel, takingMore: pageSize, at: clock.now, on: platform) {
        case nil:
            return nil
        case .now(let accepted):
            return accepted
        case .afterTheSameQuestion(let ticket):
            return await withCheckedContinuation { waitingTurns[ticket.id] = $0 }
        }
    }

    /// How many questions wait for the answer to the same question asked before.
    package var waitingQuestions: Int { waitingTurns.count }

    /// Takes back the place `ticket` holds once its answer went out in the response to its
    /// question (``ConversationMachine/finishInResponse(_:asker:keeping:at:on:)``), and hands out
    /// the same question asked again meanwhile.
    package func finishInResponse(
        _ ticket: ConversationMachine<Budget>.Ticket, asker: String, keeping: [RenderedAnswer<Line>.Kept] = []
    ) {
        handOut(machine.finishInResponse(ticket, asker: asker, keeping: keeping, at: clock.now, on: platform))
    }

    /// Resumes the question handed out, which waited for the answer to the same question.
    private func handOut(_ next: Accepted?) {
        guard let next else { return }
        waitingTurns.removeValue(forKey: next.ticket.id)?.resume(returning: next)
    }
}

extension ConversationDesk where Platform: ConversationPlatform, Platform.Line == Budget.Line {
    /// Reserves the place of an answer to `target` that needs no question accepted (one kept from
    /// a stopped session); nil when the queue is full.
    package func reserveAnswer(to target: String) -> ConversationMachine<Budget>.Ticket? {
        machine.reserveAnswer(to: target)
    }

    /// Takes back the answer rendered for the place `ticket` holds, and hands out the same
    /// question asked again meanwhile. Returns the receipts of answers for which nothing is to be
    /// sent (this one's, or those folded into one already sent): they may be forgotten now.
    @discardableResult
    package func finish(_ ticket: ConversationMachine<Budget>.Ticket, with rendered: RenderedAnswer<Line>)
        -> [String]
    {
        defer { writer.wake() }
        handOut(machine.finish(ticket, with: rendered, at: clock.now, on: platform))
        return machine.takeSettledReceipts()
    }

    /// Queues `lines` to `target` at the end of `lane`, as they are.
    package func send(_ lines: [Line], lane: OutgoingLane, target: String) {
        machine.send(lines, lane: lane, target: target)
        writer.wake()
    }

    /// No more questions come: ``next()`` hands out what waits, the lines naming late askers at
    /// once, then nil.
    package func close() {
        isClosing = true
        writer.wake()
    }

    /// The next line to send, with the receipts of the answers it completes, once one may go;
    /// nil once the task is cancelled, or the desk closed and empty.
    package func next() async -> (line: Line, receipts: [String])? {
        while !Task.isCancelled {
            let now = clock.now
            // Closing, the lines naming late askers go now: there is no later.
            let step = machine.next(at: isClosing ? max(now, machine.nextPointerDue ?? now) : now, on: platform)
            if let line = step.line { return (line, step.receipts) }
            if isClosing, step.wait == nil { return nil }
            await writer.wait(until: step.wait.map { now.addingTimeInterval($0) }, on: clock)
        }
        return nil
    }
}

/// The desk of platforms that answer each question in the response to it (the webhook
/// platforms, and Slack's Socket Mode): places, order and `!more`, with no line queued.
package typealias ResponseDesk = ConversationDesk<UnmeteredBudget<Never>, ExactNames>
