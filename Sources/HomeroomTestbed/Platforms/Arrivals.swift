import Synchronization

/// What a fake platform accepted (messages, activities), in order of arrival, which a test can
/// await by count: ``items(count:within:)`` returns as soon as enough arrived, without polling.
public final class Arrivals<Item: Sendable>: Sendable {
    private struct State {
        var items: [Item] = []
        var waiters: [UInt64: (count: Int, continuation: CheckedContinuation<Void, any Error>)] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())
    private let name: String

    /// None arrived yet; `name` says what arrives, in errors ("Slack messages").
    public init(of name: String) {
        self.name = name
    }

    /// Everything arrived so far, in order.
    public var items: [Item] { state.withLock { $0.items } }

    /// How many arrived so far.
    public var count: Int { state.withLock { $0.items.count } }

    /// Records `item` and releases the tests waiting for as many as have now arrived; returns that number.
    @discardableResult
    public func append(_ item: Item) -> Int {
        let (count, ready) = state.withLock { state in
            state.items.append(item)
            let count = state.items.count
            let ready = state.waiters.filter { $0.value.count <= count }
            for id in ready.keys { state.waiters[id] = nil }
            return (count, ready.values.map(\.continuation))
        }
        for continuation in ready { continuation.resume() }
        return count
    }

    /// Waits until `count` items arrived, at most `timeout` (then throws
    /// ``ArrivalsError/tooFew(_:expected:got:)``); returns every item arrived so far. Throws
    /// `CancellationError` when the task is cancelled or ``cancelWaiting()`` is called.
    public func items(count: Int, within timeout: Duration) async throws -> [Item] {
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await self.arrival(of: count) }
            tasks.addTask { try await Task.sleep(for: timeout) }
            defer { tasks.cancelAll() }
            try await tasks.next()
        }
        let arrived = items
        guard arrived.count >= count else { throw ArrivalsError.tooFew(name, expected: count, got: arrived.count) }
        return arrived
    }

    /// Releases every waiting test with a `CancellationError` (the fake stopped).
    public func cancelWaiting() {
        let waiters = state.withLock { state in
            defer { state.waiters = [:] }
            return state.waiters.values.map(\.continuation)
        }
        for continuation in waiters { continuation.resume(throwing: CancellationError()) }
    }

    /// Returns once `count` items arrived.
    private func arrival(of count: Int) async throws {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state in
                    guard state.items.count < count, !Task.isCancelled else { return true }
                    state.waiters[id] = (count, continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }
}

/// Why ``Arrivals`` could not give what a test awaited.
public enum ArrivalsError: Error, CustomStringConvertible {
    /// Fewer than awaited arrived in time: what they are, how many were awaited and how many came.
    case tooFew(String, expected: Int, got: Int)

    public var description: String {
        switch self {
        case .tooFew(let name, let expected, let got): "expected \(expected) \(name), got \(got)"
        }
    }
}
