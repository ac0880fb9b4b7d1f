import CivilDates
import HomeroomCore

extension SchedulePlugin {
    /// The month's school weeks as a table, a row a week and a column a weekday (Saturday and
    /// Sunday only when the school holds classes then). Each day says what runs and where that
    /// comes from, with a form to give it a day type, make it a day without school, or let it follow
    /// the calendar again.
    func monthTable(_ month: ScheduleMonth, _ request: ConsoleRequest) async throws -> ConsoleTable {
        let words = request.words
        let store = ScheduleStore(storage: request.storage)
        let days = month.days
        let assignments = try await store.assignments(in: days[0]...days[days.count - 1])
        let choices =
            [(value: "", label: words("Follow the calendar")), (value: "off", label: words("No school"))]
            + (try await store.dayTypes()).map { (value: $0.name, label: $0.name) }
        let weekdays = Weekday.allCases.filter { $0 <= .friday || request.school.schoolDays.contains($0) }
        var rows: [[ConsoleCell]] = []
        var monday = days[0].mondayOfWeek
        while monday <= days[days.count - 1] {
            var row: [ConsoleCell] = []
            for weekday in weekdays {
                let date = monday.adding(days: weekday.rawValue - 1)
                guard date.month == month.first.month else {
                    row.append(.empty)
                    continue
                }
                let day = try await day(date, request.services, words)
                row.append(dayCell(day, assignment: assignments[date], choices: choices, request.school, words))
            }
            if row.contains(where: { if case .empty = $0 { false } else { true } }) { rows.append(row) }
            monday = monday.adding(days: 7)
        }
        return ConsoleTable(
            caption: month.name(words),
            columns: weekdays.map { words.date(days[0].mondayOfWeek.adding(days: $0.rawValue - 1), .weekday) },
            rows: rows)
    }

    /// One day of the month: its date, what runs and where that comes from, as the label of the
    /// form that changes it.
    private func dayCell(
        _ day: DaySchedule, assignment: ScheduleStore.Assignment?, choices: [(value: String, label: String)],
        _ school: SchoolCalendar, _ words: Words
    ) -> ConsoleCell {
        let date = words.date(day.date, .monthDay)
        let gist = ScheduleFormatter.gist(of: day, at: nil, school, classes: [:], words)
        let label: String
        switch day.source {
        case .dayType where assignment == nil:
            label = words("{date}, by default: {day}", ["date": date, "day": gist])
        case .dayType, .noSchool:
            label = words("{date}, assigned: {day}", ["date": date, "day": gist])
        case .calendar:
            label = words("{date}, from the calendar: {day}", ["date": date, "day": gist])
        case .nothing:
            label = words("{date}: {day}", ["date": date, "day": gist])
        }
        let current = assignment.map { $0.dayType ?? "off" } ?? ""
        return .labelledForm(
            ConsoleForm(
                action: "assign", fields: [ConsoleField("type", label: label, value: current, kind: .choice(choices))],
                hidden: ["date": day.date.iso], submit: words("Set")))
    }
}
