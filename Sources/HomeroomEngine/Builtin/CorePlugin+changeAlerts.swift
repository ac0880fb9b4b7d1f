import CivilDates
import Foundation
import HomeroomCore

extension CorePlugin {
    /// Seconds a changed day stays unchanged before its alerts go out: the edits made within them
    /// make one alert.
    static let changeSettlingSeconds: TimeInterval = 120
    /// The most changed days one run reads; the others wait for the next minute.
    static let changedDaysPerRun = 500
    /// The subscriptions read at a time.
    static let subscriptionsPerPage = 200

    /// The job that tells subscribers what changed in a topic they already got. Every minute it
    /// reads the days plugins marked changed (``PluginStorage/markChanged(_:at:in:)``) at least
    /// ``changeSettlingSeconds`` ago. Each daily subscription to a marked plugin's topic, or to
    /// the `/day` digest, whose message for today or tomorrow in its school's zone was delivered
    /// and shows a marked day (its own date, or the next for an evening's look ahead) is composed
    /// again as the subscription job composes it; when the text differs from what the subscriber
    /// read last, one alert goes where the message went. Then the marks are cleared, unless an
    /// edit moved them meanwhile.
    var changeAlertJob: ScheduledJob {
        ScheduledJob("send change alerts", schedule: try! CronSchedule("* * * * *")) { context in
            let database = context.storage.database
            let district = district(context.services)
            let earliestToday = district.schools.map { $0.calendar.localDate(at: context.scheduledFor) }.min()
            if let earliestToday { try await SentSubscription.forgetAlerts(before: earliestToday, in: database) }
            let marks = try await ContentChanges.settled(
                before: context.scheduledFor.addingTimeInterval(-Self.changeSettlingSeconds),
                limit: Self.changedDaysPerRun, in: database)
            guard !marks.isEmpty else { return }
            var changedDays: [String: Set<LocalDate>] = [:]
            for mark in marks { changedDays[mark.plugin, default: []].insert(mark.day) }
            let names = Set(
                (topics + schoolTopics.values.joined()).filter {
                    $0.pluginID == Self.id || changedDays[$0.pluginID] != nil
                }
                .map(\.topic.name))
            let book = SubscriptionBook(database: database)
            var alerts = 0
            var waiting = Set<LocalDate>()
            var after: Int64 = 0
            while !names.isEmpty {
                let page = try await book.entries(topics: names, after: after, limit: Self.subscriptionsPerPage)
                guard let last = page.last else { break }
                for entry in page {
                    let outcome = try await alertIfChanged(entry, changedDays: changedDays, in: district, context)
                    alerts += outcome.sent
                    waiting.formUnion(outcome.waiting)
                }
                after = last.id
            }
            // A day whose message still waits to go out is looked at again next minute, once it went.
            for mark in marks where !waiting.contains(mark.day) { try await ContentChanges.clear(mark, in: database) }
            if alerts > 0 { context.logger.info("sent \(alerts) change alerts for \(marks.count) changed days") }
        }
    }

    /// Sends `entry` an alert for each of its delivered messages for today and tomorrow that shows
    /// one of `changedDays` (by plugin) and reads differently now; a message still waiting for
    /// its turn is written anew instead, and one being sent right now is left for the next run.
    /// Returns how many alerts it sent, and the changed days it must look at again.
    private func alertIfChanged(
        _ entry: SubscriptionBook.Entry, changedDays: [String: Set<LocalDate>], in district: District,
        _ context: ScheduledJob.Context
    ) async throws -> (sent: Int, waiting: Set<LocalDate>) {
        guard let subscription = try await dailySubscription(entry, in: district) else { return (0, []) }
        // The digest shows every plugin's part of the day; a plugin's own topic, its own.
        let days =
            subscription.pluginID == Self.id
            ? changedDays.values.reduce(into: Set()) { $0.formUnion($1) } : changedDays[subscription.pluginID] ?? []
        let database = context.storage.database
        let today = subscription.school.calendar.localDate(at: context.scheduledFor)
        var sent = 0
        var waiting = Set<LocalDate>()
        for date in [today, today.adding(days: 1)] where days.contains(date) || days.contains(date.adding(days: 1)) {
            let delivered = try await SentSubscription.delivered(subscription: entry.id, on: date, in: database)
            let pending =
                delivered == nil
                ? try await SentSubscription.pending(
                    subscription: entry.id, on: date, at: context.clock.now, in: database)
                : nil
            guard delivered != nil || pending != nil else { continue }
            let composed: (lines: [String]?, language: Language)
            do {
                composed = try await lines(of: subscription, on: date, context)
            } catch {
                context.logger.error("change alert for subscription \(entry.id) (\(entry.topic)) failed: \(error)")
                continue
            }
            let current = composed.lines ?? []
            if let pending {
                // Not gone out yet: it goes with what the topic says now; being sent this moment
                // (or with nothing left to say), it is compared once it went.
                let rewritten =
                    !pending.isClaimed && !current.isEmpty
                    ? try await SentSubscription.rewrite(pending, lines: current, in: database) : false
                if !rewritten { waiting.formUnion([date, date.adding(days: 1)].filter { days.contains($0) }) }
                continue
            }
            guard let delivered else { continue }
            guard current.joined(separator: "\n") != delivered.lines.joined(separator: "\n") else { continue }
            let alert = ChangeAlert.lines(before: delivered.lines, after: current, Words(.engine, composed.language))
            let (outbox, due) = (context.outbox, context.clock.now)
            try await database.write { db in
                try await outbox.enqueue(
                    adapter: delivered.adapter, target: delivered.target, lines: alert,
                    idempotencyKey:
                        "changed:\(entry.id):\(date.iso):\(Int64(context.scheduledFor.timeIntervalSince1970))",
                    due: due, into: db)
                try await SentSubscription.recordAlert(subscription: entry.id, on: date, lines: current, in: db)
            }
            sent += 1
        }
        return (sent, waiting)
    }
}
