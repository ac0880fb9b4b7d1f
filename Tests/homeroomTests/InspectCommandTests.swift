import Foundation
import Testing

/// `homeroom inspect` as an admin runs it, on the corpus's school calendars.
@Suite struct InspectCommandTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let schools = packageRoot.appendingPathComponent("Tests/Fixtures/school")

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
        var count: Int
        var occurrences: [[String: JSONScalar]]
        var now_queries: [NowQuery]
    }

    struct NowAnswer: Decodable {
        var active: [String]
        var minutes_left: Int?
    }

    /// A JSON string, bool or null, compared as written.
    enum JSONScalar: Decodable, Hashable {
        case text(String)
        case flag(Bool)
        case null
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let flag = try? container.decode(Bool.self) {
                self = .flag(flag)
            } else {
                self = .text(try container.decode(String.self))
            }
        }
    }

    @Test func occurrencesAndNowQueriesMatchTheSchoolCalendars() throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let file = Self.schools.appendingPathComponent("riverside_high_ny_fall2025.json")
        let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: file))
        let calendar = Self.schools.appendingPathComponent("riverside_high_ny_fall2025.ics").path
        let result = try homeroom.run(["inspect", "ics", calendar, expected.window.start, expected.window.end])
        #expect(result.status == 0, "\(result.errors)")
        let printed = try JSONDecoder().decode([[String: JSONScalar]].self, from: Data(result.output.utf8))
        #expect(printed.count == expected.count)
        #expect(Set(printed) == Set(expected.occurrences))
        for query in expected.now_queries.prefix(10) {
            let now = try homeroom.run(["inspect", "ics-now", calendar, query.now])
            #expect(now.status == 0, "\(now.errors)")
            let answer = try JSONDecoder().decode(NowAnswer.self, from: Data(now.output.utf8))
            #expect(answer.active == query.active)
            #expect(answer.minutes_left == query.minutes_left)
        }
    }

    @Test func theExampleConfigurationStartsEveryPlugin() throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let example = Self.packageRoot.appendingPathComponent("config.example.json")
        let copy = homeroom.folder.appendingPathComponent("config.json")
        try FileManager.default.copyItem(at: example, to: copy)
        let result = try homeroom.run(["say", "--config", copy.path, "/now"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("No bell schedule is set up yet"), "\(result.output)")
    }

    @Test func ruleInstancesPrintInLibicalForm() throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let result = try homeroom.run(["inspect", "rrule", "FREQ=MONTHLY;BYDAY=-2MO;COUNT=3", "19970922T090000", "3"])
        #expect(result.status == 0)
        #expect(
            try JSONDecoder().decode([String].self, from: Data(result.output.utf8))
                == ["19970922T090000", "19971020T090000", "19971117T090000"])
    }

    @Test func errorsGoToStandardErrorWithANonZeroExit() throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let badRule = try homeroom.run(["inspect", "rrule", "FREQ=FORTNIGHTLY", "20250101", "3"])
        #expect(badRule.status != 0)
        #expect(badRule.output.isEmpty)
        #expect(badRule.errors.contains("unknown FREQ \"FORTNIGHTLY\""))
        let missing = try homeroom.run([
            "inspect", "ics", homeroom.folder.appendingPathComponent("none.ics").path, "2025-01-01", "2025-02-01",
        ])
        #expect(missing.status != 0)
        #expect(missing.errors.contains("cannot read"))
        let notCalendar = homeroom.folder.appendingPathComponent("page.ics")
        try "".write(to: notCalendar, atomically: true, encoding: .utf8)
        let empty = try homeroom.run(["inspect", "ics", notCalendar.path, "2025-01-01", "2025-02-01"])
        #expect(empty.status != 0)
        #expect(empty.errors.contains("not an iCalendar file"))
        let badDay = try homeroom.run([
            "inspect", "ics", Self.schools.appendingPathComponent("lincoln_high_la_fall2025.ics").path, "2025-13-01",
            "2025-02-01",
        ])
        #expect(badDay.status != 0)
        #expect(badDay.errors.contains("is not a day"))
    }
}
