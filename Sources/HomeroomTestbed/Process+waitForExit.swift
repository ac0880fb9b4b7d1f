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
