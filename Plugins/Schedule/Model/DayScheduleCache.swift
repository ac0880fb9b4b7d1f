import Foundation
import HomeroomCore
import Synchronization

/// Days' schedules kept in memory for a short while, so `/now` does not read storage each time.
final class DayScheduleCache: Sendable {
    private struct Entry: Sendable {
        var day: DaySchedule
        var storedAt: Date
        var calendarVersion: String?
    }

    private let lifetime: TimeInterval
    private let entries = Mutex<[LocalDate: Entry]>([:])

    init(lifetime: TimeInterval) {
        self.lifetime = lifetime
    }

    func day(_ date: LocalDate, at now: Date, calendarVersion: String?) -> DaySchedule? {
        entries.withLock { entries in
            guard let entry = entries[date], entry.calendarVersion == calendarVersion,
                now.timeIntervalSince(entry.storedAt) < lifetime, now >= entry.storedAt
            else { return nil }
            return entry.day
        }
    }

    func store(_ day: DaySchedule, at now: Date, calendarVersion: String?) {
        guard lifetime > 0 else { return }
        entries.withLock { entries in
            if entries.count > 400 { entries.removeAll() }
            entries[day.date] = Entry(day: day, storedAt: now, calendarVersion: calendarVersion)
        }
    }

    func invalidate() {
        entries.withLock { $0.removeAll() }
    }
}
