import Foundation
import HomeroomCore
import Synchronization

/// Rendered lunch answers (`/lunch` for a day, `/lunch week`), kept in memory because the menu is
/// read far more often than it changes.
///
/// Every write through the plugin empties the cache at once; entries also expire after
/// `lifetime`, so a change made by another process (an import, a second instance) shows within
/// that time.
final class LunchAnswerCache: Sendable {
    /// What an answer is for.
    enum Key: Hashable {
        /// `/lunch` for one day.
        case day(LocalDate)
        /// `/lunch week` for the week starting that Monday.
        case week(LocalDate)
    }

    /// An answer in both forms.
    struct Answer: Sendable {
        /// The full answer.
        let lines: [String]
        /// Its compact form for a channel.
        let compact: [String]
    }

    private struct Entry {
        let answer: Answer
        let storedAt: Date
    }

    private let entries = Mutex<[Key: Entry]>([:])
    private let lifetime: TimeInterval

    init(lifetime: TimeInterval) {
        self.lifetime = lifetime
    }

    /// The cached answer for `key`, unless it is older than the lifetime at `now`.
    func answer(for key: Key, at now: Date) -> Answer? {
        entries.withLock { entries in
            guard let entry = entries[key], now.timeIntervalSince(entry.storedAt) < lifetime,
                entry.storedAt <= now
            else { return nil }
            return entry.answer
        }
    }

    /// Keeps an answer.
    func store(_ answer: Answer, for key: Key, at now: Date) {
        entries.withLock { entries in
            if entries.count > 1000 { entries.removeAll() }
            entries[key] = Entry(answer: answer, storedAt: now)
        }
    }

    /// Forgets every answer; called after each write.
    func invalidate() {
        entries.withLock { $0.removeAll() }
    }
}
