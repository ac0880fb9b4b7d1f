import CivilDates
import Foundation
import Testing

@testable import ICalendar

/// What the reader shares or skips to read quickly (parameter lists read once per file, property names
/// matched once, UIDs and rules keyed by their bytes, dates read from bytes) reads what it did before.
@Suite struct ReaderShortcutTests {
    func calendar(_ lines: [String]) throws -> VCalendar {
        try VCalendar(text: lines.joined(separator: "\r\n") + "\r\n")
    }

    @Test func aRepeatedParameterListIsOnlyReusedForTheSameBytes() throws {
        let calendar = try calendar(
            ["BEGIN:VCALENDAR"]
                + ["BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Europe/Berlin:20250701T090000", "END:VEVENT"]
                + ["BEGIN:VEVENT", "UID:b", "DTSTART;TZID=Europe/Berlin:20250702T090000", "END:VEVENT"]
                + ["BEGIN:VEVENT", "UID:c", "DTSTART;TZID=Europe/Berlinx:20250703T090000", "END:VEVENT"]
                + ["BEGIN:VEVENT", "UID:d", "DTSTART;TZID=Europe/Berlin;X-A=1:20250704T090000", "END:VEVENT"]
                + ["BEGIN:VEVENT", "UID:e", #"DTSTART;X-NOTE="a:b":20250705T090000"#, "END:VEVENT"]
                + ["BEGIN:VEVENT", "UID:f", #"DTSTART;X-NOTE="a:b":20250706T090000"#, "END:VEVENT"]
                + ["END:VCALENDAR"])
        let references = calendar.events.map(\.start.reference)
        #expect(
            references == [
                .zone("Europe/Berlin"), .zone("Europe/Berlin"), .zone("Europe/Berlinx"), .zone("Europe/Berlin"),
                .floating, .floating,
            ])
        let days = calendar.events.map(\.start.civil.date.day)
        #expect(days == [1, 2, 3, 4, 5, 6])
        let notes = calendar.components.first?.components.compactMap { $0.property("DTSTART")?.parameter("X-NOTE") }
        #expect(notes == ["a:b", "a:b"])
    }

    @Test func uidsThatAreTheSameTextInOtherNormalFormsShareASeries() throws {
        // "café" with a precomposed é, and with e and a combining accent.
        let calendar = try calendar(
            ["BEGIN:VCALENDAR"]
                + ["BEGIN:VEVENT", "UID:caf\u{E9}", "DTSTART:20250101T100000Z", "RRULE:FREQ=DAILY;COUNT=3"]
                + ["SUMMARY:Club", "END:VEVENT"]
                + ["BEGIN:VEVENT", "UID:cafe\u{301}", "RECURRENCE-ID:20250102T100000Z", "DTSTART:20250102T150000Z"]
                + ["SUMMARY:Club, moved", "END:VEVENT"]
                + ["END:VCALENDAR"])
        let occurrences = try calendar.occurrences(
            fromDay: LocalDate(year: 2025, month: 1, day: 1)!, toDay: LocalDate(year: 2025, month: 1, day: 4)!)
        let hours = occurrences.map(\.start.civil.hour)
        #expect(hours == [10, 15, 10])
        #expect(occurrences.map(\.event.summary) == ["Club", "Club, moved", "Club"])
    }

    @Test func aBadDateInAnExceptionListIsNamedAndItsEventSkipped() throws {
        let calendar = try calendar(
            ["BEGIN:VCALENDAR"]
                + ["BEGIN:VEVENT", "UID:bad", "DTSTART:20250101T100000Z", "RRULE:FREQ=DAILY;COUNT=5"]
                + ["EXDATE:20250102T100000Z,,2025013X,20250104T100000Z", "END:VEVENT"]
                + ["BEGIN:VEVENT", "UID:good", "DTSTART:20250101T100000Z", "RRULE:FREQ=DAILY;COUNT=5"]
                + ["EXDATE:20250102T100000Z,20250104T100000Z", "EXDATE:20250105T100000Z", "END:VEVENT"]
                + ["END:VCALENDAR"])
        let event = try #require(calendar.events.first)
        #expect(calendar.events.count == 1)
        #expect(event.uid == "good")
        #expect(event.exceptionDates.map(\.civil.date.day) == [2, 4, 5])
        let messages = calendar.warnings.map(\.description)
        #expect(messages == [#"line 6: event "bad" is skipped: EXDATE "2025013X" is not a date or date-time"#])
    }

    @Test func aPropertyRenamedThroughThePublicAPIIsReadByItsNewName() throws {
        var start = Property(name: "X-START", value: "20250101T100000Z")
        start.name = "DTSTART"
        var summary = Property(name: "SUMMARY", value: "Assembly")
        summary.name = "X-SUMMARY"
        let event = try Event(Component(name: "VEVENT", properties: [start, summary]))
        #expect(event.start == .dateTime(CivilDateTime(year: 2025, month: 1, day: 1, hour: 10), .utc))
        #expect(event.summary == nil)
    }

    @Test func sequenceReadsAsAWholeNumberOrZero() throws {
        func sequence(_ text: String) throws -> Int {
            try Event(
                Component(
                    name: "VEVENT",
                    properties: [
                        Property(name: "DTSTART", value: "20250101"), Property(name: "SEQUENCE", value: text),
                    ])
            ).sequence
        }
        let values = try ["3", " +4 ", "-2", "99999999999999999999", "1x", "", "-"].map(sequence)
        #expect(values == [3, 4, -2, 0, 0, 0, 0])
    }

    @Test func anEventCopyKeepsItsOwnValuesWhenTheOtherChanges() throws {
        let original = try Event(
            Component(name: "VEVENT", properties: [Property(name: "DTSTART", value: "20250101T100000Z")]))
        var copy = original
        copy.sequence = 7
        copy.start = .date(LocalDate(year: 2026, month: 2, day: 3)!)
        #expect(original.sequence == 0)
        #expect(original.start == .dateTime(CivilDateTime(year: 2025, month: 1, day: 1, hour: 10), .utc))
        #expect(copy.sequence == 7)
        #expect(copy.start == .date(LocalDate(year: 2026, month: 2, day: 3)!))
    }
}
