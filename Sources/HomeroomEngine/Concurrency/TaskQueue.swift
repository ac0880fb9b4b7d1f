/// Tasks started from code that cannot wait for them (a request handler that answered already,
/// a socket reader that must go on reading), run by one long-lived loop that owns them: the
/// adapter's `run` calls ``run()``, so they stay structured, and stopping the adapter waits for
/// those already started instead of dropping them.
package final class TaskQueue: Sendable {
    /// A unit of work.
    package typealias Job = @Sendable () async -> Void

    private let jobs: AsyncStream<Job>
    private let continuation: AsyncStream<Job>.Continuation

    /// An empty queue; nothing runs until ``run()`` is called.
    package init() {
        (jobs, continuation) = AsyncStream.makeStream(of: Job.self)
    }

    /// Starts `job` in the run loop's task group.
    package func submit(_ job: @escaping Job) {
        continuation.yield(job)
    }

    /// Runs submitted jobs until ``finish()``, then waits for those still running.
    package func run() async {
        await withDiscardingTaskGroup { group in
            for await job in jobs {
                group.addTask { await job() }
            }
        }
    }

    /// Accepts no more jobs; ``run()`` returns once the running ones are done.
    package func finish() {
        continuation.finish()
    }
}
