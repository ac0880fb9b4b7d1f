import CivilDates
import Foundation
import HomeroomTesting
import Testing

@testable import ICalendar

/// Calendars shaped so that reading or expanding them would cost more than their size: overrides
/// searched at every instance, rule lists scanned at every step, a million parameter values, a long
/// SUMMARY copied into every occurrence. Each costs about what a plain calendar of the same size or
/// the same number of instances costs, measured in the same run.
@Suite struct CalendarCostTests {
    func calendar(_ lines: [String]) throws -> VCalendar {
        try VCalendar(text: lines.joined(separator: "\r\n") + "\r\n")
    }

    /// `YYYYMMDD` of the day `offset` days after 2020-01-01.
    func day(_ offset: Int) -> String {
        let date = LocalDate(daysSinceEpoch: LocalDate(year: 2020, month: 1, day: 1)!.daysSinceEpoch + offset)
        return String(format: "%04d%02d%02d", date.year, date.month, date.day)
    }

    /// A daily series with a THISANDFUTURE override every other day, each moving the rest an hour later.
    func movedSeries(overrides: Int) throws -> VCalendar {
        var lines = [
            "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:s", "DTSTART:20200101T090000Z", "DURATION:PT1H",
            "RRULE:FREQ=DAILY", "SUMMARY:Daily", "END:VEVENT",
        ]
        for index in 0..<overrides {
            lines += [
                "BEGIN:VEVENT", "UID:s", "RECURRENCE-ID;RANGE=THISANDFUTURE:\(day(2 * index))T090000Z",
                "DTSTART:\(day(2 * index))T100000Z", "DURATION:PT1H", "SUMMARY:Moved \(index)", "END:VEVENT",
            ]
        }
        return try calendar(lines + ["END:VCALENDAR"])
    }

    func occurrences(_ calendar: VCalendar, days: Int) throws -> [Occurrence] {
        let first = LocalDate(year: 2020, month: 1, day: 1)!
        return try calendar.occurrences(
            fromDay: first, toDay: LocalDate(daysSinceEpoch: first.daysSinceEpoch + days))
    }

    @Test func thisAndFutureOverridesAreFollowedInOrderNotSearchedAtEachInstance() throws {
        let count = 2_000
        let small = try movedSeries(overrides: count)
        let large = try movedSeries(overrides: 2 * count)
        let moved = try occurrences(small, days: 2 * count)
        #expect(moved.count == 2 * count)
        // The instance after an override's own is moved by it.
        #expect(moved[3].summary == "Moved 1")
        #expect(moved[3].start == .dateTime(CivilDateTime(year: 2020, month: 1, day: 4, hour: 10), .utc))
        let ratio = try CostRatio.of(
            { _ = try occurrences(large, days: 4 * count) }, against: { _ = try occurrences(small, days: 2 * count) })
        #expect(ratio < 3, "twice the overrides and instances took \(ratio) times as long")
    }

    /// Every BYDAY entry a rule can hold (each weekday, and each of its 53 first and last), written
    /// `copies` times over.
    func everyWeekday(copies: Int) -> String {
        let days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        let entries = days + days.flatMap { day in (1...53).flatMap { ["\($0)\(day)", "-\($0)\(day)"] } }
        return Array(repeating: entries.joined(separator: ","), count: copies).joined(separator: ",")
    }

    /// Expands `rule` from 2020 until its step limit; the instances.
    func expandToTheLimit(_ rule: RecurrenceRule) -> Int {
        var expansion = RecurrenceExpansion(rule: rule, start: CivilDateTime(year: 2020, month: 1, day: 1, hour: 9))
        var count = 0
        while expansion.next() != nil { count += 1 }
        #expect(expansion.gaveUp)
        return count
    }

    /// Each step of a rule with every BYDAY entry costs what a step of the seven weekdays costs; a
    /// list longer than the 749 entries a rule can differ in is refused before it is split.
    @Test func aLongBydayListCostsWhatTheSevenWeekdaysCost() throws {
        let long = try RecurrenceRule(parsing: "FREQ=YEARLY;BYDAY=" + everyWeekday(copies: 1))
        let short = try RecurrenceRule(parsing: "FREQ=YEARLY;BYDAY=MO,TU,WE,TH,FR,SA,SU")
        #expect(long.byDay.count == 7 * 107)
        #expect(expandToTheLimit(long) == expandToTheLimit(short))
        let ratio = CostRatio.of({ _ = expandToTheLimit(long) }, against: { _ = expandToTheLimit(short) })
        #expect(ratio < 2, "every BYDAY entry took \(ratio) times the seven weekdays")
        #expect(throws: ICalendarError(line: nil, "BYDAY has more than 749 entries")) {
            try RecurrenceRule(parsing: "FREQ=YEARLY;BYDAY=" + everyWeekday(copies: 250))
        }
        #expect(throws: ICalendarError(line: nil, "BYMONTH has more than 12 entries")) {
            try RecurrenceRule(
                parsing: "FREQ=YEARLY;BYMONTH=" + Array(repeating: "1", count: 13).joined(separator: ","))
        }
    }

    @Test func weekNumbersWithEveryYearDayCostWhatWeekNumbersWithEveryWeekdayCost() throws {
        let weeks = ((1...53).map(String.init) + (1...53).map { "-\($0)" }).joined(separator: ",")
        let yearDays = ((1...366).map(String.init) + (1...366).map { "-\($0)" }).joined(separator: ",")
        let long = try RecurrenceRule(parsing: "FREQ=YEARLY;BYWEEKNO=\(weeks);BYYEARDAY=\(yearDays)")
        let short = try RecurrenceRule(parsing: "FREQ=YEARLY;BYWEEKNO=\(weeks);BYDAY=MO,TU,WE,TH,FR,SA,SU")
        #expect(expandToTheLimit(long) == expandToTheLimit(short))
        let ratio = CostRatio.of({ _ = expandToTheLimit(long) }, against: { _ = expandToTheLimit(short) })
        #expect(ratio < 2, "BYWEEKNO with every BYYEARDAY took \(ratio) times BYWEEKNO with every weekday")
    }

    /// An event with one more line of about a megabyte: `line`.
    func event(with line: String) -> String {
        [
            "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:p", "DTSTART:20200101T090000Z", "SUMMARY:Kept", line,
            "END:VEVENT", "END:VCALENDAR",
        ].joined(separator: "\r\n") + "\r\n"
    }

    @Test func aParameterOfAMillionValuesSkipsItsLineAsItIsRead() throws {
        let values = 1_000_000
        let hostile = event(with: "X-LIST;X-VALUES=" + String(repeating: ",", count: values - 1) + ":v")
        let plain = event(with: "DESCRIPTION:" + String(repeating: "x", count: values + 3) + ":v")
        #expect(hostile.utf8.count == plain.utf8.count)
        let calendar = try VCalendar(text: hostile)
        #expect(calendar.events.map(\.summary) == ["Kept"])
        #expect(
            calendar.warnings.map(\.description) == [
                "line 6: a content line with more than \(CalendarLimits.maximumParameterValues) parameter values is skipped"
            ])
        let ratio = try CostRatio.of({ _ = try VCalendar(text: hostile) }, against: { _ = try VCalendar(text: plain) })
        #expect(ratio < 2, "a line of \(values) parameter values took \(ratio) times a line of as many letters")
    }

    @Test func aParameterUpToTheLimitIsRead() throws {
        let members = (1...CalendarLimits.maximumParameterValues).map { "\"mailto:\($0)@school.example\"" }
        let calendar = try VCalendar(text: event(with: "ATTENDEE;MEMBER=\(members.joined(separator: ",")):mailto:a@b"))
        #expect(calendar.warnings.isEmpty)
        let attendee = try #require(calendar.components.first?.components.first?.property("ATTENDEE"))
        #expect(attendee.parameters.first?.values.count == CalendarLimits.maximumParameterValues)
    }

    /// A file of more tiny lines than the file may hold (each "X-A:1", 80 bytes once read): the
    /// properties past the limit are skipped with one warning, so the memory stays bounded.
    @Test func propertiesPastTheFileLimitAreSkippedWithOneWarning() throws {
        let perEvent = CalendarLimits.maximumProperties - 10
        let events = CalendarLimits.maximumPropertiesInFile / perEvent + 1
        var text = "BEGIN:VCALENDAR\r\n"
        let body = String(repeating: "X-A:1\r\n", count: perEvent)
        for index in 0..<events {
            text += "BEGIN:VEVENT\r\nDTSTART:20200101T090000Z\r\nUID:e\(index)\r\n" + body + "END:VEVENT\r\n"
        }
        let calendar = try VCalendar(text: text + "END:VCALENDAR\r\n")
        let kept = calendar.components.flatMap(\.components).reduce(0) { $0 + $1.properties.count }
        #expect(kept == CalendarLimits.maximumPropertiesInFile)
        #expect(
            calendar.warnings.first?.message
                == "the file has more than \(CalendarLimits.maximumPropertiesInFile) properties; the rest are skipped")
    }

    /// A daily series of `count` instances whose SUMMARY (or, for the reference, DESCRIPTION) is `length` letters.
    func longTextSeries(_ property: String, length: Int, count: Int) throws -> VCalendar {
        let summary = property == "SUMMARY" ? [] : ["SUMMARY:Short"]
        return try calendar(
            [
                "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:long", "DTSTART:20200101T090000Z", "DURATION:PT1H",
                "RRULE:FREQ=DAILY;COUNT=\(count)", "\(property):" + String(repeating: "x", count: length),
            ] + summary + ["END:VEVENT", "END:VCALENDAR"])
    }

    @Test func aLongSummaryIsCutOnceAndSharedByEveryOccurrence() throws {
        let count = 2_000
        let long = try longTextSeries("SUMMARY", length: 900_000, count: count)
        let reference = try longTextSeries("DESCRIPTION", length: 900_000, count: count)
        let records = try CalendarInspection.occurrences(
            in: long, fromDay: LocalDate(year: 2020, month: 1, day: 1)!,
            toDay: LocalDate(year: 2030, month: 1, day: 1)!)
        #expect(records.count == count)
        let expected = String(repeating: "x", count: CalendarLimits.maximumSummaryLength - 1) + "…"
        #expect(records.allSatisfy { $0.summary == expected })
        let now = try CalendarInspection.now(in: long, at: Date(timeIntervalSince1970: 1_577_869_800))
        #expect(now.active == [expected])
        func inspect(_ calendar: VCalendar) throws {
            _ = try CalendarInspection.occurrences(
                in: calendar, fromDay: LocalDate(year: 2020, month: 1, day: 1)!,
                toDay: LocalDate(year: 2030, month: 1, day: 1)!)
        }
        let ratio = try CostRatio.of({ try inspect(long) }, against: { try inspect(reference) })
        #expect(ratio < 2, "\(count) occurrences of a 900 KB SUMMARY took \(ratio) times those of a short one")
    }

    @Test func aSummaryIsCountedAfterItsEscapesAreDecoded() throws {
        let commas = String(repeating: "\\,", count: CalendarLimits.maximumSummaryLength)
        let escaped = try self.calendar(
            ["BEGIN:VEVENT", "UID:e", "DTSTART:20200101T090000Z", "SUMMARY:" + commas, "END:VEVENT"])
        #expect(escaped.events.first?.summary == String(repeating: ",", count: CalendarLimits.maximumSummaryLength))
    }
}
