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

    @Test func occurrencesAndNowQueriesMatchTheSchoolCalendars() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let file = Self.schools.appendingPathComponent("riverside_high_ny_fall2025.json")
        let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: file))
        let calendar = Self.schools.appendingPathComponent("riverside_high_ny_fall2025.ics").path
        let result = try await homeroom.run(["inspect", "ics", calendar, expected.window.start, expected.window.end])
        #expect(result.status == 0, "\(result.errors)")
        let printed = try JSONDecoder().decode([[String: JSONScalar]].self, from: Data(result.output.utf8))
        #expect(printed.count == expected.count)
        #expect(Set(printed) == Set(expected.occurrences))
        for query in expected.now_queries.prefix(10) {
            let now = try await homeroom.run(["inspect", "ics-now", calendar, query.now])
            #expect(now.status == 0, "\(now.errors)")
            let answer = try JSONDecoder().decode(NowAnswer.self, from: Data(now.output.utf8))
            #expect(answer.active == query.active)
            #expect(answer.minutes_left == query.minutes_left)
        }
    }

    @Test func theExampleConfigurationStartsEveryPlugin() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let example = Self.packageRoot.appendingPathComponent("config.example.json")
        let copy = homeroom.folder.appendingPathComponent("config.json")
        try FileManager.default.copyItem(at: example, to: copy)
        let result = try await homeroom.run(["say", "--config", copy.path, "/now"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("No bell schedule is set up yet"), "\(result.output)")
    }

    @Test func ruleInstancesPrintInLibicalForm() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let result = try await homeroom.run([
            "inspect", "rrule", "FREQ=MONTHLY;BYDAY=-2MO;COUNT=3", "19970922T090000", "3",
        ])
        #expect(result.status == 0)
        #expect(
            try JSONDecoder().decode([String].self, from: Data(result.output.utf8))
                == ["19970922T090000", "19971020T090000", "19971117T090000"])
    }

    /// `inspect feed` prints the FEED_CMD shape, every key present; `inspect article` prints the text.
    @Test func feedsAndArticlesAreInspectedFromFiles() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let feed = homeroom.folder.appendingPathComponent("feed.xml")
        try """
        <rss version="2.0"><channel><title>Lincoln News</title><link>https://lincolnhigh.example.org</link>
        <item><title>Snow Day</title><guid isPermaLink="false">p-1</guid><pubDate>Fri, 04 Dec 2026 12:00:00 GMT</pubDate>
        <description>&lt;p&gt;No school &amp;amp; no buses.&lt;/p&gt;</description></item></channel></rss>
        """.write(to: feed, atomically: true, encoding: .utf8)
        let printed = try await homeroom.run(["inspect", "feed", feed.path])
        #expect(printed.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(printed.output.utf8)) as? [String: Any])
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.count == 1)
        #expect(
            Set(items[0].keys) == ["title", "link", "guid", "published", "updated", "author", "summary_text", "image"])
        #expect(items[0]["summary_text"] as? String == "No school & no buses.")
        #expect(items[0]["published"] as? String == "2026-12-04T12:00:00Z")
        #expect(items[0]["link"] is NSNull)

        let page = homeroom.folder.appendingPathComponent("page.html")
        let paragraph =
            "The robotics team placed second at the state finals, and the whole school will cheer them on Monday."
        try
            "<html><body><nav><a href='/'>Home</a></nav><article><p>\(paragraph)</p><p>\(paragraph)</p></article></body></html>"
            .write(to: page, atomically: true, encoding: .utf8)
        let article = try await homeroom.run(["inspect", "article", page.path])
        #expect(article.status == 0)
        #expect(article.output == "\(paragraph)\n\n\(paragraph)\n")

        let notFeed = try await homeroom.run(["inspect", "feed", page.path])
        #expect(notFeed.status != 0 && notFeed.output.isEmpty)
        #expect(notFeed.errors.contains("is not a feed"))
        let missing = try await homeroom.run([
            "inspect", "article", homeroom.folder.appendingPathComponent("none.html").path,
        ])
        #expect(missing.status != 0 && missing.errors.contains("cannot read"))
    }

    /// `inspect recipe` prints the RECIPE_CMD shape, every key present, `null` where the page is silent.
    @Test func recipesAreInspectedFromPages() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let page = homeroom.folder.appendingPathComponent("recipe.html")
        try """
        <html><head><script type="application/ld+json">{"@context": "https://schema.org", "@type": "Recipe",
        "name": "Iced Tea", "recipeIngredient": ["4 tea bags", "1 quart water"], "totalTime": "PT10M",
        "recipeYield": "4", "recipeInstructions": [{"@type": "HowToStep", "text": "Steep the tea bags."}]}</script></head></html>
        """.write(to: page, atomically: true, encoding: .utf8)
        let printed = try await homeroom.run(["inspect", "recipe", page.path])
        #expect(printed.status == 0, "\(printed.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(printed.output.utf8)) as? [String: Any])
        #expect(
            Set(json.keys) == [
                "title", "ingredients", "instructions_list", "total_time", "yields", "nutrients", "image",
                "description",
                "dietary_restrictions",
            ])
        #expect(json["title"] as? String == "Iced Tea")
        #expect(json["total_time"] as? Int == 10 && json["yields"] as? String == "4 servings")
        #expect(json["instructions_list"] as? [String] == ["Steep the tea bags."])
        #expect(json["image"] is NSNull && json["description"] is NSNull)
        let other = homeroom.folder.appendingPathComponent("other.html")
        try "<html><p>Hello</p></html>".write(to: other, atomically: true, encoding: .utf8)
        let none = try await homeroom.run(["inspect", "recipe", other.path])
        #expect(none.status != 0 && none.output.isEmpty)
        #expect(none.errors.contains("no application/ld+json block"))
    }

    @Test func errorsGoToStandardErrorWithANonZeroExit() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let badRule = try await homeroom.run(["inspect", "rrule", "FREQ=FORTNIGHTLY", "20250101", "3"])
        #expect(badRule.status != 0)
        #expect(badRule.output.isEmpty)
        #expect(badRule.errors.contains("unknown FREQ \"FORTNIGHTLY\""))
        let missing = try await homeroom.run([
            "inspect", "ics", homeroom.folder.appendingPathComponent("none.ics").path, "2025-01-01", "2025-02-01",
        ])
        #expect(missing.status != 0)
        #expect(missing.errors.contains("cannot read"))
        let notCalendar = homeroom.folder.appendingPathComponent("page.ics")
        try "".write(to: notCalendar, atomically: true, encoding: .utf8)
        let empty = try await homeroom.run(["inspect", "ics", notCalendar.path, "2025-01-01", "2025-02-01"])
        #expect(empty.status != 0)
        #expect(empty.errors.contains("not an iCalendar file"))
        let badDay = try await homeroom.run([
            "inspect", "ics", Self.schools.appendingPathComponent("lincoln_high_la_fall2025.ics").path, "2025-13-01",
            "2025-02-01",
        ])
        #expect(badDay.status != 0)
        #expect(badDay.errors.contains("is not a day"))
    }
}
