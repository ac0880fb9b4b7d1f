import Synchronization

/// Where a cache says that this instance changed the data behind it: nowhere until a
/// ``CacheChannel`` connects it, then to the channel, which tells the other instances.
package final class CacheAnnouncer: Sendable {
    private let target = Mutex<(@Sendable () -> Void)?>(nil)

    /// An announcer connected to nothing yet.
    package init() {}

    /// Sends every later announcement to `announce` (in place of any earlier target).
    func connect(_ announce: @escaping @Sendable () -> Void) {
        target.withLock { $0 = announce }
    }

    /// Says that the data changed; called after the write that changed it returned.
    package func announce() {
        target.withLock { $0 }?()
    }
}
