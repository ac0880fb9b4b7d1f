import Foundation
import HomeroomTestbed
import HomeroomTesting
import ICalendar
import Testing

/// libical's own RRULE expectations (`../shared/corpora/ics/rrule/icalrecur_cases.json`).
@Suite struct RecurrenceCorpusTests {
    struct Case: Decodable {
        var id: String
        var rrule: String
        var dtstart: String
        var start_at: String?
        var expected_instances: [String]
        var expected_from_start_at: [String]?
        var complete: Bool
    }

    struct CaseFile: Decodable { var cases: [Case] }

    /// Where Homeroom deliberately answers differently from libical, with its own answer.
    ///
    /// #135: DTSTART 2027-01-03 lies in week 53 of ISO week-numbering year 2026, so a yearly rule by
    /// week number counts its INTERVAL from 2026 (RFC 5545 §3.3.10 numbers weeks as ISO 8601 does), as
    /// libical itself does in #143 and #146. libical counts from calendar year 2027 here only.
    static let deliberateDifferences: [String: [String]] = [
        "rrule/icalrecur_test.txt#135": ["20711231T000000Z"]
    ]

    @Test(.enabled(if: Corpus.isAvailable, "the shared corpora are not beside this package"))
    func everyLibicalCaseMatches() throws {
        let url = Corpus.root.appendingPathComponent("ics/rrule/icalrecur_cases.json")
        let cases = try JSONDecoder().decode(CaseFile.self, from: Data(contentsOf: url)).cases
        var failures: [String] = []
        for item in cases {
            let expected =
                Self.deliberateDifferences[item.id]
                ?? (item.start_at == nil ? item.expected_instances : (item.expected_from_start_at ?? []))
            let count = expected.count
            do {
                let got = try RecurrenceListing.instances(
                    rule: item.rrule, start: item.dtstart, count: count, startingAt: item.start_at)
                if got != expected {
                    failures.append("\(item.id) \(item.rrule) \(item.dtstart)\n  want \(expected)\n  got  \(got)")
                }
            } catch {
                failures.append("\(item.id): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(cases.count) differ:\n\(failures.joined(separator: "\n"))")
    }
}
