import HomeroomCore
import Synchronization

/// Hands a command's reply from the task that computes it to the HTTP request waiting for it,
/// unless the request stopped waiting first (the platform's deadline): then the computing task
/// learns that it must deliver the reply itself, through the platform's response URL.
package final class ReplyHandoff: Sendable {
    /// What the waiting request got.
    package enum Outcome: Sendable {
        /// The reply (nil: the bot stays silent) arrived in time.
        case onTime(Reply?)
        /// The deadline passed first; the reply will be delivered later.
        case late
    }

    private enum State {
        case running
        case waiting(CheckedContinuation<Outcome, Never>)
        case answered(Reply?)
        case late
    }

    private let state = Mutex(State.running)

    /// Waits for the reply for at most `limit`.
    func wait(atMost limit: Duration) async -> Outcome {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                try? await Task.sleep(for: limit)
                self.expire()
            }
            let outcome = await withCheckedContinuation { continuation in
                let ready: Outcome? = state.withLock { state in
                    switch state {
                    case .running:
                        state = .waiting(continuation)
                        return nil
                    case .answered(let reply): return .onTime(reply)
                    case .late: return .late
                    case .waiting: preconditionFailure("one request waits for one reply")
                    }
                }
                if let ready { continuation.resume(returning: ready) }
            }
            group.cancelAll()
            return outcome
        }
    }

    /// Gives the reply to the waiting request; false when it stopped waiting, so the caller must
    /// deliver the reply some other way.
    func deliver(_ reply: Reply?) -> Bool {
        let (taken, waiter): (Bool, CheckedContinuation<Outcome, Never>?) = state.withLock { state in
            switch state {
            case .running:
                state = .answered(reply)
                return (true, nil)
            case .waiting(let continuation):
                state = .answered(reply)
                return (true, continuation)
            case .answered, .late:
                return (false, nil)
            }
        }
        waiter?.resume(returning: .onTime(reply))
        return taken
    }

    private func expire() {
        let waiter: CheckedContinuation<Outcome, Never>? = state.withLock { state in
            switch state {
            case .running:
                state = .late
                return nil
            case .waiting(let continuation):
                state = .late
                return continuation
            case .answered, .late:
                return nil
            }
        }
        waiter?.resume(returning: .late)
    }
}
