import Foundation
import Synchronization

/// How a connection's one writer waits for work: until something is queued (``wake()``), until
/// a deadline on the clock (the send budget refills, a line naming late askers falls due), or
/// until its task is cancelled. A wake that comes while the writer is busy is kept, so that the
/// writer, looking again, never sleeps through it.
package final class WriterSignal: Sendable {
    private struct State {
        var waiting: CheckedContinuation<Void, Never>?
        var woken = false
    }

    private let state = Mutex(State())

    /// A signal nobody waits on yet.
    package init() {}

    /// Wakes the writer, now if it waits, else when it next would.
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
        await withTaskGroup(of: Void.self) { group in
            if let deadline {
                group.addTask {
                    guard (try? await clock.sleep(until: deadline)) != nil else { return }
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
