import Campus
import Foundation
import Synchronization

/// The campus last read from storage, with its revision and when the revision was last checked.
///
/// Within `lifetime` of a check the campus is used without asking storage again, so a route
/// costs no query; after it, one small query compares the revision, and only a new revision
/// reads the file again. An import by another process (or instance) shows within `lifetime`.
final class CampusCache: Sendable {
    private struct Entry {
        var revision: Int64
        var campus: Campus
        var checkedAt: Date
    }

    private let lifetime: TimeInterval
    private let entry = Mutex<Entry?>(nil)

    init(lifetime: TimeInterval) {
        self.lifetime = lifetime
    }

    /// The campus, when its revision was checked less than `lifetime` before `now`.
    func fresh(at now: Date) -> Campus? {
        entry.withLock { entry in
            guard let entry, now >= entry.checkedAt, now.timeIntervalSince(entry.checkedAt) < lifetime else {
                return nil
            }
            return entry.campus
        }
    }

    /// The campus read at `revision`, if that is the one kept; its check is renewed at `now`.
    func campus(at revision: Int64, checkedAt now: Date) -> Campus? {
        entry.withLock { entry in
            guard entry?.revision == revision else { return nil }
            entry?.checkedAt = now
            return entry?.campus
        }
    }

    /// Keeps `campus` as the one read at `revision`, checked at `now`.
    func store(_ campus: Campus, at revision: Int64, checkedAt now: Date) {
        entry.withLock { $0 = Entry(revision: revision, campus: campus, checkedAt: now) }
    }
}
