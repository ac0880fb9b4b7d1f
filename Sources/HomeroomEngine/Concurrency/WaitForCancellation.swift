import Synchronization

/// Suspends the calling task until it is cancelled, without waking on any clock: what a service
/// with nothing left to do (a roster with no leases, a scheduler whose jobs all ended) does until
/// it is stopped.
package func waitForCancellation() async {
    let waiter = Mutex<(cancelled: Bool, continuation: CheckedContinuation<Void, Never>?)>((false, nil))
    await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
            // Checked under the lock: a cancellation before the continuation is kept would
            // otherwise never resume it.
            let resumeNow = waiter.withLock { waiter in
                if waiter.cancelled { return true }
                waiter.continuation = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    } onCancel: {
        let continuation = waiter.withLock { waiter in
            waiter.cancelled = true
            defer { waiter.continuation = nil }
            return waiter.continuation
        }
        continuation?.resume()
    }
}
