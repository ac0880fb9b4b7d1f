/// Work that outlives the request that started it: a command still running when the platform's
/// deadline passed, whose answer is posted later. The server's run loop owns these tasks, so a
/// graceful shutdown waits for answers already promised instead of dropping them.
final class DeferredWork: Sendable {
    typealias Job = @Sendable () async -> Void

    private let jobs: AsyncStream<Job>
    private let continuation: AsyncStream<Job>.Continuation

    init() {
        (jobs, continuation) = AsyncStream.makeStream(of: Job.self)
    }

    /// Starts `job` in the run loop's task group.
    func submit(_ job: @escaping Job) {
        continuation.yield(job)
    }

    /// Runs submitted jobs until ``finish()``, then waits for those still running.
    func run() async {
        await withDiscardingTaskGroup { group in
            for await job in jobs {
                group.addTask { await job() }
            }
        }
    }

    /// Accepts no more jobs; ``run()`` returns once the running ones are done.
    func finish() {
        continuation.finish()
    }
}
