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
                let from = context.school.startOfDay(context.date)
                let to = context.school.startOfDay(context.date.adding(days: 1))
                var circles: [String] = []
                if case .user(let user) = context.target {
                    circles = try await CircleStore(storage: context.storage).circles(of: user)
                }
                let events = try await events(
                    from: from, to: to, circles: circles, storage: context.storage, school: context.school)
                guard !events.isEmpty else { return nil }
                return ["Events on \(context.date.longName):"]
                    + events.map { EventText.line($0, on: context.date, school: context.school) }
            })
    }
}
