import HomeroomCore

extension LunchPlugin {
    /// `/lunch [DATE | week]`.
    @Sendable func show(_ context: CommandContext) async throws -> Reply {
        if !context.arguments.isEmpty {
            let text = context.arguments.joined(separator: " ").lowercased()
            if text == "week" || text == "this week" {
                return Reply(lines: try await weekLines(around: context.today, context))
            }
        }
        return Reply(lines: try await dayLines(for: try context.dateArgument(), context))
    }

    /// The answer for one day: its menu, or why there is none and the next posted one.
    func dayLines(for date: LocalDate, _ context: CommandContext) async throws -> [String] {
        let key = LunchAnswerCache.Key.day(date)
        if let cached = cache.lines(for: key, at: context.now) { return cached }
        let store = LunchMenuStore(storage: context.storage)
        let menus = try await store.menus(in: date...date.adding(days: settings.lookAheadDays))
        let always = try await store.alwaysDishes()
        var lines: [String]
        if let menu = menus[date], !menu.isEmpty {
            lines = ["Lunch for \(date.longName):"] + LunchMenuFormatter.lines(of: menu, always: always)
        } else {
            let why = context.school.isSchoolDay(date) ? "no lunch menu is posted" : "no school"
            lines = ["\(date.longName): \(why)."]
            if let next = menus.values.filter({ $0.date > date && !$0.isEmpty }).min(by: { $0.date < $1.date }) {
                lines.append("Next menu, \(next.date.longName):")
                lines += LunchMenuFormatter.lines(of: next, always: always)
            } else {
                lines.append("No menu is posted for the \(settings.lookAheadDays) days after it either.")
                lines += LunchMenuFormatter.alwaysLine(always)
            }
        }
        cache.store(lines, for: key, at: context.now)
        return lines
    }

    /// Monday to Friday of this week; on a Saturday or Sunday, of the coming week.
    func weekLines(around today: LocalDate, _ context: CommandContext) async throws -> [String] {
        let monday = today.weekday >= .saturday ? today.mondayOfWeek.adding(days: 7) : today.mondayOfWeek
        let key = LunchAnswerCache.Key.week(monday)
        if let cached = cache.lines(for: key, at: context.now) { return cached }
        let store = LunchMenuStore(storage: context.storage)
        let friday = monday.adding(days: 4)
        let menus = try await store.menus(in: monday...friday)
        var lines = ["Lunch, \(monday.shortName) – \(friday.shortName):"]
        for offset in 0..<5 {
            let date = monday.adding(days: offset)
            lines.append(LunchMenuFormatter.weekLine(date, menus[date], isSchoolDay: context.school.isSchoolDay(date)))
        }
        lines += LunchMenuFormatter.alwaysLine(try await store.alwaysDishes())
        cache.store(lines, for: key, at: context.now)
        return lines
    }
}
