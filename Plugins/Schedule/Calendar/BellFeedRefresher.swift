import CalendarFeeds
import Foundation
import HomeroomCore
import Logging

/// Refreshes the bell schedule feed (`CalendarFeedRefresher`) and keeps the last good copy in
/// storage.
///
/// A failed fetch, or a body that fails the check, leaves the stored copy serving; the first failure
/// of a streak is announced once to the alert targets (through the outbox, in the same transaction
/// that records it, so two instances cannot both announce it), and so is the recovery. The feed's
/// address may hold a secret: alerts and logs show it redacted (`URL.redacted`).
struct BellFeedRefresher: Sendable {
    let url: URL
    let limits: FetchLimits
    let alertTargets: [AlertTarget]

    /// Fetches the feed now; its alerts are written in each recipient's language, else the `school`'s.
    func refresh(
        storage: PluginStorage, fetcher: any HTTPFetching, now: Date, school: SchoolCalendar, logger: Logger
    ) async throws -> CalendarFeedRefresher.Outcome {
        try await CalendarFeedRefresher(url: url, limits: limits, name: "bell schedule feed").refresh(
            into: BellFeedStore(
                store: ScheduleStore(storage: storage), alertTargets: alertTargets, school: school),
            fetcher: fetcher, now: now, logger: logger)
    }
}
