import Foundation
import HomeroomCore
import HomeroomTesting
import News
import Testing

@Suite struct NewsTests {
    @Test(arguments: TemporaryDatabase.availableBackends)
    func theLatestStoriesAreListedNewestFirst(backend: DatabaseBackend) async throws {
        try await withNewsBot(backend: backend) { bot, _ in
            let reply = try await bot.expect("/news")
            #expect(
                reply.lines == [
                    "#1 Winter Concert Tickets on Sale — Lincoln News, Nov 23, 2026, by Ms. Rivera",
                    "#2 Robotics Team Heads to State — Lincoln News, Nov 20, 2026",
                    "#3 Picture Retakes — Lincoln News, Nov 17, 2026",
                    "Read one with /news NUMBER.",
                ])
            try await bot.expect("/news from lincoln news", contains: "#1 Winter Concert")
            try await bot.expect("/news sources", contains: "1. Lincoln News — 3 stories")
        }
    }

    @Test func anArticleIsFetchedOnceCleanedAndPagedWithMore() async throws {
        try await withNewsBot(settings: ["pageCharacters": .number(450)]) { bot, server in
            let first = try await bot.expect("/news 1", contains: "#1 Winter Concert Tickets on Sale — Lincoln News")
            #expect(first.lines.contains(concertParagraphs[0]))
            #expect(!first.text.contains("Share on Facebook") && !first.text.contains("Home"))
            #expect(first.lines.last == "(page 1 of 3 — /more for the next)")
            try await bot.expect("/more", contains: concertParagraphs[2], "page 2 of 3")
            let last = try await bot.expect("/more", contains: concertParagraphs[4])
            #expect(last.lines.last == "(end — \(server.url("/news/concert").absoluteString))")
            try await bot.expect("/more", contains: "That was the end of #1")
            // Read again: the stored text serves, the page is not fetched a second time.
            try await bot.expect("/news read 1", contains: concertParagraphs[0])
            #expect(server.requests.filter { $0.path == "/news/concert" }.count == 1)
            // Found by words of the article itself, not only of the title.
            try await bot.expect("/news search rehearse afternoon", contains: "#1 Winter Concert")
        }
    }

    @Test func aLinkThatIsNotAWebPageOrTooLargeShowsTheSummaryAndSaysWhy() async throws {
        try await withNewsBot(settings: ["maximumPageBytes": .number(1_000_000)]) { bot, server in
            try await bot.expect(
                "/news 2", contains: "(Only the summary: the link is not a web page.)", "The team placed second")
            // Its next page does not ask the site again.
            try await bot.expect("/more", contains: "That was the end of #2")
            #expect(server.requests.filter { $0.path == "/news/robotics.pdf" }.count == 1)
            // A page larger than the cap is refused while it streams in, not read whole.
            server.serve("/news/huge", .init(status: 200, body: Array(repeating: UInt8(ascii: "a"), count: 50_000_000)))
            try await bot.expect("/news 3", contains: "(Only the summary:", "Retakes are in the library")
        }
    }

    @Test func pollsAskConditionallyAndAChangedTitleUpdatesTheSameStory() async throws {
        try await withNewsBot { bot, server in
            #expect(await bot.runtime.scheduler.runNow(pluginID: "news", name: "poll feeds"))
            let polls = server.requests.filter { $0.path == "/feed" }
            #expect(polls.count == 2)
            #expect(polls[1].headers["if-none-match"] == "\"v1\"")
            server.serve(
                "/feed",
                .text(
                    schoolFeed(base: server.url("/news"), firstTitle: "Winter Concert Tickets: Now $3"), etag: "\"v2\"",
                    contentType: "application/rss+xml"))
            #expect(await bot.runtime.scheduler.runNow(pluginID: "news", name: "poll feeds"))
            let reply = try await bot.expect("/news")
            #expect(
                reply.lines.first == "#1 Winter Concert Tickets: Now $3 — Lincoln News, Nov 23, 2026, by Ms. Rivera")
            #expect(reply.lines.count == 4)
            try await bot.expect("/news search now", contains: "Now $3")
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aFeedThatIsDownKeepsItsStoriesAndSaysSo(backend: DatabaseBackend) async throws {
        try await withNewsBot(backend: backend) { bot, server in
            server.serve("/feed", .init(status: 503, body: Array("maintenance".utf8)))
            #expect(await bot.runtime.scheduler.runNow(pluginID: "news", name: "poll feeds"))
            try await bot.expect("/news", contains: "#1 Winter Concert")
            try await bot.expect("/news sources", contains: "failing: the server answered 503")
        }
    }

    @Test func subscribersGetNewStoriesThroughTheOutboxOnce() async throws {
        try await withNewsBot { bot, server in
            try await bot.expect("/news subscribe", from: "console:student", contains: "Subscribed")
            try await bot.expect("/news subscribe", from: "console:student", contains: "Already subscribed")
            try await bot.expect(
                "/news subscribe", from: "console:student", in: "#general", contains: "news.subscribe.channel",
                error: true)
            try await bot.expect(
                "/news subscribe lincoln news", from: "console:admin", in: "#news", contains: "Subscribed")
            let newer = schoolFeed(base: server.url("/news")).replacingOccurrences(
                of: "<item><title>Winter",
                with:
                    "<item><title>Snow Day Friday</title><guid>post-4</guid><pubDate>Tue, 24 Nov 2026 12:00:00 GMT</pubDate></item><item><title>Winter"
            )
            server.serve("/feed", .text(newer, etag: "\"v3\"", contentType: "application/rss+xml"))
            #expect(await bot.runtime.scheduler.runNow(pluginID: "news", name: "poll feeds"))
            #expect(await bot.runtime.scheduler.runNow(pluginID: "news", name: "poll feeds"))
            let due = try await bot.runtime.outbox.due(for: "console")
            #expect(due.count == 2)
            #expect(Set(due.map(\.target)) == [.user(UserID("console:student")!), .channel("#news")])
            #expect(due.allSatisfy { $0.lines == ["News from Lincoln News: Snow Day Friday"] })
            try await bot.expect("/news unsubscribe", from: "console:student", contains: "Unsubscribed")
        }
    }

    @Test func theNewsTopicOfSubscribeIsTheSameSubscription() async throws {
        try await withNewsBot { bot, _ in
            try await bot.expect(
                "/subscribe news", from: "console:student",
                contains: "Subscribed: you get new stories of every source as it happens.")
            try await bot.expect("/news subscribe", from: "console:student", contains: "Already subscribed")
            try await bot.expect(
                "/subscriptions", from: "console:student",
                contains: "• news as it happens — new stories of every source")
            try await bot.expect(
                "/subscribe news 10:30", from: "console:student", contains: "news comes as it happens, without a time",
                error: true)
            try await bot.expect("/unsubscribe news", from: "console:student", contains: "Unsubscribed you from news.")
            try await bot.expect(
                "/unsubscribe news", from: "console:student", contains: "you are not subscribed to news", error: true)
            try await bot.expect("/subscriptions", from: "console:student", contains: "No subscriptions for you.")
            // In a channel the runtime's subscribe.channel permission is the one asked for.
            try await bot.expect(
                "/subscribe news", from: "console:student", in: "#general",
                contains: "you need the subscribe.channel permission", error: true)
            try await bot.loginAsAdmin()
            try await bot.expect(
                "/subscribe news", from: "console:admin", in: "#general",
                contains: "Subscribed: #general gets new stories")
        }
    }

    @Test func badInputGetsShortSpecificAnswersAndChangesNothing() async throws {
        try await withNewsBot { bot, server in
            try await bot.expect("/news 99", contains: "there is no story #99", error: true)
            try await bot.expect("/news soon", contains: "\"soon\" is not a story number", error: true)
            try await bot.expect("/news search", contains: "tell me what to look for", error: true)
            try await bot.expect("/news search ?!", contains: "tell me what to look for", error: true)
            try await bot.expect("/news search xylophone", contains: "No story mentions \"xylophone\"")
            try await bot.expect("/news from gazette", contains: "no news source \"gazette\"", error: true)
            try await bot.expect("/more", contains: "Nothing more to show", error: true)
            try await bot.expect(
                "/news source add \(server.url("/feed").absoluteString)", from: "console:student",
                contains: "news.source.add", error: true)
            try await bot.expect(
                "/news source add \(server.url("/feed").absoluteString)", from: "console:admin",
                contains: "already source 1", error: true)
            try await bot.expect(
                "/news source add ftp://x.example/feed", from: "console:admin", contains: "not an http", error: true)
            try await bot.expect(
                "/news source add \(server.url("/news/concert").absoluteString) Concert", from: "console:admin",
                contains: "is not a feed", error: true)
            try await bot.expect(
                "/news source add \(server.url("/missing").absoluteString) Gone", from: "console:admin",
                contains: "cannot read", "404", error: true)
            try await bot.expect("/news sources", contains: "1. Lincoln News")
            let sources = await bot.send("/news sources")
            #expect(sources?.lines.count == 1)
            try await bot.expect("/news source remove 1", from: "console:admin", contains: "Removed source 1")
            try await bot.expect("/news", contains: "No news yet")
            try await bot.expect("/news search concert", contains: "No story mentions")
        }
    }
}
