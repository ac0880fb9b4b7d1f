import Synchronization

/// A lock that waiters await instead of blocking a thread: it serialises the transactions on the
/// SQLite writer connection. Waiters are served in arrival order.
final class AsyncLock: Sendable {
    private struct State {
        var isLocked = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Runs `body` while holding the lock.
    func withLock<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        let acquired = state.withLock { state in
            guard state.isLocked else {
                state.isLocked = true
                return true
            }
            return false
        }
        if acquired { return }
        await withCheckedContinuation { continuation in
            let acquiredNow = state.withLock { state in
                guard state.isLocked else {
                    state.isLocked = true
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if acquiredNow { continuation.resume() }
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.isLocked = false
                return nil
            }
            // The lock passes straight to the next waiter and stays locked.
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
