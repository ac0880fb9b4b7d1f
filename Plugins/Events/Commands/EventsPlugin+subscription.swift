import CivilDates
import Foundation
import HomeroomCore

extension EventsPlugin {
    /// The `events` topic of `/subscribe`: the day's events (public, the school calendar's, and
    /// for a person their circles'), at 07:30 unless the subscriber names a time; nothing on a
    /// day without events.
    var eventsTopic: SubscriptionTopic {
        SubscriptionTopic(
            "events", summary: "the day's events",
            delivery: .daily(defaultTime: "07:30", schoolDaysOnly: false) { context in
                let user: UserID? = if case .user(let user) = context.target { user } else { nil }
                let words = context.words
                return try await eventLines(
                    on: context.date, for: user, storage: context.storage, school: context.school, words
                )
                .map { [words("Events on {date}:", ["date": words.date(context.date)])] + $0 }
            })
    }

    /// Events' part of `/day`, with the asker's circles in a direct message; in a channel, public
    /// events only. Its gist names the first few.
    var eventsSection: DaySection {
        DaySection(
            "Events", order: 30, more: "events",
            gist: { context, date in
                let reader = context.message.conversation.isDirect ? context.caller.person : nil
                let events = try await events(on: date, for: reader, storage: context.storage, school: context.school)
                return events.isEmpty
                    ? context.words("none") : EventText.gist(events, on: date, school: context.school, context.words)
            },
            compose: { context, date in
                let reader = context.message.conversation.isDirect ? context.caller.person : nil
                return try await eventLines(
                    on: date, for: reader, storage: context.storage, school: context.school, context.words)
                    ?? [context.words("No events.")]
            })
    }

    /// The events of `date`, public and (for `user`) of their circles, in the language of
    /// `words`; nil when there are none.
    func eventLines(
        on date: LocalDate, for user: UserID?, storage: PluginStorage, school: SchoolCalendar, _ words: Words
    ) async throws -> [String]? {
        let events = try await events(on: date, for: user, storage: storage, school: school)
        return events.isEmpty ? nil : events.map { EventText.line($0, on: date, school: school, words) }
    }

    /// The events of `date`, public and (for `user`) of their circles.
    func events(on date: LocalDate, for user: UserID?, storage: PluginStorage, school: SchoolCalendar)
        async throws -> [SchoolEvent]
    {
        var circles: [String] = []
        if let user { circles = try await CircleStore(storage: storage).circles(of: user) }
        return try await events(
            from: school.startOfDay(date), to: school.startOfDay(date.adding(days: 1)), circles: circles,
            storage: storage, school: school)
    }
}
