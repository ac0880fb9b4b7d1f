/// Runs `work` in a task of its own while `body` runs, then cancels it and waits for it to end,
/// also when `body` throws, and returns what `body` returned.
///
/// Whatever `work` does (a sync loop, a delivery worker) thus ends before the test stops its bot
/// and closes the database, instead of querying a closed connection in the next test's time.
/// Use it where a test would otherwise write `defer { task.cancel() }`, which does not wait.
public func whileRunning<Result>(
    isolation: isolated (any Actor)? = #isolation, _ work: @escaping @Sendable () async throws -> Void,
    _ body: () async throws -> Result
) async throws -> Result {
    let running = Task { try await work() }
    do {
        let result = try await body()
        running.cancel()
        _ = await running.result
        return result
    } catch {
        running.cancel()
        _ = await running.result
        throw error
    }
}
