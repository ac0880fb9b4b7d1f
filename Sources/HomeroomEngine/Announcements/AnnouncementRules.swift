import Foundation
import HomeroomCore

/// What the school decided about announcements (`announcements` in the configuration): whether a
/// second person approves each one, and the quiet hours that hold normal ones until morning.
package struct AnnouncementRules: Sendable, Equatable {
    /// True: a normal announcement waits until someone with `announce.approve` other than its
    /// author approves it. Urgent alerts never wait.
    package var requireApproval: Bool
    /// The quiet hours, in school time, from `quietFrom` until `quietUntil` (over midnight when
    /// `quietFrom` is later); nil: none.
    package var quietHours: (from: ClockTime, until: ClockTime)?

    /// Rules that ask for no approval and keep quiet from 21:00 until 07:00.
    package init(
        requireApproval: Bool = false, quietHours: (from: ClockTime, until: ClockTime)? = Self.defaultQuietHours
    ) {
        self.requireApproval = requireApproval
        self.quietHours = quietHours
    }

    /// 21:00 until 07:00.
    package static let defaultQuietHours = (from: ClockTime(parsing: "21:00")!, until: ClockTime(parsing: "07:00")!)

    /// When a message queued at `now` may go: at once when it is `urgent` or outside the quiet
    /// hours of `calendar`'s zone, else when they end.
    package func release(at now: Date, urgent: Bool, in calendar: SchoolCalendar) -> Date {
        guard !urgent, let (from, until) = quietHours, from != until else { return now }
        let (hour, minute) = calendar.timeOfDay(at: now)
        let time = hour * 60 + minute
        let start = from.hour * 60 + from.minute
        let end = until.hour * 60 + until.minute
        let today = calendar.localDate(at: now)
        if start < end {
            guard time >= start, time < end else { return now }
            return calendar.instant(on: today, hour: until.hour, minute: until.minute)
        }
        if time >= start { return calendar.instant(on: today.adding(days: 1), hour: until.hour, minute: until.minute) }
        if time < end { return calendar.instant(on: today, hour: until.hour, minute: until.minute) }
        return now
    }

    package static func == (lhs: AnnouncementRules, rhs: AnnouncementRules) -> Bool {
        lhs.requireApproval == rhs.requireApproval && lhs.quietHours?.from == rhs.quietHours?.from
            && lhs.quietHours?.until == rhs.quietHours?.until
    }
}
