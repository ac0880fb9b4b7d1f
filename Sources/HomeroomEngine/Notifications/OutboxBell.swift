import Synchronization

/// Wakes this process's delivery workers when messages that are due now were queued (an urgent
/// alert's first batch), so that they do not wait for their next look at the table. Workers on
/// other instances still find them at theirs.
package final class OutboxBell: Sendable {
    private struct State {
        var rings: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())

    /// A bell nobody has rung.
    package init() {}

    /// How many times it was rung: a worker notes it before it looks at the table, and waits
    /// only for a ring after that.
    package var rings: UInt64 { state.withLock { $0.rings } }

    /// Wakes every worker waiting.
    package func ring() {
        let waiting = state.withLock { state in
            state.rings &+= 1
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiting { waiter.resume() }
    }

    /// Returns once the bell was rung more than `seen` times, or the task is cancelled.
    package func wait(pastRing seen: UInt64) async {
        let id = state.withLock { state in
            defer { state.nextWaiter &+= 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.rings != seen || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
