import CivilDates
import Foundation
import Testing

@testable import ICalendar

/// Calendars written to break a reader: numbers past any integer or year, components nested a
/// hundred thousand deep, more events, dates, instances or work than any school needs. Each is
/// read, or refused with a short reason, and the good events beside the bad ones are still served.
@Suite struct HostileCalendarTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/hostile/ical")

    func fixture(_ name: String) throws -> VCalendar {
        try VCalendar(bytes: Array(try Data(contentsOf: Self.fixtures.appendingPathComponent(name))))
    }

    func calendar(_ lines: [String]) throws -> VCalendar {
        try VCalendar(text: lines.joined(separator: "\r\n") + "\r\n")
    }

    /// The week of 2025-10-20, in UTC.
    func week(_ calendar: VCalendar) throws -> CalendarExpansion {
        try calendar.expansion(
            fromDay: LocalDate(year: 2025, month: 10, day: 20)!, toDay: LocalDate(year: 2025, month: 10, day: 27)!)
    }

    func uids(_ expansion: CalendarExpansion) -> [String] {
        expansion.occurrences.map { $0.uid ?? "" }
    }

    @Test func anIntervalPastAnyCalendarLeavesOnlyTheFirstInstance() throws {
        let calendar = try fixture("interval-overflow.ics")
        #expect(calendar.warnings.isEmpty)
        let expansion = try week(calendar)
        #expect(expansion.warnings.isEmpty)
        let counts = Dictionary(uids(expansion).map { ($0, 1) }, uniquingKeysWith: +)
        #expect(
            counts == [
                "daily-huge@hostile": 1, "weekly-huge@hostile": 1, "monthly-huge@hostile": 1,
                "yearly-huge@hostile": 1, "secondly-digits@hostile": 1, "daily@hostile": 7,
            ])
        // A rule built in code with the largest INTERVAL expands without a trap too.
        var rule = RecurrenceRule(frequency: .monthly)
        rule.interval = .max
        let instances = Array(RecurrenceExpansion(rule: rule, start: CivilDateTime(year: 2025, month: 10, day: 20)))
        #expect(instances == [CivilDateTime(year: 2025, month: 10, day: 20)])
    }

    @Test func countUntilYearsAndSequencesPastAnyNumberAreReadOrSkippedByName() throws {
        let calendar = try fixture("count-until-overflow.ics")
        #expect(
            calendar.warnings.map(\.description) == [
                #"line 35: event "year-5-digits@hostile" is skipped: DTSTART "99999T000000Z" is not a date or date-time"#,
                #"line 40: event "year-negative@hostile" is skipped: DTSTART "-0005T000000Z" is not a date or date-time"#,
            ])
        let expansion = try week(calendar)
        #expect(expansion.warnings.isEmpty)
        let counts = Dictionary(uids(expansion).map { ($0, 1) }, uniquingKeysWith: +)
        #expect(
            counts == [
                "count-huge@hostile": 7, "count-max@hostile": 1, "until-far@hostile": 1, "sequence-huge@hostile": 1,
            ])
        // Windows far outside any calendar, even beyond what a date converts to, do not trap.
        #expect(
            try calendar.occurrences(
                from: Date(timeIntervalSince1970: -1e300), to: Date(timeIntervalSince1970: .infinity)
            ).isEmpty == false)
        #expect(
            try calendar.occurrences(from: Date(timeIntervalSince1970: 1e15), to: Date(timeIntervalSince1970: 1e16))
                .isEmpty)
    }

    @Test func aDurationPastTheLimitSkipsItsEventWithAWarning() throws {
        // A DURATION of 120,000 parts is longer than any content line is read (a few more parts of
        // 2,147,483,647 hours would overflow a sum of seconds); the others are past the longest duration.
        let overflowing = "DURATION:PT" + String(repeating: "2147483647H", count: 120_000)
        let calendar = try calendar(
            ["BEGIN:VCALENDAR"]
                + ["BEGIN:VEVENT", "UID:sum@hostile", "DTSTART:20251020T080000Z", overflowing, "END:VEVENT"]
                + ["BEGIN:VEVENT", "UID:long@hostile", "DTSTART:20251020T090000Z", "DURATION:P3652501D", "END:VEVENT"]
                + [
                    "BEGIN:VEVENT", "UID:weeks@hostile", "DTSTART:20251020T100000Z", "DURATION:P99999999999W",
                    "END:VEVENT",
                ]
                + [
                    "BEGIN:VEVENT", "UID:rdate@hostile", "DTSTART:20251020T110000Z",
                    "RDATE;VALUE=PERIOD:20251021T110000Z/PT9999999999999999S", "END:VEVENT",
                ]
                + ["BEGIN:VEVENT", "UID:good@hostile", "DTSTART:20251020T120000Z", "DURATION:PT50M", "END:VEVENT"]
                + ["END:VCALENDAR"])
        #expect(calendar.events.map { $0.uid ?? "" } == ["sum@hostile", "good@hostile"])
        let warnings = calendar.warnings.map(\.message)
        try #require(warnings.count == 4)
        #expect(warnings[0].hasPrefix("a content line longer than"))
        #expect(warnings[1].hasPrefix(#"event "long@hostile" is skipped: DURATION "P3652501D" is not a duration"#))
        #expect(warnings[2].hasPrefix(#"event "weeks@hostile" is skipped: DURATION"#))
        #expect(warnings[3].hasPrefix(#"event "rdate@hostile" is skipped: RDATE period"#))
        #expect(try week(calendar).occurrences.count == 2)
    }

    @Test func impossibleOffsetsAndEndlessZonesSkipTheirEventsAndTheRestIsServed() throws {
        let fromFile = try fixture("utc-offset.ics")
        #expect(
            fromFile.warnings.map(\.description) == [
                #"line 6: event "offset@hostile" is skipped: STANDARD of "Hostile/Offset" needs a valid TZOFFSETFROM"#
            ])
        #expect(uids(try week(fromFile)) == ["good@hostile"])

        // A VTIMEZONE whose onsets never end is refused at its transition cap.
        let endless = try calendar(
            ["BEGIN:VCALENDAR", "BEGIN:VTIMEZONE", "TZID:Hostile/Daily", "BEGIN:STANDARD", "DTSTART:16010101T000000"]
                + ["TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "RRULE:FREQ=DAILY", "END:STANDARD", "END:VTIMEZONE"]
                + [
                    "BEGIN:VEVENT", "UID:daily-zone@hostile", "DTSTART;TZID=Hostile/Daily:20251020T080000",
                    "END:VEVENT",
                ]
                + ["BEGIN:VEVENT", "UID:good@hostile", "DTSTART:20251020T090000Z", "END:VEVENT", "END:VCALENDAR"])
        #expect(
            endless.warnings.map(\.message) == [
                #"event "daily-zone@hostile" is skipped: "Hostile/Daily" has more than 10000 transitions"#
            ])
        #expect(uids(try week(endless)) == ["good@hostile"])
    }

    @Test func componentsNestedAHundredThousandDeepAreSkippedWithoutOverflowingTheStack() throws {
        let text =
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:good@hostile\r\nDTSTART:20251020T090000Z\r\nEND:VEVENT\r\n"
            + String(repeating: "BEGIN:VEVENT\r\nBEGIN:VALARM\r\nBEGIN:X-FOO\r\n", count: 33_334)
            + "END:VCALENDAR\r\n"
        let calendar = try VCalendar(text: text)
        #expect(calendar.events.map { $0.uid ?? "" } == ["good@hostile"])
        #expect(
            calendar.warnings.first?.message
                == "BEGIN:VALARM is nested more than 32 deep; it is skipped with what it holds")
        #expect(uids(try week(calendar)) == ["good@hostile"])
    }

    @Test func eventsPastTheCapAreSkippedWithOneWarning() throws {
        let event = "BEGIN:VEVENT\r\nDTSTART:20251020\r\nEND:VEVENT\r\n"
        let text =
            "BEGIN:VCALENDAR\r\n" + String(repeating: event, count: CalendarLimits.maximumEvents + 1)
            + "END:VCALENDAR\r\n"
        let calendar = try VCalendar(text: text)
        #expect(calendar.events.count == CalendarLimits.maximumEvents)
        #expect(calendar.warnings.map(\.message) == ["the file has more than 20000 events; the rest are skipped"])
    }

    @Test func moreRDatesOrExDatesThanTheCapSkipTheirEvent() throws {
        func dates(_ name: String, count: Int) -> [String] {
            stride(from: 0, to: count, by: 100).map { first in
                name + ":"
                    + (first..<min(first + 100, count)).map { "2026\(String(format: "%04d", 101 + $0 % 28))T080000Z" }
                    .joined(separator: ",")
            }
        }
        let calendar = try calendar(
            ["BEGIN:VCALENDAR"]
                + ["BEGIN:VEVENT", "UID:rdates@hostile", "DTSTART:20251020T080000Z"]
                + dates("RDATE", count: CalendarLimits.maximumExtraDates + 1) + ["END:VEVENT"]
                + ["BEGIN:VEVENT", "UID:exdates@hostile", "DTSTART:20251020T080000Z", "RRULE:FREQ=DAILY"]
                + dates("EXDATE", count: CalendarLimits.maximumExceptionDates + 1) + ["END:VEVENT"]
                + ["BEGIN:VEVENT", "UID:good@hostile", "DTSTART:20251020T090000Z"]
                + dates("RDATE", count: 300) + ["END:VEVENT", "END:VCALENDAR"])
        #expect(calendar.events.map { $0.uid ?? "" } == ["good@hostile"])
        #expect(
            calendar.warnings.map(\.message) == [
                #"event "rdates@hostile" is skipped: more than 5000 RDATE dates"#,
                #"event "exdates@hostile" is skipped: more than 5000 EXDATE dates"#,
            ])
    }

    @Test func aSeriesWithMoreInstancesThanTheCapIsSkippedByNameAndTheRestServed() throws {
        let calendar = try fixture("bad-among-good.ics")
        #expect(
            calendar.warnings.map(\.description) == [
                #"line 20: event "bad-date@hostile" is skipped: DTSTART "20251345T250000Z" is not a date or date-time"#
            ])
        let expansion = try week(calendar)
        #expect(
            expansion.warnings.map(\.description) == [
                #"line 11: event "every-second@hostile" is skipped: the rule makes more than 10000 instances in this range"#
            ])
        #expect(Set(uids(expansion)) == ["period-1@hostile", "period-2@hostile"])
        #expect(expansion.occurrences.count == 10)
        // The plain query serves the same occurrences.
        #expect(
            try calendar.occurrences(
                fromDay: LocalDate(year: 2025, month: 10, day: 20)!, toDay: LocalDate(year: 2025, month: 10, day: 27)!
            ).count == 10)
    }

    @Test func aWindowWithMoreOccurrencesThanTheCapIsRefused() throws {
        let hourly = (0..<3).flatMap { index in
            ["BEGIN:VEVENT", "UID:hourly-\(index)@hostile", "DTSTART:2025010\(index + 1)T000000Z", "RRULE:FREQ=HOURLY"]
                + ["END:VEVENT"]
        }
        let calendar = try calendar(["BEGIN:VCALENDAR"] + hourly + ["END:VCALENDAR"])
        #expect(try week(calendar).occurrences.count == 3 * 7 * 24)
        #expect {
            _ = try calendar.occurrences(
                fromDay: LocalDate(year: 2025, month: 1, day: 1)!, toDay: LocalDate(year: 2026, month: 1, day: 1)!)
        } throws: { error in
            (error as? ICalendarError)?.message == "the calendar has more than 20000 occurrences in this range"
        }
    }

    @Test func aRuleThatNeverMatchesOrMakesMillionsOfCandidatesGivesUp() throws {
        let calendar = try fixture("never-matching.ics")
        let expansion = try week(calendar)
        #expect(
            expansion.warnings.map(\.description) == [
                "line 10: event \"bomb@hostile\" is skipped: the rule needs more than 100000 steps to expand: "
                    + "it never matches, or makes too many candidates"
            ])
        #expect(uids(expansion) == ["never@hostile", "good@hostile"])

        // Every minute, the 366th of one: no candidate ever survives, and the expansion stops at its limit.
        var expansionOfNever = RecurrenceExpansion(
            rule: try RecurrenceRule(parsing: "FREQ=MINUTELY;BYSETPOS=366"),
            start: CivilDateTime(year: 2025, month: 10, day: 20), stepLimit: 10_000)
        #expect(expansionOfNever.next() == nil)
        #expect(expansionOfNever.gaveUp)
        #expect(expansionOfNever.steps <= 10_002)
        #expect {
            _ = try RecurrenceListing.instances(rule: "FREQ=MINUTELY;BYSETPOS=366", start: "20251020T000000", count: 1)
        } throws: { error in
            (error as? ICalendarError)?.message.hasPrefix("the rule needs more than 100000 steps") == true
        }
        #expect(throws: ICalendarError.self) {
            try RecurrenceListing.instances(rule: "FREQ=SECONDLY", start: "20251020T000000", count: 1_000_000_000)
        }
    }

    @Test func aLineLongerThanTheCapIsSkippedAndTheEventKept() throws {
        let description = "DESCRIPTION:" + String(repeating: "x", count: CalendarLimits.maximumLineBytes)
        let folded =
            "SUMMARY:" + String(repeating: "y", count: 70) + "\r\n "
            + String(repeating: "z", count: CalendarLimits.maximumLineBytes)
        let calendar = try calendar(
            ["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:long@hostile", "DTSTART:20251020T090000Z", description, folded]
                + ["END:VEVENT", "END:VCALENDAR"])
        #expect(calendar.events.map { $0.uid ?? "" } == ["long@hostile"])
        #expect(calendar.events.first?.description == nil)
        #expect(calendar.events.first?.summary == nil)
        #expect(
            calendar.warnings.map(\.description) == [
                "line 5: a content line longer than 1048576 bytes is skipped",
                "line 6: a content line longer than 1048576 bytes is skipped",
            ])
    }

    @Test func warningsAreCappedAndTheRestCounted() throws {
        let calendar = try calendar(
            ["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:good@hostile", "DTSTART:20251020T090000Z", "END:VEVENT"]
                + Array(repeating: "NOT A CONTENT LINE", count: 1000) + ["END:VCALENDAR"])
        #expect(calendar.events.count == 1)
        #expect(calendar.warnings.count == CalendarLimits.maximumWarnings + 1)
        #expect(calendar.warnings.last?.message == "900 more problems are not listed")
    }

    @Test func madeUpZoneNamesDoNotGrowTheProcessWideZoneCache() throws {
        let events = (0..<2_500).flatMap { index in
            ["BEGIN:VEVENT", "UID:\(index)", "DTSTART;TZID=Made/Up\(index):20251020T090000", "END:VEVENT"]
        }
        let calendar = try calendar(["BEGIN:VCALENDAR"] + events + ["END:VCALENDAR"])
        #expect(calendar.events.count == 2_500)
        #expect(ZoneRules.systemCache.count <= ZoneCache.capacity)
    }
}
