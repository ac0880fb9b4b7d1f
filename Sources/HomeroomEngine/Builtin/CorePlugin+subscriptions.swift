import Foundation
import HomeroomCore

extension CorePlugin {
    /// `/subscribe`, `/subscriptions` and `/unsubscribe`, over every plugin's topics.
    var subscriptionCommands: [Command] {
        let names = topics.map(\.topic.name).joined(separator: ", ")
        return [
            Command(
                "subscribe", summary: "get a topic here every day at a time, or as it happens (\(names))",
                usage: "TOPIC [HH:MM]",
                examples: topics.isEmpty
                    ? [] : [.init("subscribe", "the topics you can subscribe to", answerContains: "lunch")],
                handler: subscribe),
            Command(
                "subscriptions", summary: "what this channel, or you in a direct message, subscribes to",
                examples: [.init("subscriptions", "your subscriptions", answerContains: "Subscriptions for you:")],
                handler: listSubscriptions),
            Command("unsubscribe", summary: "stop a subscription", usage: "TOPIC", handler: unsubscribe),
        ]
    }

    /// Minutes a daily subscription is still sent after its time, so that a restart or a late
    /// tick catches up; its per-day key keeps it from going out twice.
    static let catchUpMinutes = 15

    /// The job that sends the daily topics due in the last ``catchUpMinutes`` minutes and not sent yet.
    var subscriptionJob: ScheduledJob {
        ScheduledJob("send subscriptions", schedule: try! CronSchedule("* * * * *")) { [topics, outbox] context in
            // Each recent minute's local time, and the instant it fell on (the first, when DST repeats it).
            var dueAt: [String: Date] = [:]
            for minutesAgo in (0..<Self.catchUpMinutes).reversed() {
                let instant = context.scheduledFor.addingTimeInterval(-Double(minutesAgo) * 60)
                let time = context.school.clockTime(at: instant)
                if dueAt[time] == nil { dueAt[time] = instant }
            }
            let book = SubscriptionBook(database: context.storage.database)
            for entry in try await book.entries(at: Array(dueAt.keys)) {
                guard let due = dueAt[entry.time], entry.createdAt <= due,
                    let (pluginID, topic) = topics.first(where: { $0.topic.name == entry.topic }),
                    case .daily(_, let schoolDaysOnly, let compose) = topic.delivery
                else { continue }
                let date = context.school.localDate(at: due)
                let key = "subscription:\(entry.id):\(date.iso)"
                guard !schoolDaysOnly || context.school.isSchoolDay(date),
                    try await !outbox.hasMessage(withKey: key)
                else { continue }
                let lines: [String]?
                do {
                    lines = try await compose(
                        SubscriptionTopic.DailyContext(
                            date: date, target: entry.target, adapter: entry.adapter, now: context.scheduledFor,
                            services: context.services.handingOver(to: pluginID)))
                } catch {
                    context.logger.error("subscription \(entry.id) (\(entry.topic)) failed: \(error)")
                    continue
                }
                guard let lines, !lines.isEmpty else { continue }
                try await context.outbox.enqueue(
                    adapter: entry.adapter, target: entry.target, lines: lines, idempotencyKey: key)
            }
        }
    }

    private func subscribe(_ context: CommandContext) async throws -> Reply {
        guard let name = context.arguments.first?.lowercased() else {
            return Reply(
                lines: ["Topics:"]
                    + topics.map { entry in
                        switch entry.topic.delivery {
                        case .daily(let time, let schoolDaysOnly, _):
                            "• \(entry.topic.name) — \(entry.topic.summary), at \(time)\(schoolDaysOnly ? " on school days" : " every day") unless you name a time"
                        case .asItHappens:
                            "• \(entry.topic.name) — \(entry.topic.summary), as it happens"
                        }
                    } + ["Subscribe with \(context.typed("subscribe")) TOPIC [HH:MM]."], visibility: .sender)
        }
        let (pluginID, topic) = try topic(named: name, context)
        let (adapter, target, place) = try subscriber(context)
        switch topic.delivery {
        case .daily(let defaultTime, let schoolDaysOnly, _):
            guard context.arguments.count <= 2 else { throw context.usageError() }
            var time = defaultTime
            if context.arguments.count == 2 {
                guard let typed = ClockTime(parsing: context.arguments[1]) else {
                    throw UserFacingError("the time is HH:MM in the school's time zone, like 10:30 or 7:05")
                }
                time = typed.description
            }
            let previous = try await SubscriptionBook(database: context.storage.database).subscribe(
                topic.name, adapter: adapter, target: target, at: time,
                audit: context.auditEntry("subscribe", "\(topic.name) at \(time) for \(target)"))
            let when = "at \(time)\(schoolDaysOnly ? " on school days" : " every day")"
            if let previous, previous != time {
                return Reply("Moved: \(Self.gets(place)) \(topic.summary) \(when) now (it was \(previous)).")
            }
            return Reply("Subscribed: \(Self.gets(place)) \(topic.summary) \(when).")
        case .asItHappens(let subscribe, _, _):
            guard context.arguments.count == 1 else {
                throw UserFacingError(
                    "\(topic.name) comes as it happens, without a time: \(context.typed("subscribe")) \(topic.name)")
            }
            let changed = try await subscribe(context.handingOver(to: pluginID, arguments: []))
            return Reply(
                "\(changed ? "Subscribed" : "Already subscribed"): \(Self.gets(place)) \(topic.summary) as it happens.")
        }
    }

    private func unsubscribe(_ context: CommandContext) async throws -> Reply {
        guard context.arguments.count == 1 else { throw context.usageError() }
        let (pluginID, topic) = try topic(named: context.arguments[0].lowercased(), context)
        let (adapter, target, place) = try subscriber(context)
        let removed: Bool
        switch topic.delivery {
        case .daily:
            removed = try await SubscriptionBook(database: context.storage.database).unsubscribe(
                topic.name, adapter: adapter, target: target,
                audit: context.auditEntry("unsubscribe", "\(topic.name) for \(target)"))
        case .asItHappens(_, let unsubscribe, _):
            removed = try await unsubscribe(context.handingOver(to: pluginID, arguments: []))
        }
        guard removed else {
            throw UserFacingError("\(place == "you" ? "you are" : "\(place) is") not subscribed to \(topic.name)")
        }
        return Reply("Unsubscribed \(place) from \(topic.name).")
    }

    private func listSubscriptions(_ context: CommandContext) async throws -> Reply {
        let place = context.message.conversation.channelName ?? "you"
        let lines = try await subscriptions(of: context).map { topic, time in
            "• \(topic.name) \(time.map { "at \($0)" } ?? "as it happens") — \(topic.summary)"
        }
        guard !lines.isEmpty else {
            return Reply(
                "No subscriptions for \(place). \(context.typed("subscribe")) lists the topics.", visibility: .sender)
        }
        return Reply(lines: ["Subscriptions for \(place):"] + lines, visibility: .sender)
    }

    /// What the conversation of `context` subscribes to: daily topics with their time, then the
    /// topics that come as they happen (time nil).
    func subscriptions(of context: CommandContext) async throws -> [(topic: SubscriptionTopic, time: String?)] {
        var found: [(topic: SubscriptionTopic, time: String?)] = try await SubscriptionBook(
            database: context.storage.database
        )
        .entries(adapter: context.conversationAdapter, target: context.conversationTarget)
        .compactMap { entry in topics.first { $0.topic.name == entry.topic }.map { ($0.topic, entry.time) } }
        for (pluginID, topic) in topics {
            if case .asItHappens(_, _, let isSubscribed) = topic.delivery,
                try await isSubscribed(context.handingOver(to: pluginID, arguments: []))
            {
                found.append((topic, nil))
            }
        }
        return found
    }

    private func topic(named name: String, _ context: CommandContext) throws(UserFacingError) -> (
        String, SubscriptionTopic
    ) {
        guard let entry = topics.first(where: { $0.topic.name == name }) else {
            throw UserFacingError(
                "no topic \(name) — the topics are \(topics.map(\.topic.name).joined(separator: ", "))")
        }
        return (entry.pluginID, entry.topic)
    }

    /// Where a subscription typed here delivers: the channel (with `subscribe.channel`), or the
    /// person in a direct message.
    private func subscriber(_ context: CommandContext) throws(UserFacingError) -> (String, DeliveryTarget, String) {
        let target = context.conversationTarget
        if case .channel = target { try context.require("subscribe.channel") }
        return (context.conversationAdapter, target, context.message.conversation.channelName ?? "you")
    }

    /// "you get" or "#cafeteria gets".
    private static func gets(_ place: String) -> String { place == "you" ? "you get" : "\(place) gets" }
}
