import CivilDates
import HomeroomCore

extension LunchPlugin {
    /// `/lunch [DATE | week | next week]`; in a channel with a one- or two-line form for the class.
    @Sendable func show(_ context: CommandContext) async throws -> Reply {
        if let week = WeekExpression(context.arguments) {
            let answer = try await weekAnswer(around: week.nextMonday(after: context.today) ?? context.today, context)
            return CompactAnswer.reply(answer.lines, compact: answer.compact, for: context)
        }
        let answer = try await dayAnswer(for: try context.dateArgument(), context)
        return CompactAnswer.reply(answer.lines, compact: answer.compact, for: context)
    }

    /// The answer for one day: its menu, or why there is none and the next posted one.
    func dayAnswer(for date: LocalDate, _ context: CommandContext) async throws -> LunchAnswer {
        let key = LunchAnswer.Key.day(date, school: context.schoolID, context.language)
        if let cached = cache.value(for: key, at: context.now) { return cached }
        let generation = cache.generation
        let store = LunchMenuStore(storage: context.storage)
        let menus = try await store.menus(in: date...date.adding(days: settings.lookAheadDays))
        let always = try await store.alwaysDishes()
        let isSchoolDay = context.school.isSchoolDay(date)
        let words = context.words
        var lines: [String]
        var next: LunchMenu?
        if let menu = menus[date], !menu.isEmpty {
            lines =
                [words("Lunch for {date}:", ["date": words.date(date)])]
                + LunchMenuFormatter.lines(of: menu, always: always, words)
        } else {
            lines = [
                isSchoolDay
                    ? words("{date}: no lunch menu is posted.", ["date": words.date(date)])
                    : words("{date}: no school.", ["date": words.date(date)])
            ]
            next = menus.values.filter({ $0.date > date && !$0.isEmpty }).min(by: { $0.date < $1.date })
            if let next {
                lines.append(words("Next menu, {date}:", ["date": words.date(next.date)]))
                lines += LunchMenuFormatter.lines(of: next, always: always, words)
            } else {
                lines.append(
                    words.plural(
                        "No menu is posted for the {count} day after it either.",
                        "No menu is posted for the {count} days after it either.", count: settings.lookAheadDays))
                lines += LunchMenuFormatter.alwaysLine(always, words)
            }
        }
        let answer = LunchAnswer(
            lines: lines,
            compact: LunchMenuFormatter.compactDay(
                date, menus[date], isSchoolDay: isSchoolDay, next: next, lookAheadDays: settings.lookAheadDays,
                words))
        cache.store(answer, for: key, at: context.now, readSince: generation)
        return answer
    }

    /// Monday to Friday of this week; on a Saturday or Sunday, of the coming week.
    func weekAnswer(around today: LocalDate, _ context: CommandContext) async throws -> LunchAnswer {
        let monday = today.weekday >= .saturday ? today.mondayOfWeek.adding(days: 7) : today.mondayOfWeek
        let key = LunchAnswer.Key.week(monday, school: context.schoolID, context.language)
        if let cached = cache.value(for: key, at: context.now) { return cached }
        let generation = cache.generation
        let store = LunchMenuStore(storage: context.storage)
        let friday = monday.adding(days: 4)
        let menus = try await store.menus(in: monday...friday)
        let days = (0..<5).map { offset in
            let date = monday.adding(days: offset)
            return (date: date, menu: menus[date], isSchoolDay: context.school.isSchoolDay(date))
        }
        let words = context.words
        let lines =
            [
                words(
                    "Lunch, {first} – {last}:",
                    ["first": words.date(monday, .short), "last": words.date(friday, .short)])
            ]
            + days.map { LunchMenuFormatter.weekLine($0.date, $0.menu, isSchoolDay: $0.isSchoolDay, words) }
            + LunchMenuFormatter.alwaysLine(try await store.alwaysDishes(), words)
        let answer = LunchAnswer(lines: lines, compact: LunchMenuFormatter.compactWeek(days, words))
        cache.store(answer, for: key, at: context.now, readSince: generation)
        return answer
    }
}
