/// A cache that every instance sharing the database empties when one of them changes the data behind it.
///
/// A plugin lists its caches in ``Plugin/caches``, each under a short name. When code on this
/// instance calls ``ExpiringCache/forget(_:)`` or ``ExpiringCache/invalidate()`` on one (after the
/// write returned, so the change is committed), the other instances empty theirs: within milliseconds
/// on PostgreSQL (LISTEN/NOTIFY); on SQLite there is one instance and nothing to tell.
///
/// ```swift
/// public var caches: [String: SharedCache] { ["answers": SharedCache(answers)] }
/// ```
public struct SharedCache: Sendable {
    let announcer: CacheAnnouncer
    /// Empties the cache here without announcing anything.
    let empty: @Sendable () -> Void

    /// Shares `cache`; when another instance announces a change, `alsoDropping` runs as well, for
    /// what else this instance keeps built from the same data (a parsed file, say).
    public init<Key, Value>(
        _ cache: ExpiringCache<Key, Value>, alsoDropping dependent: @escaping @Sendable () -> Void = {}
    ) {
        announcer = cache.announcer
        empty = {
            cache.empty()
            dependent()
        }
    }

    /// A cache of another shape: `announcer` says when this instance changed its data, `empty`
    /// drops (or marks stale) what it holds when another instance did.
    package init(announcer: CacheAnnouncer, empty: @escaping @Sendable () -> Void) {
        self.announcer = announcer
        self.empty = empty
    }
}
