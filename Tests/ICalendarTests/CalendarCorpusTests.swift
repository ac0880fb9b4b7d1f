import CivilDates
import Foundation
import HomeroomTestbed
import HomeroomTesting
import ICalendar
import Testing

/// The corpus calendars (`../shared/corpora/ics`): occurrences in each file's window, compared as a
/// multiset with recurring-ical-events' answers, and the school calendars' "now" queries.
@Suite struct CalendarCorpusTests {
    struct Expected: Decodable {
        struct Window: Decodable {
            var start: String
            var end: String
        }
        struct NowQuery: Decodable {
            var now: String
            var active: [String]
            var minutes_left: Int?
        }
        var calendar: String
        var window: Window
        var occurrences: [CalendarInspection.OccurrenceRecord]
        var now_queries: [NowQuery]?
    }

    static func expectations() throws -> [URL] {
        let root = Corpus.root.appendingPathComponent("ics/expected")
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (enumerator?.compactMap { $0 as? URL }.filter { $0.pathExtension == "json" } ?? [])
            .sorted { $0.path < $1.path }
    }

    static func day(_ text: String) throws -> LocalDate {
        try #require(LocalDate(iso: text), "\(text) is not a day")
    }

    /// `Z` and `+00:00` are the same offset.
    static func normalized(_ record: CalendarInspection.OccurrenceRecord) -> CalendarInspection.OccurrenceRecord {
        var record = record
        func fix(_ text: String) -> String { text.hasSuffix("Z") ? String(text.dropLast()) + "+00:00" : text }
        record.start = fix(record.start)
        record.end = fix(record.end)
        record.recurrenceID = record.recurrenceID.map(fix)
        return record
    }

    /// Where Homeroom deliberately answers differently from recurring-ical-events, with the reason.
    /// These must still read the same number of occurrences.
    static let deliberateDifferences: [String: String] = [
        "calendars/icalendar/events/event_with_recurrence.ics":
            "floating DTSTART with UTC EXDATEs: the series stays floating (RFC 5545 §3.3.5, §3.8.5.1), the oracle turns it into UTC",
        "calendars/recurring_ical_events/issue_201_mixed_datetime_and_date.ics":
            "DATE DTSTART with a DATE-TIME DTEND: DTSTART's type decides (RFC 5545 §3.8.2.2), so it stays all-day",
        "calendars/recurring_ical_events/issue_201_test_matrix.ics":
            "same as above for the DATE/DATE-TIME mixes of the matrix",
        "calendars/recurring_ical_events/issue_75_range_parameter.ics":
            "RANGE=THISANDFUTURE: each instance keeps its own RECURRENCE-ID (RFC 5545 §3.8.4.4); the oracle gives all of them the override's",
    ]

    @Test(.enabled(if: Corpus.isAvailable, "the shared corpora are not beside this package"))
    func everyCalendarMatches() throws {
        let files = try Self.expectations()
        #expect(files.count >= 150)
        var failures: [String] = []
        for file in files {
            let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: file))
            let path = Corpus.root.appendingPathComponent("ics").appendingPathComponent(expected.calendar)
            do {
                let calendar = try VCalendar(bytes: Array(try Data(contentsOf: path)))
                let got = try CalendarInspection.occurrences(
                    in: calendar, fromDay: Self.day(expected.window.start), toDay: Self.day(expected.window.end))
                let want = expected.occurrences.map(Self.normalized)
                let gotSet = got.map(Self.normalized)
                let missing = Self.difference(want, gotSet)
                let extra = Self.difference(gotSet, want)
                if Self.deliberateDifferences[expected.calendar] != nil {
                    if got.count != want.count || (missing.isEmpty && extra.isEmpty) {
                        failures.append(
                            "\(expected.calendar): listed as a deliberate difference, but reads \(got.count) of \(want.count)"
                        )
                    }
                } else if !missing.isEmpty || !extra.isEmpty {
                    failures.append(
                        "\(expected.calendar): \(want.count) expected, \(got.count) read\n  missing \(missing.prefix(3))\n  extra   \(extra.prefix(3))"
                    )
                }
            } catch {
                failures.append("\(expected.calendar): \(error)")
            }
        }
        #expect(
            failures.isEmpty,
            "\(failures.count) of \(files.count) calendars differ:\n\(failures.prefix(40).joined(separator: "\n"))")
    }

    @Test func schoolCalendarsMatch() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Corpus.schools, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        #expect(files.count == 7)
        for file in files {
            let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: file))
            let path = Corpus.schools.appendingPathComponent(URL(fileURLWithPath: expected.calendar).lastPathComponent)
            let calendar = try VCalendar(bytes: Array(try Data(contentsOf: path)))
            let got = try CalendarInspection.occurrences(
                in: calendar, fromDay: Self.day(expected.window.start), toDay: Self.day(expected.window.end))
            #expect(Self.difference(got.map(Self.normalized), expected.occurrences.map(Self.normalized)).isEmpty)
            #expect(got.count == expected.occurrences.count, "\(expected.calendar)")
        }
    }

    @Test func schoolNowQueriesMatch() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Corpus.schools, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        #expect(files.count == 7)
        var failures: [String] = []
        var queries = 0
        for file in files {
            let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: file))
            let path = Corpus.schools.appendingPathComponent(URL(fileURLWithPath: expected.calendar).lastPathComponent)
            let calendar = try VCalendar(bytes: Array(try Data(contentsOf: path)))
            for query in expected.now_queries ?? [] {
                queries += 1
                let instant = try Date(query.now, strategy: .iso8601)
                let got = try CalendarInspection.now(in: calendar, at: instant)
                if got.active != query.active || got.minutesLeft != query.minutes_left {
                    failures.append(
                        "\(expected.calendar) at \(query.now): want \(query.active) \(query.minutes_left as Any), got \(got.active) \(got.minutesLeft as Any)"
                    )
                }
            }
        }
        #expect(queries == 277)
        #expect(
            failures.isEmpty, "\(failures.count) of \(queries) differ:\n\(failures.prefix(20).joined(separator: "\n"))")
    }

    /// Multiset difference.
    static func difference(_ a: [CalendarInspection.OccurrenceRecord], _ b: [CalendarInspection.OccurrenceRecord])
        -> [CalendarInspection.OccurrenceRecord]
    {
        var counts: [CalendarInspection.OccurrenceRecord: Int] = [:]
        for item in b { counts[item, default: 0] += 1 }
        var result: [CalendarInspection.OccurrenceRecord] = []
        for item in a {
            if let count = counts[item], count > 0 { counts[item] = count - 1 } else { result.append(item) }
        }
        return result
    }
}
