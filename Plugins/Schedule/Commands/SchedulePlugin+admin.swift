import CivilDates
import Foundation
import HomeroomCore

extension SchedulePlugin {
    var dayTypeSetCommand: Command {
        Command(
            "daytype set", summary: "define a day type: its periods with 24-hour times",
            usage: "NAME \"8:00-8:50 Period 1\" \"8:55-9:45 Period 2\" …",
            examples: [
                .init(
                    "schedule daytype set \"minimum day\" \"8:00-8:35 Period 1\" \"8:40-9:15 Period 2\" \"9:20-9:55 Period 3\"",
                    "a minimum day with three short periods", answerContains: "Saved day type \"minimum day\"")
            ],
            access: .restricted
        ) { context in
            guard context.arguments.count >= 2 else { throw context.usageError() }
            let words = context.words
            let name = context.arguments[0].lowercased()
            var slots: [DayType.Slot] = []
            for text in context.arguments.dropFirst() { slots.append(try DayType.Slot(parsing: text, words)) }
            let sorted = slots.sorted { $0.startMinute < $1.startMinute }
            for (earlier, later) in zip(sorted, sorted.dropFirst()) where later.startMinute < earlier.endMinute {
                throw UserFacingError(
                    words("\"{first}\" and \"{second}\" overlap", ["first": earlier.text, "second": later.text]))
            }
            let type = DayType(name: name, slots: sorted)
            let store = ScheduleStore(storage: context.storage)
            let (storage, now, coming) = (context.storage, context.now, comingDays(context))
            _ = try await context.auditedWrite(
                "schedule.daytype.set", "\(name): \(sorted.map(\.text).joined(separator: "; "))"
            ) { db in
                try await store.saveDayType(type, on: db)
                for day in coming { try await storage.markChanged(day, at: now, in: db) }
                return true
            }
            days.invalidate()
            return Reply(
                lines: [words("Saved day type \"{dayType}\":", ["dayType": name])] + sorted.map { words.mark($0.text) })
        }
    }

    var dayTypeListCommand: Command {
        Command(
            "daytype list", summary: "the day types and their periods",
            examples: [.init("schedule daytype list", "every day type", answerContains: "minimum day: ")],
            access: .restricted
        ) { context in
            let types = try await ScheduleStore(storage: context.storage).dayTypes()
            let words = context.words
            guard !types.isEmpty else {
                return Reply(
                    words(
                        "No day types yet. Define one with {command}.",
                        ["command": context.typed("schedule daytype set")]))
            }
            return Reply(
                lines: types.map {
                    words(
                        "{dayType}: {periods}",
                        ["dayType": $0.name, "periods": ScheduleFormatter.series($0.slots.map(\.text), words)])
                })
        }
    }

    var dayTypeRemoveCommand: Command {
        Command(
            "daytype remove", summary: "delete a day type", usage: "NAME",
            examples: [
                .init(
                    "schedule daytype remove \"minimum day\"", "no more minimum day type",
                    answerContains: "Removed day type \"minimum day\"")
            ],
            access: .restricted
        ) { context in
            guard context.arguments.count == 1 else { throw context.usageError() }
            let name = context.arguments[0].lowercased()
            let store = ScheduleStore(storage: context.storage)
            let (storage, now, coming) = (context.storage, context.now, comingDays(context))
            let removed = try await context.auditedWrite("schedule.daytype.remove", name) { db -> Bool? in
                guard try await store.removeDayType(name, on: db) else { return nil }
                for day in coming { try await storage.markChanged(day, at: now, in: db) }
                return true
            }
            days.invalidate()
            let words = context.words
            return removed == nil
                ? .error(words("There is no day type \"{dayType}\".", ["dayType": name]))
                : Reply(words("Removed day type \"{dayType}\".", ["dayType": name]))
        }
    }

    var assignCommand: Command {
        Command(
            "assign", summary: "give a date a day type, or make it a day without school",
            usage: "DATE DAYTYPE | DATE off [NOTE]",
            examples: [
                .init(
                    "schedule assign 2026-12-03 \"minimum day\"", "December 3 runs the minimum day schedule",
                    answerContains: "now runs the \"minimum day\" schedule"),
                .init(
                    "schedule assign friday off \"Staff development\"", "no classes on Friday",
                    answerContains: "is now a day without school (Staff development)"),
            ],
            access: .restricted
        ) { context in
            guard context.arguments.count >= 2 else { throw context.usageError() }
            let words = context.words
            guard let date = try? DateExpression.parse(context.arguments[0], today: context.today) else {
                throw context.usageError(words("\"{date}\" is not a date", ["date": context.arguments[0]]))
            }
            let store = ScheduleStore(storage: context.storage)
            let word = context.arguments[1].lowercased()
            let assignment: ScheduleStore.Assignment
            if ["off", "none", "no school", "closed"].contains(word) {
                let note = context.arguments.dropFirst(2).joined(separator: " ")
                assignment = .init(date: date, dayType: nil, note: note.isEmpty ? nil : note)
            } else {
                let types = try await store.dayTypes()
                guard types.contains(where: { $0.name == word }) else { throw noDayType(word, known: types, words) }
                assignment = .init(
                    date: date, dayType: word, note: context.arguments.dropFirst(2).joined(separator: " ").nilIfEmpty)
            }
            let (user, now, storage) = (context.caller.user, context.now, context.storage)
            _ = try await context.auditedWrite(
                "schedule.assign", "\(date.iso) \(assignment.dayType ?? "off") \(assignment.note ?? "")"
            ) { db in
                try await store.assign(assignment, by: user, at: now, on: db)
                try await storage.markChanged(date, at: now, in: db)
                return true
            }
            days.invalidate()
            if let type = assignment.dayType {
                return Reply(
                    words("{date} now runs the \"{dayType}\" schedule.", ["date": words.date(date), "dayType": type]))
            }
            guard let note = assignment.note else {
                return Reply(words("{date} is now a day without school.", ["date": words.date(date)]))
            }
            return Reply(
                words("{date} is now a day without school ({note}).", ["date": words.date(date), "note": note]))
        }
    }

    var unassignCommand: Command {
        Command(
            "unassign", summary: "let a date follow the calendar again", usage: "DATE",
            examples: [
                .init("schedule unassign 2026-12-03", "December 3 follows the calendar", answerContains: "follows the")
            ], access: .restricted
        ) { context in
            let date = try context.dateArgument()
            let store = ScheduleStore(storage: context.storage)
            let (storage, now) = (context.storage, context.now)
            let removed = try await context.auditedWrite("schedule.unassign", date.iso) { db -> Bool? in
                guard try await store.unassign(date, on: db) else { return nil }
                try await storage.markChanged(date, at: now, in: db)
                return true
            }
            days.invalidate()
            let words = context.words
            return removed == nil
                ? .error(words("{date} had no day type assigned.", ["date": words.date(date)]))
                : Reply(words("{date} follows the regular schedule again.", ["date": words.date(date)]))
        }
    }

    var refreshCommand: Command {
        Command(
            "refresh", summary: "fetch the calendar feed now",
            examples: [
                .init("schedule refresh", "read the feed again without waiting", answerContains: "bell schedule feed")
            ], access: .restricted
        ) { context in
            let words = context.words
            guard let refresher = source.refresher else {
                return .error(
                    words(
                        "No calendar feed is configured ({setting}).", ["setting": "plugins.schedule.calendarURL"]))
            }
            let outcome = try await refresher.refresh(
                storage: context.storage, fetcher: context.fetcher, now: context.now, school: context.school,
                logger: context.logger)
            source.invalidate()
            days.invalidate()
            switch outcome {
            case .updated(let events):
                return Reply(
                    words.plural(
                        "Fetched the bell schedule feed: {count} event.",
                        "Fetched the bell schedule feed: {count} events.", count: events))
            case .unchanged: return Reply(words("The bell schedule feed has not changed."))
            case .failed(let reason):
                return .error(
                    words("The feed was not updated: {reason}. The last good copy keeps serving.", ["reason": reason]))
            }
        }
    }

    var statusCommand: Command {
        Command(
            "status", summary: "where the schedule comes from and how the feed is doing",
            examples: [.init("schedule status", "source, last fetch, errors", answerContains: "Source")],
            access: .restricted
        ) { context in
            let words = context.words
            var lines: [String]
            switch source.origin {
            case .none:
                lines = [
                    settings.defaultDayType.map {
                        words("Source: day types only (\"{dayType}\" on school days).", ["dayType": $0])
                    } ?? words("Source: day types only.")
                ]
            case .file(let path):
                lines = [words("Source: the file {path}.", ["path": path])]
            case .feed(let url):
                lines = [
                    words.plural(
                        "Source: the feed {url}, refreshed every {count} min.",
                        "Source: the feed {url}, refreshed every {count} min.", count: settings.refreshMinutes,
                        ["url": url.redacted])
                ]
                if let state = try await ScheduleStore(storage: context.storage).feedState(for: url.absoluteString) {
                    if state.hasBody {
                        lines.append(
                            words.plural(
                                "Last good copy: {ago} ({count} character).",
                                "Last good copy: {ago} ({count} characters).", count: state.bodyLength,
                                ["ago": Self.ago(state.fetchedAt, context.now, words)]))
                    }
                    lines.append(words("Last checked: {ago}.", ["ago": Self.ago(state.checkedAt, context.now, words)]))
                    if let since = state.failingSince, let error = state.lastError {
                        lines.append(
                            words(
                                "Failing since {ago}: {error}.",
                                ["ago": Self.ago(since, context.now, words), "error": error]))
                    }
                } else {
                    lines.append(words("Not fetched yet."))
                }
            }
            let types = try await ScheduleStore(storage: context.storage).dayTypes()
            lines.append(
                types.isEmpty
                    ? words("Day types: none.")
                    : words("Day types: {names}.", ["names": words.items(types.map(\.name))]))
            return Reply(lines: lines)
        }
    }

    /// The days whose schedules a change to a day type changes for those who got them already:
    /// today's and tomorrow's.
    private func comingDays(_ context: CommandContext) -> [LocalDate] {
        [context.today, context.today.adding(days: 1)]
    }

    /// That `name` is no day type: the `known` ones, or that there are none, and "off" for a day without school.
    func noDayType(_ name: String, known: [DayType], _ words: Words) -> UserFacingError {
        guard !known.isEmpty else {
            return UserFacingError(
                words(
                    "There is no day type \"{dayType}\". Define one first. Use \"{off}\" for a day without school.",
                    ["dayType": name, "off": "off"]))
        }
        return UserFacingError(
            words(
                "There is no day type \"{dayType}\". Known: {known}. Use \"{off}\" for a day without school.",
                ["dayType": name, "known": words.items(known.map(\.name)), "off": "off"]))
    }

    /// `just now`, `15 min ago`, `2 h ago`.
    static func ago(_ date: Date, _ now: Date, _ words: Words) -> String {
        let minutes = Int(now.timeIntervalSince(date) / 60)
        if minutes < 1 { return words("just now") }
        return words("{duration} ago", ["duration": ScheduleFormatter.duration(minutes: minutes, words)])
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
