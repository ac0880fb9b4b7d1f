import Foundation
import HomeroomCore

/// The account's ``MatrixAnswerQueue``, shared by the room handlers that fill it and the one
/// writer that empties it: the writer waits here until a message is ready, or a line naming late
/// askers falls due. At a clean stop the desk is finished: the writer gets what waits, the lines
/// naming late askers at once, and then nil.
actor MatrixAnswerDesk {
    private var queue: MatrixAnswerQueue
    private let clock: any HomeroomClock
    private let writer = WakeSignal()
    private var isFinishing = false

    /// A desk around `queue`, telling time by `clock`.
    init(queue: MatrixAnswerQueue, clock: any HomeroomClock) {
        self.queue = queue
        self.clock = clock
    }

    /// True when `asker` repeats `question` in `roomID` within the coalescing window.
    func isRepeat(_ question: String, in roomID: String, by asker: MatrixAsker) -> Bool {
        queue.isRepeat(question, in: roomID, by: asker, at: clock.now)
    }

    /// Queues `answer`, kept under `key`.
    func offer(_ answer: MatrixAnswer, in roomID: String, from asker: MatrixAsker, key: String?)
        -> MatrixAnswerQueue.Placement
    {
        defer { wake() }
        return queue.offer(answer, in: roomID, from: asker, key: key, at: clock.now)
    }

    /// Queues `message` as it is, kept under `key`.
    func send(_ message: MatrixMessage, to roomID: String, transactionID: String?, key: String?)
        -> MatrixAnswerQueue.Placement
    {
        defer { wake() }
        return queue.send(message, to: roomID, transactionID: transactionID, key: key)
    }

    /// Queues the messages a stopped session was sending, ahead of the rest.
    func resend(_ outgoing: [MatrixAnswerQueue.Outgoing]) {
        defer { wake() }
        queue.resend(outgoing)
    }

    /// No more answers come: ``next()`` hands out what waits, then nil.
    func finish() {
        isFinishing = true
        wake()
    }

    /// The next message to send, once one is ready; nil once the task is cancelled, or the desk
    /// finished and empty.
    func next() async -> MatrixAnswerQueue.Outgoing? {
        while !Task.isCancelled {
            if isFinishing {
                // The lines naming late askers go now: there is no later.
                let now = max(clock.now, queue.nextPointerDue ?? clock.now)
                if let outgoing = queue.next(at: now) { return outgoing }
                if queue.nextPointerDue == nil { return nil }
                continue
            }
            if let outgoing = queue.next(at: clock.now) { return outgoing }
            await writer.wait(until: queue.nextPointerDue, on: clock)
        }
        return nil
    }

    private func wake() {
        writer.wake()
    }
}
