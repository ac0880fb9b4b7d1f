import CivilDates
import Foundation
import HomeroomCore
import ICalendar

extension SchedulePlugin {
    /// How far ahead "the next school day" is looked for.
    static let lookAheadDays = 21
    /// A timed calendar item longer than this is an all-day note (a testing window), not a period.
    static let longestPeriod: TimeInterval = 12 * 3600

    /// What a cached day is: its date, its school (whose day types, days off and time zone it
    /// was built with) and the version of the bell calendar it was built from, so a newer calendar
    /// never answers from a day built on the old one.
    struct DayKey: Hashable, Sendable {
        var date: LocalDate
        var school: String
        var calendarVersion: String?
    }

    /// One day's schedule: an admin's assignment for the date, else the calendar, else the default
    /// day type on school days.
    func day(_ date: LocalDate, _ context: CommandContext) async throws -> DaySchedule {
        try await day(date, context.services, context.words)
    }

    /// One day's schedule, read with the plugin's `services` (a console page has no command
    /// context); what cannot be read is said in the language of `words`.
    func day(_ date: LocalDate, _ services: PluginServices, _ words: Words) async throws -> DaySchedule {
        let (storage, school, now) = (services.storage, services.school, services.clock.now)
        let calendar = try await source.calendar(
            storage: storage, fetcher: services.fetcher, now: now, school: school, logger: services.logger, words)
        let key = DayKey(date: date, school: services.schoolID, calendarVersion: source.loadedVersion)
        if let cached = days.value(for: key, at: now) { return cached }
        let generation = days.generation
        let store = ScheduleStore(storage: storage)
        let assignment = try await store.assignments(in: date...date)[date]
        let built: DaySchedule
        if let assignment, assignment.dayType == nil {
            // Without a note, the day says "No school" in the reader's language (`ScheduleFormatter.notes`).
            built = DaySchedule(
                date: date, periods: [], notes: assignment.note.map { [$0] } ?? [], source: .noSchool)
        } else if let name = assignment?.dayType
            ?? (calendar == nil && school.isSchoolDay(date) ? settings.defaultDayType : nil),
            let type = try await store.dayTypes().first(where: { $0.name == name })
        {
            built = Self.day(date, of: type, school: school, note: assignment?.note)
        } else if let calendar {
            built = try Self.day(date, from: calendar, school: school, words)
        } else {
            built = DaySchedule(date: date, periods: [], notes: [], source: .nothing)
        }
        days.store(built, for: key, at: now, readSince: generation)
        return built
    }

    /// The first day after `date` with classes, within ``lookAheadDays``.
    func nextDayWithClasses(after date: LocalDate, _ context: CommandContext) async throws -> DaySchedule? {
        for offset in 1...Self.lookAheadDays {
            let candidate = try await day(date.adding(days: offset), context)
            if candidate.hasClasses { return candidate }
        }
        return nil
    }

    static func day(_ date: LocalDate, of type: DayType, school: SchoolCalendar, note: String?) -> DaySchedule {
        let periods = type.slots.map { slot in
            BellPeriod(
                name: slot.name,
                start: school.instant(on: date, hour: slot.startMinute / 60, minute: slot.startMinute % 60),
                end: school.instant(on: date, hour: slot.endMinute / 60, minute: slot.endMinute % 60))
        }
        return DaySchedule(date: date, periods: periods, notes: note.map { [$0] } ?? [], source: .dayType(type.name))
    }

    /// The day `date` of the bell calendar; what cannot be expanded is said in the language of `words`.
    static func day(_ date: LocalDate, from calendar: VCalendar, school: SchoolCalendar, _ words: Words) throws
        -> DaySchedule
    {
        let zone = ZoneRules.system(school.timeZone.identifier)
        let occurrences: [Occurrence]
        do {
            occurrences = try calendar.occurrences(
                from: school.startOfDay(date), to: school.startOfDay(date.adding(days: 1)), localZone: zone)
        } catch {
            throw UserFacingError(
                words("The bell schedule has an event that cannot be expanded ({error}).", ["error": "\(error)"]))
        }
        var periods: [BellPeriod] = []
        var notes: [String] = []
        for occurrence in occurrences {
            let name = occurrence.summary?.trimmingCharacters(in: .whitespaces) ?? ""
            guard !name.isEmpty else { continue }
            if occurrence.isAllDay || occurrence.endInstant.timeIntervalSince(occurrence.startInstant) > longestPeriod {
                if !notes.contains(name) { notes.append(name) }
            } else {
                periods.append(BellPeriod(name: name, start: occurrence.startInstant, end: occurrence.endInstant))
            }
        }
        return DaySchedule(date: date, periods: periods, notes: notes, source: .calendar)
    }
}
