import Synchronization

/// Counts the queries under way on a store, so that closing it waits for them: a query that has
/// started finishes on an open connection, and one that starts once closing has begun is refused
/// with ``DatabaseClosed``. Without it, a task that outlives its runtime (a worker still running
/// at shutdown) could step a statement on an SQLite handle that another thread is freeing.
final class QueryGate: Sendable {
    private struct State {
        var running = 0
        var isClosing = false
        var drained: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Runs `body` as one query under way; throws ``DatabaseClosed`` once closing has begun.
    func run<T>(_ body: () async throws -> T) async throws -> T {
        try state.withLock { state throws(DatabaseClosed) in
            if state.isClosing { throw DatabaseClosed() }
            state.running += 1
        }
        defer { leave() }
        return try await body()
    }

    private func leave() {
        let waiters = state.withLock { state in
            state.running -= 1
            guard state.running == 0, state.isClosing else { return [CheckedContinuation<Void, Never>]() }
            defer { state.drained = [] }
            return state.drained
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Refuses new queries from now on, and returns when every query under way has finished.
    func close() async {
        await withCheckedContinuation { continuation in
            let drainedNow = state.withLock { state in
                state.isClosing = true
                guard state.running > 0 else { return true }
                state.drained.append(continuation)
                return false
            }
            if drainedNow { continuation.resume() }
        }
    }
}

/// A query asked of a database that is closing or closed.
package struct DatabaseClosed: Error, CustomStringConvertible {
    package var description: String { "the database is closed" }
}
