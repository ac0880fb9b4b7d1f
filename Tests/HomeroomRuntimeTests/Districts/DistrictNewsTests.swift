import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTesting
import News
import SQLKit
import Testing

/// News in a district: each school reads, searches and subscribes to its own sources (a group's
/// schools to the group's), one poll keeps every school's sources fresh, and a school's database
/// from before schools keeps its sources, stories and subscriptions.
@Suite struct DistrictNewsTests {
    /// A story of a feed: its guid, title, RSS date and description.
    typealias Story = (guid: String, title: String, date: String, summary: String)

    /// An RSS feed called `title` with `stories`, which link to no page.
    static func feed(_ title: String, _ stories: [Story]) -> LoopbackHTTPServer.Response {
        let items = stories.map { story in
            "<item><title>\(story.title)</title><guid isPermaLink=\"false\">\(story.guid)</guid>"
                + "<pubDate>\(story.date)</pubDate><description>\(story.summary)</description></item>"
        }
        let channel = "<channel><title>\(title)</title>\(items.joined())</channel>"
        return .text(
            "<?xml version=\"1.0\"?><rss version=\"2.0\">\(channel)</rss>", contentType: "application/rss+xml")
    }

    static let concert: Story = (
        "post-2", "Winter Concert Tickets", "Mon, 23 Nov 2026 12:00:00 GMT", "Tickets are $5 at the front office."
    )
    static let retakes: Story = (
        "post-1", "Picture Retakes", "Tue, 17 Nov 2026 15:00:00 GMT", "Retakes are in the library on Thursday."
    )
    /// When ``concert`` and ``retakes`` were published, as their feed dates them.
    static let published = [
        concert.guid: seconds("2026-11-23T12:00:00+00:00"), retakes.guid: seconds("2026-11-17T15:00:00+00:00"),
    ]

    /// Runs `body` with a loopback server, stopped afterwards.
    static func withServer(_ body: (LoopbackHTTPServer) async throws -> Void) async throws {
        let server = try await LoopbackHTTPServer.start()
        do {
            try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func eachSchoolReadsItsOwnSourcesAndAGroupsSchoolsShareTheirs(backend: DatabaseBackend) async throws {
        try await Self.withServer { server in
            server.serve(
                "/lincoln", Self.feed("Lincoln News", [("l1", "Lincoln Winter Concert", Self.concert.date, "")]))
            server.serve(
                "/jefferson", Self.feed("Jefferson News", [("j1", "Jefferson Spring Concert", Self.concert.date, "")]))
            server.serve(
                "/elementary", Self.feed("Elementary News", [("e1", "Elementary Book Fair", Self.concert.date, "")]))
            let (lincolnFeed, elementaryFeed) = (server.url("/lincoln"), server.url("/elementary"))
            try await withSchoolDataBot(backend: backend) { bot in
                let admin = "console:district"
                try await bot.expect(
                    "/news source add \(lincolnFeed)", from: admin, in: "#lincoln", verified: true,
                    contains: "Added source 1, \"Lincoln News\"")
                try await bot.expect(
                    "/news source add \(server.url("/jefferson"))", from: admin, in: "#jefferson", verified: true,
                    contains: "Added source 2, \"Jefferson News\"")
                // A feed is one school's, and its name too: schools share one through a group.
                try await bot.expect(
                    "/news source add \(lincolnFeed) Copy", from: admin, in: "#jefferson", verified: true,
                    contains: "that feed is already another school's news source", error: true)
                try await bot.expect(
                    "/news source add \(elementaryFeed) Lincoln News", from: admin, in: "#adams", verified: true,
                    contains: "there is already a source named \"Lincoln News\"", error: true)
                try await bot.expect(
                    "/news source add \(elementaryFeed)", from: admin, in: "#adams", verified: true,
                    contains: "Added source 3, \"Elementary News\"")

                let lincoln = try await bot.expect("/news", in: "#lincoln", contains: "#1 Lincoln Winter Concert")
                #expect(!lincoln.text.contains("Jefferson"))
                let sources = try await bot.expect("/news sources", in: "#jefferson")
                #expect(sources.lines == ["2. Jefferson News — 1 story — \(server.url("/jefferson"))"])
                let found = try await bot.expect(
                    "/news search concert", in: "#jefferson", contains: "#2 Jefferson Spring Concert")
                #expect(!found.text.contains("Lincoln"))
                try await bot.expect("/news 1", in: "#jefferson", contains: "there is no story #1", error: true)
                try await bot.expect(
                    "/news from Lincoln News", in: "#jefferson", contains: "no news source \"Lincoln News\"",
                    error: true)
                try await bot.expect(
                    "/news source remove Lincoln News", from: admin, in: "#jefferson", verified: true,
                    contains: "no news source \"Lincoln News\"", error: true)
                try await bot.expect("/news", in: "#lincoln", contains: "Lincoln Winter Concert")

                // Washington reads the elementary group's source: the same row, not a copy.
                try await bot.expect("/news", in: "#washington", contains: "#3 Elementary Book Fair")
                try await bot.expect("/news sources", in: "#washington", contains: "3. Elementary News")
                #expect(
                    try await scopes(of: "sources", NewsPlugin.self, in: bot) == ["elementary", "jefferson", "lincoln"])
            }
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aSchoolsSubscribersGetItsNewStoriesFromThePollOfEverySource(backend: DatabaseBackend) async throws {
        try await Self.withServer { server in
            server.serve(
                "/lincoln", Self.feed("Lincoln News", [("l1", "Lincoln Winter Concert", Self.concert.date, "")]))
            server.serve(
                "/jefferson", Self.feed("Jefferson News", [("j1", "Jefferson Spring Concert", Self.concert.date, "")]))
            try await withSchoolDataBot(backend: backend) { bot in
                let admin = "console:district"
                try await bot.expect(
                    "/news source add \(server.url("/lincoln"))", from: admin, in: "#lincoln", verified: true)
                try await bot.expect(
                    "/news source add \(server.url("/jefferson"))", from: admin, in: "#jefferson", verified: true)
                try await bot.expect(
                    "/news subscribe", from: admin, in: "#lincoln", verified: true,
                    contains: "Subscribed: new stories of \"Lincoln News\" will be posted to #lincoln.")
                try await bot.expect(
                    "/news unsubscribe", from: admin, in: "#jefferson", verified: true,
                    contains: "There was no subscription to remove.")

                server.serve(
                    "/lincoln",
                    Self.feed(
                        "Lincoln News",
                        [
                            ("l2", "Lincoln Robotics Wins", Self.concert.date, ""),
                            ("l1", "Lincoln Winter Concert", Self.concert.date, ""),
                        ]))
                server.serve(
                    "/jefferson",
                    Self.feed("Jefferson News", [("j2", "Jefferson Science Fair", Self.concert.date, "")]))
                try await bot.runJob("poll feeds", of: NewsPlugin.self)
                let sent = try await bot.runtime.outbox.due(for: "console", limit: 10)
                #expect(sent.map(\.target) == [.channel("#lincoln")])
                #expect(sent.first?.lines == ["News from Lincoln News: Lincoln Robotics Wins"])
                try await bot.expect("/news", in: "#jefferson", contains: "Jefferson Science Fair")
            }
        }
    }

    static let questions = [
        "/news", "/news sources", "/news search concert", "/news 1", "/news from Lincoln News", "/news subscribe",
    ]

    static func configure(_ configuration: inout HomeroomConfiguration) {
        configuration.timeZone = "America/New_York"
    }

    /// What the release before schools made of `feed` (``concert`` and ``retakes``) added by
    /// `console:admin` at `instant`, with `console:student` subscribed to it in a direct message.
    static func releasedDatabase(_ database: any Database, feed: URL, at instant: String) async throws {
        try await releasedSchema(database, try NewsPlugin(settings: .init()), steps: 1)
        let now = SQLBind(seconds(instant))
        let search = database.fullTextIndex(table: "news_search", fields: ["title", "text"])
        try await database.write { db in
            let source = try await db.insert(into: "news_sources")
                .columns("url", "name", "checked_at", "added_by", "added_at")
                .values(SQLBind(feed.absoluteString), SQLBind("Lincoln News"), now, SQLBind("console:admin"), now)
                .returning("id").all()[0].decode(column: "id", as: Int64.self)
            for story in [concert, retakes] {
                let id = try await db.insert(into: "news_stories")
                    .columns("source_id", "story_key", "title", "published_at", "summary", "first_seen_at")
                    .values(
                        SQLBind(source), SQLBind(story.guid), SQLBind(story.title), SQLBind(published[story.guid]),
                        SQLBind(story.summary), now
                    )
                    .returning("id").all()[0].decode(column: "id", as: Int64.self)
                try await search.replace(id, fields: [story.title, story.summary], in: db)
            }
            try await db.insert(into: "news_subscriptions").columns("adapter", "target", "source_id", "created_by")
                .values(
                    SQLBind("console"), SQLBind(DeliveryTarget.user(UserID("console:student")!).description),
                    SQLBind(source), SQLBind("console:student")
                ).run()
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func anUpgradedDatabaseKeepsItsSourcesAndAnswersAsTheSameDataEnteredToday(backend: DatabaseBackend)
        async throws
    {
        let instant = "2026-11-24T09:00:00-05:00"
        try await Self.withServer { server in
            server.serve("/feed", Self.feed("Lincoln News", [Self.concert, Self.retakes]))
            var expected: [String] = []
            try await TestBot.with(
                plugins: [NewsPlugin.self], at: instant, backend: backend, configure: Self.configure
            ) { bot in
                try await bot.loginAsAdmin()
                try await bot.expect(
                    "/news source add \(server.url("/feed"))", from: "console:admin", contains: "2 stories so far")
                try await bot.expect("/news subscribe", contains: "Subscribed")
                expected = await answers(bot, Self.questions)
            }
            try await TestBot.with(
                plugins: [NewsPlugin.self], at: instant, backend: backend, configure: Self.configure,
                preparing: { try await Self.releasedDatabase($0, feed: server.url("/feed"), at: instant) }
            ) { bot in
                let upgraded = await answers(bot, Self.questions)
                #expect(upgraded == expected)
                #expect(upgraded[0].contains("#1 Winter Concert Tickets") && upgraded[0].contains("#2 Picture Retakes"))
                #expect(upgraded[5].contains("Already subscribed"))
                #expect(try await scopes(of: "sources", NewsPlugin.self, in: bot) == [School.soleSchoolID])
                // The next source takes the next number, and its stories the next ones.
                server.serve(
                    "/district", Self.feed("District News", [("d1", "Bond Measure Passes", Self.concert.date, "")]))
                try await bot.loginAsAdmin()
                try await bot.expect(
                    "/news source add \(server.url("/district"))", from: "console:admin",
                    contains: "Added source 2, \"District News\"")
                try await bot.expect("/news from District News", contains: "#3 Bond Measure Passes")
            }
        }
    }
}
