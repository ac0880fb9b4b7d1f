import Foundation
import HomeroomCore

/// The account's ``MatrixAnswerQueue``, shared by the room handlers that fill it and the one
/// writer that empties it: the writer waits here until a message is ready, or a line naming late
/// askers falls due.
actor MatrixAnswerDesk {
    private var queue: MatrixAnswerQueue
    private let clock: any HomeroomClock
    private var writerWaiting: CheckedContinuation<Void, Never>?

    /// A desk around `queue`, telling time by `clock`.
    init(queue: MatrixAnswerQueue, clock: any HomeroomClock) {
        self.queue = queue
        self.clock = clock
    }

    /// True when `asker` repeats `question` in `roomID` within the coalescing window.
    func isRepeat(_ question: String, in roomID: String, by asker: MatrixAsker) -> Bool {
        queue.isRepeat(question, in: roomID, by: asker, at: clock.now)
    }

    /// Queues `answer`; false when the queue was full and it was dropped.
    func offer(_ answer: MatrixAnswer, in roomID: String, from asker: MatrixAsker) -> Bool {
        defer { wake() }
        return queue.offer(answer, in: roomID, from: asker, at: clock.now)
    }

    /// Queues `message` as it is; false when the queue was full and it was dropped.
    func send(_ message: MatrixMessage, to roomID: String, transactionID: String?) -> Bool {
        defer { wake() }
        return queue.send(message, to: roomID, transactionID: transactionID)
    }

    /// The next message to send, once one is ready; nil once the task is cancelled.
    func next() async -> MatrixAnswerQueue.Outgoing? {
        while !Task.isCancelled {
            if let outgoing = queue.next(at: clock.now) { return outgoing }
            let due = queue.nextPointerDue
            await withTaskGroup(of: Void.self) { group in
                if let due {
                    group.addTask { [clock] in
                        try? await clock.sleep(until: due)
                        await self.wake()
                    }
                }
                await withTaskCancellationHandler {
                    await withCheckedContinuation { writerWaiting = $0 }
                } onCancel: {
                    Task { await self.wake() }
                }
                group.cancelAll()
            }
        }
        return nil
    }

    private func wake() {
        writerWaiting?.resume()
        writerWaiting = nil
    }
}
