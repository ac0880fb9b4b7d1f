import Foundation
import HomeroomTesting

extension Process {
    /// Waits up to `timeout` for the process to end; true when it has. Polled: Foundation's
    /// `waitUntilExit` can hang on Swift concurrency's threads, and would block one.
    @discardableResult
    func waitForExit(within timeout: Duration) async -> Bool {
        (try? await eventually("the process to end", within: timeout, every: .milliseconds(20)) { !isRunning }) != nil
    }
}

extension Process {
    /// Stops the process with SIGTERM, waits up to `grace` for it to end, then kills it with
    /// SIGKILL and waits up to 5 s more.
    func terminate(killingAfter grace: Duration) async {
        terminate()
        if await !waitForExit(within: grace) {
            kill(processIdentifier, SIGKILL)
            await waitForExit(within: .seconds(5))
        }
    }
}
