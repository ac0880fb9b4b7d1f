import Foundation
import HomeroomCore
import Synchronization

/// Each student's lunch wave and classes, kept in memory for a short while so `/now` answers
/// without reading storage; a change made through the bot clears that student's entry at once.
final class ViewerCache: Sendable {
    private struct Entry: Sendable {
        var viewer: SchedulePlugin.Viewer
        var storedAt: Date
    }

    private let lifetime: TimeInterval
    private let entries = Mutex<[UserID: Entry]>([:])

    init(lifetime: TimeInterval) {
        self.lifetime = lifetime
    }

    func viewer(_ user: UserID, at now: Date) -> SchedulePlugin.Viewer? {
        entries.withLock { entries in
            guard let entry = entries[user], now >= entry.storedAt, now.timeIntervalSince(entry.storedAt) < lifetime
            else {
                return nil
            }
            return entry.viewer
        }
    }

    func store(_ viewer: SchedulePlugin.Viewer, for user: UserID, at now: Date) {
        guard lifetime > 0 else { return }
        entries.withLock { entries in
            if entries.count > 20_000 { entries.removeAll() }
            entries[user] = Entry(viewer: viewer, storedAt: now)
        }
    }

    func forget(_ user: UserID) {
        _ = entries.withLock { $0.removeValue(forKey: user) }
    }

    func invalidate() {
        entries.withLock { $0.removeAll() }
    }
}
