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
            let name = context.arguments[0].lowercased()
            var slots: [DayType.Slot] = []
            for text in context.arguments.dropFirst() { slots.append(try DayType.Slot(parsing: text)) }
            let sorted = slots.sorted { $0.startMinute < $1.startMinute }
            for (earlier, later) in zip(sorted, sorted.dropFirst()) where later.startMinute < earlier.endMinute {
                throw UserFacingError("\"\(earlier.text)\" and \"\(later.text)\" overlap")
            }
            let type = DayType(name: name, slots: sorted)
            let store = ScheduleStore(storage: context.storage)
            _ = try await context.auditedWrite(
                "schedule.daytype.set", "\(name): \(sorted.map(\.text).joined(separator: "; "))"
            ) { db in
                try await store.saveDayType(type, on: db)
                return true
            }
            days.invalidate()
            return Reply(lines: ["Saved day type \"\(name)\":"] + sorted.map(\.text))
        }
    }

    var dayTypeListCommand: Command {
        Command(
            "daytype list", summary: "the day types and their periods",
            examples: [.init("schedule daytype list", "every day type", answerContains: "minimum day: ")],
            access: .restricted
        ) { context in
            let types = try await ScheduleStore(storage: context.storage).dayTypes()
            guard !types.isEmpty else {
                return Reply("No day types yet. Define one with \(context.typed("schedule daytype set")).")
            }
            return Reply(lines: types.map { "\($0.name): \($0.slots.map(\.text).joined(separator: "; "))" })
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
            let removed = try await context.auditedWrite("schedule.daytype.remove", name) { db in
                try await store.removeDayType(name, on: db) ? true : nil
            }
            days.invalidate()
            return removed == nil ? .error("There is no day type \"\(name)\".") : Reply("Removed day type \"\(name)\".")
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
            guard let date = try? DateExpression.parse(context.arguments[0], today: context.today) else {
                throw context.usageError("\"\(context.arguments[0])\" is not a date")
            }
            let store = ScheduleStore(storage: context.storage)
            let word = context.arguments[1].lowercased()
            let assignment: ScheduleStore.Assignment
            if ["off", "none", "no school", "closed"].contains(word) {
                let note = context.arguments.dropFirst(2).joined(separator: " ")
                assignment = .init(date: date, dayType: nil, note: note.isEmpty ? nil : note)
            } else {
                let types = try await store.dayTypes()
                guard types.contains(where: { $0.name == word }) else {
                    let known = types.map(\.name)
                    throw UserFacingError(
                        "There is no day type \"\(word)\"."
                            + (known.isEmpty ? " Define one first." : " Known: \(known.joined(separator: ", ")).")
                            + " Use \"off\" for a day without school.")
                }
                assignment = .init(
                    date: date, dayType: word, note: context.arguments.dropFirst(2).joined(separator: " ").nilIfEmpty)
            }
            let (user, now) = (context.caller.user, context.now)
            _ = try await context.auditedWrite(
                "schedule.assign", "\(date.iso) \(assignment.dayType ?? "off") \(assignment.note ?? "")"
            ) { db in
                try await store.assign(assignment, by: user, at: now, on: db)
                return true
            }
            days.invalidate()
            if let type = assignment.dayType { return Reply("\(date.longName) now runs the \"\(type)\" schedule.") }
            return Reply("\(date.longName) is now a day without school\(assignment.note.map { " (\($0))" } ?? "").")
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
            let removed = try await context.auditedWrite("schedule.unassign", date.iso) { db in
                try await store.unassign(date, on: db) ? true : nil
            }
            days.invalidate()
            return removed == nil
                ? .error("\(date.longName) had no day type assigned.")
                : Reply("\(date.longName) follows the regular schedule again.")
        }
    }

    var refreshCommand: Command {
        Command(
            "refresh", summary: "fetch the calendar feed now",
            examples: [
                .init("schedule refresh", "read the feed again without waiting", answerContains: "bell schedule feed")
            ], access: .restricted
        ) { context in
            guard let refresher = source.refresher else {
                return .error("No calendar feed is configured (plugins.schedule.calendarURL).")
            }
            let outcome = try await refresher.refresh(
                storage: context.storage, fetcher: context.fetcher, now: context.now, logger: context.logger)
            source.invalidate()
            days.invalidate()
            switch outcome {
            case .updated(let events): return Reply("Fetched the bell schedule feed: \(events) events.")
            case .unchanged: return Reply("The bell schedule feed has not changed.")
            case .failed(let reason):
                return .error("The feed was not updated: \(reason). The last good copy keeps serving.")
            }
        }
    }

    var statusCommand: Command {
        Command(
            "status", summary: "where the schedule comes from and how the feed is doing",
            examples: [.init("schedule status", "source, last fetch, errors", answerContains: "Source")],
            access: .restricted
        ) { context in
            var lines: [String]
            switch source.origin {
            case .none:
                lines = [
                    "Source: day types only" + (settings.defaultDayType.map { " (\"\($0)\" on school days)" } ?? "")
                        + "."
                ]
            case .file(let path):
                lines = ["Source: the file \(path)."]
            case .feed(let url):
                lines = ["Source: the feed \(url.redacted), refreshed every \(settings.refreshMinutes) min."]
                if let state = try await ScheduleStore(storage: context.storage).feedState(for: url.absoluteString) {
                    if state.hasBody {
                        lines.append(
                            "Last good copy: \(Self.ago(state.fetchedAt, context.now)) "
                                + "(\(state.bodyLength) characters).")
                    }
                    lines.append("Last checked: \(Self.ago(state.checkedAt, context.now)).")
                    if let since = state.failingSince, let error = state.lastError {
                        lines.append("Failing since \(Self.ago(since, context.now)): \(error).")
                    }
                } else {
                    lines.append("Not fetched yet.")
                }
            }
            let types = try await ScheduleStore(storage: context.storage).dayTypes()
            lines.append("Day types: \(types.isEmpty ? "none" : types.map(\.name).joined(separator: ", ")).")
            return Reply(lines: lines)
        }
    }

    static func ago(_ date: Date, _ now: Date) -> String {
        let minutes = Int(now.timeIntervalSince(date) / 60)
        if minutes < 1 { return "just now" }
        return "\(ScheduleFormatter.duration(minutes: minutes)) ago"
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
