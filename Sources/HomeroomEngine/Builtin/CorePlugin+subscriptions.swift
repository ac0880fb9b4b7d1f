import CivilDates
import Foundation
import HomeroomCore

extension CorePlugin {
    /// `/subscribe`, `/subscriptions` and `/unsubscribe`, over every plugin's topics.
    var subscriptionCommands: [Command] {
        [
            Command(
                "subscribe", summary: "get a topic here every day at a time, or as it happens",
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

    /// The job that sends the daily topics due in the last ``catchUpMinutes`` minutes and not sent
    /// yet: each at its time in its school's zone (a channel's school, a person's own), composed
    /// by that school's plugins over its data.
    var subscriptionJob: ScheduledJob {
        ScheduledJob("send subscriptions", schedule: try! CronSchedule("* * * * *")) { context in
            let district = district(context.services)
            // Each zone's recent minutes, by local time, and the instant each fell on (the first,
            // when DST repeats it).
            var dueAt: [String: [String: Date]] = [:]
            for school in district.schools where dueAt[school.calendar.timeZone.identifier] == nil {
                var zone: [String: Date] = [:]
                for minutesAgo in (0..<Self.catchUpMinutes).reversed() {
                    let instant = context.scheduledFor.addingTimeInterval(-Double(minutesAgo) * 60)
                    let time = school.calendar.clockTime(at: instant)
                    if zone[time] == nil { zone[time] = instant }
                }
                dueAt[school.calendar.timeZone.identifier] = zone
            }
            let book = SubscriptionBook(database: context.storage.database)
            let times = Set(dueAt.values.flatMap(\.keys))
            for entry in try await book.entries(at: Array(times)) {
                guard let subscription = try await dailySubscription(entry, in: district) else { continue }
                let calendar = subscription.school.calendar
                guard let due = dueAt[calendar.timeZone.identifier]?[entry.time], entry.createdAt <= due else {
                    continue
                }
                let date = calendar.localDate(at: due)
                let key = SentSubscription.key(subscription: entry.id, on: date)
                guard !subscription.schoolDaysOnly || calendar.isSchoolDay(date),
                    try await !outbox.hasMessage(withKey: key)
                else { continue }
                let lines: [String]?
                do {
                    lines = try await self.lines(of: subscription, on: date, context).lines
                } catch {
                    context.logger.error("subscription \(entry.id) (\(entry.topic)) failed: \(error)")
                    continue
                }
                guard let lines, !lines.isEmpty else { continue }
                // A person the roster lists goes by the contact they chose with `/me notify`.
                var (adapter, target) = (entry.adapter, entry.target)
                if case .user(let identity) = target,
                    let chosen = try await RosterBook(database: context.storage.database).chosenContact(for: identity)
                {
                    (adapter, target) = (chosen.adapter, .user(chosen))
                }
                try await context.outbox.enqueue(adapter: adapter, target: target, lines: lines, idempotencyKey: key)
            }
        }
    }

    /// A daily subscription with what composes it: the school it is composed at and its topic there.
    struct DailySubscription: Sendable {
        /// The subscription.
        let entry: SubscriptionBook.Entry
        /// The school whose plugins and data compose it.
        let school: School
        /// The plugin whose topic it is.
        let pluginID: String
        /// True when it is sent on school days only.
        let schoolDaysOnly: Bool
        /// The topic's composition.
        let compose: @Sendable (SubscriptionTopic.DailyContext) async throws -> [String]?
    }

    /// `entry` at its school — the one it was made at, else its channel's or person's, else the
    /// district's first — with that school's daily topic of its name; nil when there is none.
    func dailySubscription(_ entry: SubscriptionBook.Entry, in district: District) async throws -> DailySubscription? {
        var found = entry.school.flatMap(district.school(id:))
        if found == nil { found = try await schools?.school(of: entry.target, adapter: entry.adapter) }
        let school = found ?? district.defaultSchool
        guard
            let (pluginID, topic) = (schoolTopics[school.id] ?? topics).first(where: {
                $0.topic.name == entry.topic
            }),
            case .daily(_, let schoolDaysOnly, let compose) = topic.delivery
        else { return nil }
        return DailySubscription(
            entry: entry, school: school, pluginID: pluginID, schoolDaysOnly: schoolDaysOnly, compose: compose)
    }

    /// What `subscription` sends for `date` when the job `context` runs, and the language it is
    /// written in: the reader's choice, else the school's. Lines nil or empty send nothing.
    func lines(of subscription: DailySubscription, on date: LocalDate, _ context: ScheduledJob.Context)
        async throws -> (lines: [String]?, language: Language)
    {
        let entry = subscription.entry
        let language =
            try await context.storage.database.read { [outbox] db in
                try await outbox.language(of: entry.target, adapter: entry.adapter, on: db)
            } ?? subscription.school.calendar.language
        let lines = try await subscription.compose(
            SubscriptionTopic.DailyContext(
                date: date, target: entry.target, adapter: entry.adapter, now: context.scheduledFor,
                services: context.services.at(subscription.school).handingOver(to: subscription.pluginID),
                language: language, phrasebook: phrasebooks[subscription.pluginID] ?? .untranslated))
        return (lines, language)
    }

    private func subscribe(_ context: CommandContext) async throws -> Reply {
        let words = context.words
        guard let name = context.arguments.first?.lowercased() else {
            return Reply(
                lines: [words("Topics:")]
                    + topics.map { entry in
                        let summary = context.wordsOfPlugin(entry.pluginID).translating(entry.topic.summary)
                        switch entry.topic.delivery {
                        case .daily(let time, let schoolDaysOnly, _):
                            let values: KeyValuePairs<String, String> = [
                                "topic": entry.topic.name, "summary": summary, "time": time,
                            ]
                            return schoolDaysOnly
                                ? words(
                                    "• {topic} — {summary}, at {time} on school days unless you name a time", values)
                                : words("• {topic} — {summary}, at {time} every day unless you name a time", values)
                        case .asItHappens:
                            return words(
                                "• {topic} — {summary}, as it happens", ["topic": entry.topic.name, "summary": summary])
                        }
                    }
                    + [words("Subscribe with {command} TOPIC [HH:MM].", ["command": context.typed("subscribe")])],
                visibility: .sender)
        }
        let (pluginID, topic) = try topic(named: name, context)
        let (adapter, target, channel) = try subscriber(context)
        let summary = context.wordsOfPlugin(pluginID).translating(topic.summary)
        switch topic.delivery {
        case .daily(let defaultTime, let schoolDaysOnly, _):
            guard context.arguments.count <= 2 else { throw context.usageError() }
            var time = defaultTime
            if context.arguments.count == 2 {
                guard let typed = ClockTime(parsing: context.arguments[1]) else {
                    throw UserFacingError(
                        words(
                            "the time is HH:MM in the school's time zone, like {example} or {other}",
                            ["example": "10:30", "other": "7:05"]))
                }
                time = typed.description
            }
            let previous = try await SubscriptionBook(database: context.storage.database).subscribe(
                topic.name, adapter: adapter, target: target, at: time, school: context.schoolID,
                audit: context.auditEntry("subscribe", "\(topic.name) at \(time) for \(target)"))
            let values: KeyValuePairs<String, String> = [
                "channel": channel ?? "", "summary": summary, "time": time, "previous": previous ?? "",
            ]
            if let previous, previous != time {
                return switch (channel, schoolDaysOnly) {
                case (nil, true):
                    Reply(words("Moved: you get {summary} at {time} on school days now (it was {previous}).", values))
                case (nil, false):
                    Reply(words("Moved: you get {summary} at {time} every day now (it was {previous}).", values))
                case (_?, true):
                    Reply(
                        words(
                            "Moved: {channel} gets {summary} at {time} on school days now (it was {previous}).", values)
                    )
                case (_?, false):
                    Reply(words("Moved: {channel} gets {summary} at {time} every day now (it was {previous}).", values))
                }
            }
            return switch (channel, schoolDaysOnly) {
            case (nil, true): Reply(words("Subscribed: you get {summary} at {time} on school days.", values))
            case (nil, false): Reply(words("Subscribed: you get {summary} at {time} every day.", values))
            case (_?, true): Reply(words("Subscribed: {channel} gets {summary} at {time} on school days.", values))
            case (_?, false): Reply(words("Subscribed: {channel} gets {summary} at {time} every day.", values))
            }
        case .asItHappens(let subscribe, _, _):
            guard context.arguments.count == 1 else {
                throw UserFacingError(
                    words(
                        "{topic} comes as it happens, without a time: {command}",
                        ["topic": topic.name, "command": "\(context.typed("subscribe")) \(topic.name)"]))
            }
            let changed = try await subscribe(context.handingOver(to: pluginID, arguments: []))
            let values: KeyValuePairs<String, String> = ["channel": channel ?? "", "summary": summary]
            return switch (changed, channel) {
            case (true, nil): Reply(words("Subscribed: you get {summary} as it happens.", values))
            case (true, _?): Reply(words("Subscribed: {channel} gets {summary} as it happens.", values))
            case (false, nil): Reply(words("Already subscribed: you get {summary} as it happens.", values))
            case (false, _?): Reply(words("Already subscribed: {channel} gets {summary} as it happens.", values))
            }
        }
    }

    private func unsubscribe(_ context: CommandContext) async throws -> Reply {
        guard context.arguments.count == 1 else { throw context.usageError() }
        let words = context.words
        let (pluginID, topic) = try topic(named: context.arguments[0].lowercased(), context)
        let (adapter, target, channel) = try subscriber(context)
        let removed: Bool
        switch topic.delivery {
        case .daily:
            removed = try await SubscriptionBook(database: context.storage.database).unsubscribe(
                topic.name, adapter: adapter, target: target,
                audit: context.auditEntry("unsubscribe", "\(topic.name) for \(target)"))
        case .asItHappens(_, let unsubscribe, _):
            removed = try await unsubscribe(context.handingOver(to: pluginID, arguments: []))
        }
        let values: KeyValuePairs<String, String> = ["channel": channel ?? "", "topic": topic.name]
        guard removed else {
            throw UserFacingError(
                channel == nil
                    ? words("you are not subscribed to {topic}", values)
                    : words("{channel} is not subscribed to {topic}", values))
        }
        return Reply(
            channel == nil
                ? words("Unsubscribed you from {topic}.", values)
                : words("Unsubscribed {channel} from {topic}.", values))
    }

    private func listSubscriptions(_ context: CommandContext) async throws -> Reply {
        let words = context.words
        let channel = context.message.conversation.channelName
        let lines = try await subscriptions(of: context).map { entry in
            let summary =
                topics.first { $0.topic.name == entry.topic.name }
                .map { context.wordsOfPlugin($0.pluginID).translating(entry.topic.summary) } ?? entry.topic.summary
            let values: KeyValuePairs<String, String> = [
                "topic": entry.topic.name, "time": entry.time ?? "", "summary": summary,
            ]
            return entry.time == nil
                ? words("• {topic} as it happens — {summary}", values)
                : words("• {topic} at {time} — {summary}", values)
        }
        guard !lines.isEmpty else {
            let values: KeyValuePairs<String, String> = [
                "channel": channel ?? "", "command": context.typed("subscribe"),
            ]
            return Reply(
                channel == nil
                    ? words("No subscriptions for you. {command} lists the topics.", values)
                    : words("No subscriptions for {channel}. {command} lists the topics.", values),
                visibility: .sender)
        }
        return Reply(
            lines: [
                channel == nil
                    ? words("Subscriptions for you:")
                    : words("Subscriptions for {channel}:", ["channel": channel ?? ""])
            ] + lines, visibility: .sender)
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
            let words = context.words
            throw UserFacingError(
                words(
                    "no topic {topic} — the topics are {topics}",
                    ["topic": name, "topics": words.items(topics.map(\.topic.name))]))
        }
        return (entry.pluginID, entry.topic)
    }

    /// Where a subscription typed here delivers: the channel (with `subscribe.channel`), or the
    /// person in a direct message; and the channel's name, nil for the person.
    private func subscriber(_ context: CommandContext) throws(UserFacingError) -> (String, DeliveryTarget, String?) {
        let target = context.conversationTarget
        if case .channel = target { try context.require("subscribe.channel") }
        return (context.conversationAdapter, target, context.message.conversation.channelName)
    }
}
