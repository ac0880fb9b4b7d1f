import Foundation
import Synchronization

/// How a task that works when there is work waits for it: until it is woken (``wake()``), until a
/// deadline on the injected clock (a connection's writer: the send budget refills, a line naming
/// late askers falls due; the lease roster: its next round), or until its task is cancelled. A
/// wake that comes while the task is busy is kept, so that the task, looking again, never sleeps
/// through it.
package final class WakeSignal: Sendable {
    private struct State {
        var waiting: CheckedContinuation<Void, Never>?
        var woken = false
    }

    private let state = Mutex(State())

    /// A signal nobody waits on yet.
    package init() {}

    /// Wakes the task, now if it waits, else when it next would.
    package func wake() {
        let waiting = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiting = state.waiting else {
                state.woken = true
                return nil
            }
            state.waiting = nil
            return waiting
        }
        waiting?.resume()
    }

    /// Waits until woken, until `deadline` on `clock` (nil: no deadline), or until the task is
    /// cancelled; at once when a wake came since the last wait.
    package func wait(until deadline: Date?, on clock: any HomeroomClock) async {
        guard let deadline else { return await wait(sleeping: nil) }
        await wait(sleeping: { try await clock.sleep(until: deadline) })
    }

    /// Waits until woken, until `duration` has run on `clock` (counted on its uptime, which
    /// setting the date does not move), or until the task is cancelled.
    package func wait(for duration: Duration, on clock: any HomeroomClock) async {
        await wait(sleeping: { try await clock.sleep(for: duration) })
    }

    /// Waits until woken, until `sleep` returns, or until the task is cancelled.
    private func wait(sleeping sleep: (@Sendable () async throws -> Void)?) async {
        await withTaskGroup(of: Void.self) { group in
            if let sleep {
                group.addTask {
                    guard (try? await sleep()) != nil, !Task.isCancelled else { return }
                    self.wake()
                }
            }
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let resumeNow = state.withLock { state -> Bool in
                        if state.woken || Task.isCancelled {
                            state.woken = false
                            return true
                        }
                        precondition(state.waiting == nil, "one task waits on a wake signal at a time")
                        state.waiting = continuation
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            } onCancel: {
                self.wake()
            }
            group.cancelAll()
        }
    }
}
