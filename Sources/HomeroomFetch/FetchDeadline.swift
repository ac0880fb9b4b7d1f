/// One deadline for a whole exchange: name resolution, every redirect, the headers and the body.
/// AsyncHTTPClient's own deadline ends when the headers arrive; this one also cuts off a body that
/// trickles in a byte at a time.
package enum FetchDeadline {
    /// The deadline passed before `operation` ended.
    package struct Passed: Error {}

    /// Runs `operation`, cancelling it and throwing ``Passed`` when `timeout` passes first.
    package static func run<T: Sendable>(
        within timeout: Duration, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw Passed() }
            return value
        }
    }
}
