import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTesting
import News
import Testing

/// Feeds and pages on addresses the fetch settings do not allow are refused with the setting to
/// change; a failed page is not fetched again on every `/news N`.
@Suite struct NewsFetchFenceTests {
    @Test func aFeedOnALoopbackAddressIsRefusedByDefaultNamingTheSetting() async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve("/feed", .text(schoolFeed(base: server.url("/news")), contentType: "application/rss+xml"))
        let feed = server.url("/feed").absoluteString
        let defaults: (inout HomeroomConfiguration) -> Void = { $0.fetch = .init() }
        try await TestBot.with(plugins: [NewsPlugin.self], configure: defaults) { bot in
            try await bot.loginAsAdmin()
            let reply = try await bot.expect(
                "/news source add \(feed)", from: "console:admin",
                contains: "cannot read \(feed): that address is on the bot's own machine", "fetch.allowedHosts",
                error: true)
            #expect(!reply.text.contains("refused") && !reply.text.contains("connect"), "\(reply.text)")
            try await bot.expect("/news sources", contains: "No news sources yet")
        }
        #expect(server.requests.isEmpty, "nothing was asked of the server")
        // Listed, the same feed is read.
        let listing: (inout HomeroomConfiguration) -> Void = { $0.fetch.allowedHosts = ["127.0.0.1"] }
        try await TestBot.with(plugins: [NewsPlugin.self], configure: listing) { bot in
            try await bot.loginAsAdmin()
            try await bot.expect("/news source add \(feed)", from: "console:admin", contains: "Added source 1")
        }
        await server.stop()
    }

    /// Two feeds an admin added, both on loopback and both listed: 127.0.0.2 plays an intranet host
    /// opened for its own feed, 127.0.0.1 an outside feed whose story links into the intranet.
    @Test func anIntranetLinkInAnOutsideFeedIsRefusedWhileTheIntranetFeedItselfIsRead() async throws {
        let intranet = try await LoopbackHTTPServer.start(on: "127.0.0.2")
        let outside = try await LoopbackHTTPServer.start()
        func oneStoryFeed(_ title: String, link: URL) -> LoopbackHTTPServer.Response {
            .text(
                """
                <?xml version="1.0"?><rss version="2.0"><channel><title>\(title)</title>
                <item><title>\(title) story</title><link>\(link.absoluteString)</link><guid>\(title)</guid>
                <description>The \(title) summary.</description></item></channel></rss>
                """, contentType: "application/rss+xml")
        }
        intranet.serve("/feed", oneStoryFeed("Staff", link: intranet.url("/news/concert")))
        intranet.serve("/news/concert", .text(concertPage, contentType: "text/html"))
        intranet.serve("/grades", .text(concertPage, contentType: "text/html"))
        outside.serve("/feed", oneStoryFeed("Outside", link: intranet.url("/grades")))
        let listing: (inout HomeroomConfiguration) -> Void = { $0.fetch.allowedHosts = ["127.0.0.1", "127.0.0.2"] }
        try await TestBot.with(plugins: [NewsPlugin.self], configure: listing) { bot in
            try await bot.loginAsAdmin()
            try await bot.expect(
                "/news source add \(intranet.url("/feed").absoluteString)", from: "console:admin",
                contains: "Added source 1, \"Staff\"")
            try await bot.expect(
                "/news source add \(outside.url("/feed").absoluteString)", from: "console:admin",
                contains: "Added source 2, \"Outside\"")
            let refused = try await bot.expect(
                "/news read 2",
                contains: "(Only the summary: the link leads to the bot's own machine, "
                    + "which is read only for the addresses an admin set.)", "The Outside summary.")
            #expect(!refused.text.contains(concertParagraphs[0]) && !refused.text.contains("tried again"))
            try await bot.expect("/news read 1", contains: concertParagraphs[0])
        }
        #expect(!intranet.requests.contains { $0.path == "/grades" }, "nothing was asked of the intranet page")
        #expect(intranet.requests.map(\.path) == ["/feed", "/news/concert"])
        await intranet.stop()
        await outside.stop()
    }

    @Test func aSiteThatCannotBeReachedIsSaidSoWithoutNetworkDetail() async throws {
        let refusing = try UnansweredLoopbackPort()
        let feed = refusing.url("/feed").absoluteString
        try await TestBot.with(plugins: [NewsPlugin.self]) { bot in
            try await bot.loginAsAdmin()
            let reply = try await bot.expect(
                "/news source add \(feed)", from: "console:admin",
                contains: "cannot read \(feed): the site could not be reached", error: true)
            #expect(!reply.text.lowercased().contains("refused"), "\(reply.text)")
        }
    }

    @Test func aFailedArticleFetchBacksOffAndSaysWhenItIsTriedAgain() async throws {
        try await withNewsBot { bot, server in
            func pageRequests() -> Int { server.requests.filter { $0.path == "/news/concert" }.count }
            server.serve("/news/concert", .init(status: 503))
            try await bot.expect(
                "/news 1",
                contains: "(Only the summary: the server answered 503 Service Unavailable; "
                    + "the page will be tried again in 10 min.)",
                "Tickets are $5")
            let again = try await bot.expect("/news 1", contains: "the page will be tried again in 10 min")
            #expect(again.advances, "an article page moves the reader on: a repeat is never folded")
            bot.clock.advance(by: 5 * 60)
            try await bot.expect("/news read 1", contains: "the page will be tried again in 5 min")
            #expect(pageRequests() == 1, "asked once while it backs off")
            // After the wait it is asked again; failing again, it waits twice as long.
            bot.clock.advance(by: 5 * 60 + 1)
            try await bot.expect("/news 1", contains: "the page will be tried again in 20 min")
            #expect(pageRequests() == 2)
            server.serve("/news/concert", .text(concertPage, contentType: "text/html"))
            bot.clock.advance(by: 19 * 60)
            try await bot.expect("/news 1", contains: "the page will be tried again in 1 min")
            bot.clock.advance(by: 61)
            let read = try await bot.expect("/news 1", contains: concertParagraphs[0])
            #expect(!read.text.contains("Only the summary"))
            #expect(pageRequests() == 3)
        }
    }
}
