import CivilDates
import Foundation
import HomeroomTestbed
import HomeroomTesting
import Testing

@testable import ICalendar

/// The content-line reader and value parsers on the inputs real feeds send.
@Suite struct ReaderTests {
    func calendar(_ lines: [String], separator: String = "\r\n") throws -> VCalendar {
        try VCalendar(text: lines.joined(separator: separator) + separator)
    }

    func event(_ body: [String]) -> [String] {
        ["BEGIN:VCALENDAR", "BEGIN:VEVENT"] + body + ["END:VEVENT", "END:VCALENDAR"]
    }

    @Test func aFoldThatSplitsAMultiByteCharacterIsJoinedBeforeDecoding() throws {
        // "Café" with the two bytes of "é" on two physical lines.
        var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20250101T100000Z\r\nSUMMARY:Caf".utf8)
        bytes += [0xC3, 0x0D, 0x0A, 0x20, 0xA9]
        bytes += Array("\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        let calendar = try VCalendar(bytes: bytes)
        #expect(calendar.events.first?.summary == "Café")
    }

    /// A DATE names a day of years 1–9999, as every date reader here does: year 0000 and February 29th
    /// of a common year are no day.
    @Test func datesOutsideTheCalendarAreNotDates() throws {
        #expect(CalendarTime.parse("00010101") == .date(LocalDate.earliest))
        #expect(
            CalendarTime.parse("99991231T235959Z")
                == .dateTime(CivilDateTime(date: LocalDate.latest, hour: 23, minute: 59, second: 59), .utc))
        for text in ["00000101", "00001231T120000Z", "20250229", "20241301", "20240100"] {
            #expect(CalendarTime.parse(Substring(text)) == nil, "\(text)")
        }
        #expect(CalendarTime.parse("20240229")?.civil.date.basicFormat == "20240229")
    }

    @Test func lfLineEndsByteOrderMarkAndTabFoldsAreRead() throws {
        let text = "\u{FEFF}" + event(["DTSTART:20250101T100000Z", "SUMMARY:Long", "\tline"]).joined(separator: "\n")
        let calendar = try VCalendar(text: text)
        #expect(calendar.events.first?.summary == "Longline")
    }

    @Test func textEscapesAreDecoded() throws {
        let calendar = try calendar(
            event(["DTSTART:20250101T100000Z", #"SUMMARY:Math\, room B\;2\nbring a \\ pencil"#]))
        #expect(calendar.events.first?.summary == "Math, room B;2\nbring a \\ pencil")
    }

    @Test func quotedParametersKeepColonsAndSemicolonsAndRFC6868EscapesDecode() throws {
        let calendar = try calendar(
            event([
                "DTSTART:20250101T100000Z",
                #"ORGANIZER;CN="Dr. Lee: Science; Lab";X-NOTE=say ^'hi^' ^^ok^n:mailto:lee@example.org"#,
            ]))
        let organizer = try #require(
            calendar.events.first.flatMap { _ in calendar.components.first?.components.first?.property("ORGANIZER") })
        #expect(organizer.parameter("CN") == "Dr. Lee: Science; Lab")
        #expect(organizer.parameter("x-note") == "say \"hi\" ^ok\n")
        #expect(organizer.value == "mailto:lee@example.org")
    }

    @Test func windowsZoneNamesAndMozillaPrefixesResolve() throws {
        let calendar = try calendar(
            ["BEGIN:VCALENDAR"]
                + ["BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Pacific Standard Time:20250701T090000", "END:VEVENT"]
                + [
                    "BEGIN:VEVENT", "UID:b", "DTSTART;TZID=/mozilla.org/20050126_1/America/New_York:20250701T090000",
                    "END:VEVENT",
                ]
                + ["END:VCALENDAR"])
        let occurrences = try calendar.occurrences(
            fromDay: LocalDate(year: 2025, month: 7, day: 1)!, toDay: LocalDate(year: 2025, month: 7, day: 2)!)
        let offsets = Dictionary(uniqueKeysWithValues: occurrences.map { ($0.uid ?? "", $0.startOffset) })
        #expect(offsets["a"] == -7 * 3600)
        #expect(offsets["b"] == -4 * 3600)
    }

    @Test func aLocalTimeInTheSpringForwardGapMovesForwardAndOneInTheOverlapTakesTheFirst() throws {
        let losAngeles = try #require(ZoneRules.system("America/Los_Angeles"))
        // 2025-03-09 02:30 does not exist: read with the offset before the gap (-8), i.e. 03:30 PDT.
        let gap = losAngeles.instant(forLocal: CivilDateTime(year: 2025, month: 3, day: 9, hour: 2, minute: 30))
        #expect(losAngeles.local(atUTC: gap) == CivilDateTime(year: 2025, month: 3, day: 9, hour: 3, minute: 30))
        // 2025-11-02 01:30 happens twice: the first one is PDT (-7).
        let overlap = losAngeles.instant(forLocal: CivilDateTime(year: 2025, month: 11, day: 2, hour: 1, minute: 30))
        #expect(losAngeles.offset(atUTC: overlap) == -7 * 3600)
    }

    @Test func aWeeklySeriesKeepsItsWallClockTimeAcrossDaylightSavingTime() throws {
        let calendar = try calendar(
            event([
                "UID:p1", "DTSTART;TZID=America/Los_Angeles:20251027T080000",
                "DTEND;TZID=America/Los_Angeles:20251027T085000", "RRULE:FREQ=WEEKLY;COUNT=2",
            ]))
        let occurrences = try calendar.occurrences(
            fromDay: LocalDate(year: 2025, month: 10, day: 1)!, toDay: LocalDate(year: 2025, month: 12, day: 1)!)
        #expect(
            occurrences.map { CalendarInspection.record($0).start } == [
                "2025-10-27T08:00:00-07:00", "2025-11-03T08:00:00-08:00",
            ])
        #expect(occurrences.map { $0.endInstant.timeIntervalSince($0.startInstant) } == [3000, 3000])
    }

    @Test func durationAndAllDayEndsAreComputed() throws {
        let calendar = try calendar(
            ["BEGIN:VCALENDAR"]
                + ["BEGIN:VEVENT", "UID:d", "DTSTART:20250101T100000Z", "DURATION:PT1H30M", "END:VEVENT"]
                + ["BEGIN:VEVENT", "UID:e", "DTSTART;VALUE=DATE:20250102", "END:VEVENT"]
                + ["END:VCALENDAR"])
        let records = try CalendarInspection.occurrences(
            in: calendar, fromDay: LocalDate(year: 2025, month: 1, day: 1)!,
            toDay: LocalDate(year: 2025, month: 1, day: 3)!)
        #expect(records.map(\.end) == ["2025-01-01T11:30:00+00:00", "2025-01-03"])
    }

    @Test func overridesAndCancelledInstancesReplaceTheirInstance() throws {
        let calendar = try calendar(
            ["BEGIN:VCALENDAR"]
                + [
                    "BEGIN:VEVENT", "UID:s", "SUMMARY:Club", "DTSTART:20250106T150000Z", "DTEND:20250106T160000Z",
                    "RRULE:FREQ=DAILY;COUNT=3", "END:VEVENT",
                ]
                + [
                    "BEGIN:VEVENT", "UID:s", "SUMMARY:Club (moved)", "RECURRENCE-ID:20250107T150000Z",
                    "DTSTART:20250107T170000Z", "DTEND:20250107T180000Z", "END:VEVENT",
                ]
                + [
                    "BEGIN:VEVENT", "UID:s", "STATUS:CANCELLED", "RECURRENCE-ID:20250108T150000Z",
                    "DTSTART:20250108T150000Z", "END:VEVENT",
                ]
                + ["END:VCALENDAR"])
        let window = (LocalDate(year: 2025, month: 1, day: 1)!, LocalDate(year: 2025, month: 2, day: 1)!)
        let shown = try calendar.occurrences(fromDay: window.0, toDay: window.1)
        #expect(shown.map { $0.summary ?? "" } == ["Club", "Club (moved)"])
        let all = try calendar.occurrences(fromDay: window.0, toDay: window.1, includingCancelled: true)
        #expect(all.count == 3)
    }

    @Test func anUnboundedRuleIsBoundedByTheWindow() throws {
        let calendar = try calendar(event(["UID:x", "DTSTART:20000101T000000Z", "RRULE:FREQ=MINUTELY"]))
        let occurrences = try calendar.occurrences(
            fromDay: LocalDate(year: 2025, month: 1, day: 1)!, toDay: LocalDate(year: 2025, month: 1, day: 2)!)
        #expect(occurrences.count == 1440)
    }

    @Test func aRuleThatCanNeverMatchEnds() throws {
        let none = try RecurrenceListing.instances(
            rule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", start: "20250101", count: 5)
        #expect(none.isEmpty)
        let secondly = try RecurrenceListing.instances(
            rule: "FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30", start: "20250101T000000", count: 1)
        #expect(secondly.isEmpty)
    }

    @Test(arguments: [
        ("FREQ=SOMETIMES", "unknown FREQ"),
        ("BYDAY=MO", "needs FREQ"),
        ("FREQ=DAILY;BYHOUR=25", "out of range"),
        ("FREQ=DAILY;INTERVAL=0", "INTERVAL"),
        ("FREQ=DAILY;UNTIL=tomorrow", "UNTIL"),
        ("FREQ=DAILY;RSCALE=CHINESE", "unsupported"),
    ])
    func badRulesAreRefusedWithTheReason(rule: String, reason: String) {
        #expect {
            _ = try RecurrenceRule(parsing: rule)
        } throws: { error in
            (error as? ICalendarError)?.message.contains(reason) == true
        }
    }

    @Test func aBrokenEventIsSkippedWithAWarningNamingItsLine() throws {
        let calendar = try calendar(
            ["BEGIN:VCALENDAR"]
                + ["BEGIN:VEVENT", "UID:bad", "DTSTART:2025-13-45", "END:VEVENT"]
                + ["BEGIN:VEVENT", "UID:good", "DTSTART:20250101T100000Z", "END:VEVENT"]
                + ["NO COLON HERE", "END:VCALENDAR"])
        #expect(calendar.events.map(\.uid) == ["good"])
        #expect(calendar.warnings.map(\.line) == [10, 4])
        #expect(calendar.warnings.last?.description.hasPrefix("line 4: event \"bad\" is skipped: DTSTART") == true)
    }

    @Test func aFileThatIsNotACalendarIsAnError() {
        #expect(throws: ICalendarError.self) { _ = try VCalendar(text: "") }
        #expect(throws: ICalendarError.self) { _ = try VCalendar(text: "<html><body>Not found</body></html>\n") }
    }

    @Test func randomBytesNeverCrash() throws {
        var generator = SeededRandom(seed: 42)
        let seedText = try String(
            contentsOf: Corpus.schools.appendingPathComponent("lincoln_high_la_fall2025.ics"),
            encoding: .utf8)
        let seedBytes = Array(seedText.utf8)
        for _ in 0..<300 {
            var bytes = seedBytes
            for _ in 0..<20 {
                let index = Int(generator.next() % UInt64(bytes.count))
                bytes[index] = UInt8(truncatingIfNeeded: generator.next())
            }
            if let calendar = try? VCalendar(bytes: bytes) {
                _ = try? calendar.occurrences(
                    fromDay: LocalDate(year: 2025, month: 10, day: 20)!,
                    toDay: LocalDate(year: 2025, month: 10, day: 27)!)
            }
        }
    }
}
