import CalendarFeeds
import CivilDates
import Foundation
import HomeroomCore
import ICalendar
import SQLKit

/// The bell schedule feed's row in `schedule_feed`, with the alerts its failures and recoveries send,
/// each in its recipient's language (else the school's). A new copy that changes today's or
/// tomorrow's items marks those days changed, for the subscribers who got them already.
struct BellFeedStore: CalendarFeedStore {
    let store: ScheduleStore
    let alertTargets: [AlertTarget]
    /// The school, whose days a new copy may change, and whose language an alert to someone who
    /// chose none is written in.
    let school: SchoolCalendar

    func heldValidators(of url: URL) async throws -> CalendarFeedCopy.Validators? {
        guard let state = try await store.feedState(for: url.absoluteString), state.hasBody else { return nil }
        return .init(etag: state.etag, lastModified: state.lastModified)
    }

    func keep(_ copy: CalendarFeedCopy, of url: URL, at now: Date) async throws {
        let held = try await store.feedBody(for: url.absoluteString)?.body
        let changed = [0, 1].map { school.localDate(at: now).adding(days: $0) }.filter { date in
            day(date, of: held) != day(date, of: copy.body)
        }
        try await recordSuccess(of: url, storing: copy, changedDays: changed, now: now)
    }

    func confirm(_ url: URL, at now: Date) async throws {
        try await recordSuccess(of: url, storing: nil, changedDays: [], now: now)
    }

    /// The items of `date` in the calendar `body`; nil without a copy, or when it cannot be read.
    private func day(_ date: LocalDate, of body: String?) -> DaySchedule? {
        guard let body, let calendar = try? VCalendar(bytes: Array(body.utf8)) else { return nil }
        return try? SchedulePlugin.day(date, from: calendar, school: school, Words(SchedulePlugin.catalogs, .english))
    }

    /// Stores a new copy (or, for 304, marks the stored one checked without rewriting it), marks
    /// `changedDays` changed and announces a recovery.
    private func recordSuccess(
        of url: URL, storing copy: CalendarFeedCopy?, changedDays: [LocalDate], now: Date
    ) async throws {
        let key = url.absoluteString
        let shown = url.redacted
        let targets = alertTargets
        let store = store
        let schoolLanguage = school.language
        try await store.storage.write { db in
            let current = try await store.feedState(for: key, on: db)
            if let failing = current?.failingSince, current?.alerted == true {
                for target in targets {
                    let words = try await Self.words(for: target, store: store, schoolLanguage: schoolLanguage, on: db)
                    _ = try await store.storage.notifications.enqueue(
                        adapter: target.adapter, target: target.target,
                        lines: [words("The bell schedule feed works again ({feed}).", ["feed": shown])],
                        idempotencyKey: "schedule:feed-recovered:\(shown):\(Int(failing.timeIntervalSince1970))",
                        due: now,
                        into: db)
                }
            }
            if let copy {
                try await store.saveBody(
                    copy.body, url: key, etag: copy.validators.etag, lastModified: copy.validators.lastModified,
                    at: now, on: db)
                for day in changedDays { try await store.storage.markChanged(day, at: now, in: db) }
            } else if var state = current {
                state.checkedAt = now
                state.failingSince = nil
                state.lastError = nil
                state.alerted = false
                try await store.saveHealth(state, on: db)
            }
        }
    }

    /// Records a failure; the first of a streak is announced once.
    func recordFailure(_ problem: String, of url: URL, at now: Date) async throws {
        let key = url.absoluteString
        let shown = url.redacted
        let targets = alertTargets
        let store = store
        let schoolLanguage = school.language
        try await store.storage.write { db in
            var state = try await store.feedState(for: key, on: db) ?? .empty(url: key, at: now)
            state.checkedAt = now
            state.lastError = problem
            let since = state.failingSince ?? now
            state.failingSince = since
            if !state.alerted {
                for target in targets {
                    let words = try await Self.words(for: target, store: store, schoolLanguage: schoolLanguage, on: db)
                    let serving =
                        state.hasBody
                        ? words("The copy fetched {time} keeps serving.", ["time": Self.stamp(state.fetchedAt)])
                        : words(
                            "There is no earlier copy, so {command} has no bell schedule until it works.",
                            ["command": "/now"])
                    _ = try await store.storage.notifications.enqueue(
                        adapter: target.adapter, target: target.target,
                        lines: [
                            words("The bell schedule feed is failing: {problem}.", ["problem": problem]), serving,
                            words("Feed: {feed}", ["feed": shown]),
                        ],
                        idempotencyKey: "schedule:feed-down:\(shown):\(Int(since.timeIntervalSince1970))", due: now,
                        into: db)
                }
                state.alerted = true
            }
            try await store.saveHealth(state, on: db)
        }
    }

    /// What the schedule plugin says to `target`: in the language its person or channel chose, else
    /// `schoolLanguage`.
    private static func words(
        for target: AlertTarget, store: ScheduleStore, schoolLanguage: Language, on db: any SQLDatabase
    ) async throws -> Words {
        let chosen = try await store.storage.notifications.language(
            of: target.target, adapter: target.adapter, on: db)
        return Words(SchedulePlugin.catalogs, chosen ?? schoolLanguage)
    }

    private static func stamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false)) + " UTC"
    }
}
