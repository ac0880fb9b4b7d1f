import Directions
import Events
import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import Lunch
import News
import RecipesPlugin
import Schedule
import Testing

/// A bot with every school plugin, as `homeroom serve` runs them: a regular day type and a minimum
/// day, a course catalog, the example campus, the sample recipe book and one news source on a
/// loopback server. Its clock stands at `instant`.
func withSchoolBot(
    at instant: String = "2026-11-24T07:00:00-05:00", backend: DatabaseBackend = .sqlite,
    configure: @escaping (inout HomeroomConfiguration) -> Void = { _ in }, _ body: (TestBot) async throws -> Void
) async throws {
    let news = try await LoopbackHTTPServer.start()
    news.serve("/feed", .text(schoolNewsFeed(base: news.url("/")), contentType: "application/rss+xml"))
    news.serve(
        "/concert",
        .text(
            "<html><body><article><h1>Concert</h1><p>Tickets are $5 at the front office.</p></article></body></html>",
            contentType: "text/html"))
    do {
        try await TestBot.with(
            plugins: [
                SchedulePlugin.self, LunchPlugin.self, EventsPlugin.self, NewsPlugin.self, DirectionsPlugin.self,
                RecipesPlugin.self,
            ], at: instant, backend: backend,
            configure: {
                $0.timeZone = "America/New_York"
                $0.plugins["schedule"] = .object(["defaultDayType": .string("regular")])
                configure(&$0)
            }
        ) { bot in
            try await bot.loginAsAdmin()
            try await bot.expect(
                #"/schedule daytype set regular "8:00-8:50 Period 1" "8:55-9:45 Period 2" "9:50-10:40 Period 3" "11:30-12:00 1st Lunch" "12:00-12:30 2nd Lunch""#,
                from: "console:admin")
            try await bot.expect(
                #"/schedule daytype set "minimum day" "8:00-8:35 Period 1" "8:40-9:15 Period 2" "9:20-9:55 Period 3""#,
                from: "console:admin")
            try await bot.expect("/news source add \(news.url("/feed").absoluteString)", from: "console:admin")
            let audit = AuditEntry(at: bot.clock.now, actor: AuditEntry.commandLine, action: "import", detail: "test")
            _ = try await CourseCatalogImporter.importCatalog(
                """
                grade,block,course,teacher,room
                10,1,English 10,Mr. Ortiz,A-104
                10,3,AP Chemistry,Ms. Lee,B-201
                """, named: "catalog.csv", into: bot.runtime.storage(for: SchedulePlugin.id),
                by: AuditEntry.commandLine,
                at: bot.clock.now)
            _ = try await CampusImporter.importCampus(
                Array(try Data(contentsOf: Corpus.packageRoot.appendingPathComponent("Examples/campus.json"))),
                into: bot.runtime.storage(for: DirectionsPlugin.id), audit: audit)
            _ = try await RecipeImporter.save(
                try RecipeImporter.recipes(
                    inBook: try Data(contentsOf: Corpus.packageRoot.appendingPathComponent("Examples/recipe-book.json"))
                ),
                into: bot.runtime.storage(for: RecipesPlugin.id), audit: audit)
            try await body(bot)
        }
    } catch {
        await news.stop()
        throw error
    }
    await news.stop()
}

/// The school's news feed on the server at `base`: two stories.
func schoolNewsFeed(base: URL) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0"><channel><title>Lincoln News</title><link>\(base.absoluteString)</link>
    <item><title>Winter Concert Tickets on Sale</title><link>\(base.appendingPathComponent("concert").absoluteString)</link>
      <guid isPermaLink="false">post-2</guid><pubDate>Mon, 23 Nov 2026 15:00:00 GMT</pubDate></item>
    <item><title>Picture Retakes</title><link>\(base.appendingPathComponent("retakes").absoluteString)</link>
      <guid isPermaLink="false">post-1</guid><pubDate>Tue, 17 Nov 2026 15:00:00 GMT</pubDate></item>
    </channel></rss>
    """
}

/// The code in `/link`'s answer, as typed: `ABCD-EFGH`.
func linkCode(in reply: Reply) throws -> String {
    let match = try #require(reply.text.firstMatch(of: /Your code is ([0-9A-Z]{4}-[0-9A-Z]{4})/))
    return String(match.1)
}

/// Links `other` (a verified account) to `home` with a fresh `/link` code, checking each answer.
func link(_ bot: TestBot, from home: String, to other: String) async throws {
    let code = try linkCode(in: try await bot.expect("/link", from: home, contains: "for 10 minutes and one use"))
    try await bot.expect(
        "/link \(code)", from: other, verified: true, contains: "Linked: \(other) and \(home) are one person now")
}
