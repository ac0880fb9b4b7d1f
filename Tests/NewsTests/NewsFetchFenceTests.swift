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
