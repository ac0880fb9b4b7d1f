import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTesting
import News

/// A school feed of three stories, each linking to a page on the same server.
func schoolFeed(base: URL, firstTitle: String = "Winter Concert Tickets on Sale") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
    <title>Lincoln News</title><link>\(base.absoluteString)</link>
    <item><title>\(firstTitle)</title><link>\(base.appendingPathComponent("concert").absoluteString)</link>
      <guid isPermaLink="false">post-3</guid><pubDate>Mon, 23 Nov 2026 15:00:00 GMT</pubDate>
      <dc:creator>Ms. Rivera</dc:creator><description>Tickets are $5 at the front office.</description></item>
    <item><title>Robotics Team Heads to State</title><link>\(base.appendingPathComponent("robotics.pdf").absoluteString)</link>
      <guid isPermaLink="false">post-2</guid><pubDate>Fri, 20 Nov 2026 15:00:00 GMT</pubDate>
      <description>The team placed second at regionals.</description></item>
    <item><title>Picture Retakes</title><link>\(base.appendingPathComponent("huge").absoluteString)</link>
      <guid isPermaLink="false">post-1</guid><pubDate>Tue, 17 Nov 2026 15:00:00 GMT</pubDate>
      <description>Retakes are in the library on Thursday.</description></item>
    </channel></rss>
    """
}

/// The concert page: the story in five long paragraphs, with navigation and a share bar around it.
let concertParagraphs = (1...5).map { number in
    "Paragraph \(number) of the concert story: the orchestra, the jazz band and both choirs rehearse every afternoon, "
        + "and the music department expects a full hall, so families should buy their tickets early this week."
}

let concertPage = """
    <html><head><title>Concert</title></head><body>
    <nav><a href="/">Home</a> <a href="/news">News</a></nav>
    <article><h1>Winter Concert Tickets on Sale</h1>
    \(concertParagraphs.map { "<p>\($0)</p>" }.joined())
    <div class="share"><a href="#">Share on Facebook</a></div></article>
    <footer>Lincoln High School</footer></body></html>
    """

/// Runs `body` with a bot carrying the news plugin and a loopback server serving the feed at `/feed`.
/// `language` is the school's.
func withNewsBot(
    backend: DatabaseBackend = .sqlite, settings: [String: JSONValue] = [:], language: String = "en",
    _ body: (TestBot, LoopbackHTTPServer) async throws -> Void
) async throws {
    let server = try await LoopbackHTTPServer.start()
    server.serve(
        "/feed", .text(schoolFeed(base: server.url("/news")), etag: "\"v1\"", contentType: "application/rss+xml"))
    server.serve("/news/concert", .text(concertPage, contentType: "text/html"))
    server.serve("/news/robotics.pdf", .init(status: 200, body: Array("%PDF-1.7\n\u{0}binary".utf8)))
    do {
        try await TestBot.with(
            plugins: [NewsPlugin.self], at: "2026-11-24T09:00:00-05:00", backend: backend,
            configure: {
                $0.timeZone = "America/New_York"
                $0.language = language
                $0.plugins["news"] = .object(settings)
            }
        ) { bot in
            try await bot.loginAsAdmin()
            let add = "/news source add \(server.url("/feed").absoluteString)"
            if language == "en" {
                try await bot.expect(
                    add, from: "console:admin", contains: "Added source 1, \"Lincoln News\"", "3 stories so far")
            } else {
                // The answer is in the school's language; it must still not be an error.
                try await bot.expect(add, from: "console:admin")
            }
            try await body(bot, server)
        }
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}
