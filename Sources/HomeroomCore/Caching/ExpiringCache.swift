import Foundation
import Synchronization

/// Values kept in memory for a while, so that a question asked often does not read storage each time.
///
/// An entry is fresh from the instant it is stored until its time to live has passed, measured on
/// the instants the caller reads from its ``HomeroomClock`` (so a test moves time with its clock).
/// An entry stored "in the future" (the clock was set back) is not fresh either. With a time to
/// live of zero or less no entry is ever fresh, but the last one stored is still held for
/// ``heldValue(for:)`` (a campus re-checked by its revision on every question, say).
///
/// The cache holds at most ``capacity`` entries: when a new key would pass it, entries whose time
/// has run out go first and, if none has, the older half, so a flood of new keys costs one sort now
/// and then rather than a scan on every store.
///
/// Whatever changes the data behind an entry calls ``forget(_:)`` or ``invalidate()`` at once, after
/// the write returned. A cache listed in ``Plugin/caches`` is then emptied on every other instance
/// too (``SharedCache``); the time to live bounds how long a change made elsewhere without a word
/// (a hand-edited database) stays unseen.
///
/// A value read from storage before a change but stored after it would bring the old data back:
/// read ``generation`` before reading, and pass it to ``store(_:for:at:expiringBy:readSince:)``,
/// which then drops the value when anything was forgotten or invalidated in between.
///
/// ```swift
/// let answers = ExpiringCache<LocalDate, [String]>(timeToLive: 60, capacity: 1_000)
/// if let lines = answers.value(for: date, at: context.clock.now) { return lines }
/// let generation = answers.generation
/// let lines = try await readLines(for: date)
/// answers.store(lines, for: date, at: context.clock.now, readSince: generation)
/// ```
public final class ExpiringCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry {
        var value: Value
        var storedAt: Date
        var expiresAt: Date
    }

    /// How long an entry stays fresh, in seconds.
    public let timeToLive: TimeInterval
    /// The most entries kept at once.
    public let capacity: Int
    private struct State {
        var entries: [Key: Entry] = [:]
        /// Grows on every forget and invalidation.
        var generation: UInt64 = 0
    }

    private let state = Mutex(State())
    /// Where changes made here are announced, once a ``CacheChannel`` registered the cache.
    let announcer = CacheAnnouncer()

    /// A cache whose entries stay fresh for `timeToLive` seconds, holding at most `capacity` (at least 1) of them.
    public init(timeToLive: TimeInterval, capacity: Int) {
        self.timeToLive = timeToLive
        self.capacity = max(1, capacity)
    }

    /// The value stored for `key`, when it is fresh at `now`.
    public func value(for key: Key, at now: Date) -> Value? {
        state.withLock { state in
            guard let entry = state.entries[key], entry.storedAt <= now, now < entry.expiresAt else { return nil }
            return entry.value
        }
    }

    /// The value stored for `key` whether or not it is still fresh, for a caller that can cheaply
    /// check that it still holds (a revision, a version) and then ``store(_:for:at:expiringBy:readSince:)`` it
    /// again; nil once it was forgotten, invalidated or evicted.
    public func heldValue(for key: Key) -> Value? {
        state.withLock { $0.entries[key]?.value }
    }

    /// Where the cache stands: it changes whenever an entry is forgotten or the cache invalidated
    /// (here or, for a shared cache, on another instance). Read it before reading storage.
    public var generation: UInt64 {
        state.withLock { $0.generation }
    }

    /// Keeps `value` for `key` from `now`, fresh for the time to live or until `deadline` when that
    /// comes first (a login that ends sooner, say). With `readSince` (the ``generation`` read before
    /// `value` was read from storage), the value is dropped when the cache changed since: it may
    /// predate that change.
    public func store(
        _ value: Value, for key: Key, at now: Date, expiringBy deadline: Date? = nil,
        readSince generation: UInt64? = nil
    ) {
        var expiresAt = now.addingTimeInterval(max(0, timeToLive))
        if let deadline { expiresAt = min(expiresAt, deadline) }
        let entry = Entry(value: value, storedAt: now, expiresAt: expiresAt)
        state.withLock { state in
            if let generation, generation != state.generation { return }
            if state.entries[key] == nil, state.entries.count >= capacity {
                Self.makeRoom(in: &state.entries, at: now, capacity: capacity)
            }
            state.entries[key] = entry
        }
    }

    /// Drops the entry for `key`, so the next question reads afresh; a shared cache is emptied on
    /// the other instances.
    public func forget(_ key: Key) {
        state.withLock { state in
            state.entries.removeValue(forKey: key)
            state.generation &+= 1
        }
        announcer.announce()
    }

    /// Drops every entry, here and, for a shared cache, on the other instances; called after a
    /// write that may touch any of them.
    public func invalidate() {
        empty()
        announcer.announce()
    }

    /// Drops every entry here, announcing nothing (another instance announced the change).
    func empty() {
        state.withLock { state in
            state.entries.removeAll()
            state.generation &+= 1
        }
    }

    /// Frees at least one place: the entries no longer fresh at `now`, else the older half.
    private static func makeRoom(in entries: inout [Key: Entry], at now: Date, capacity: Int) {
        entries = entries.filter { $0.value.storedAt <= now && now < $0.value.expiresAt }
        guard entries.count >= capacity else { return }
        let oldest = entries.sorted { $0.value.storedAt < $1.value.storedAt }.prefix(max(1, entries.count / 2))
        for (key, _) in oldest { entries[key] = nil }
    }
}
