import HomeroomCore
import HomeroomRuntime
import HomeroomTesting
import News
import Testing

@Suite struct NewsExamplesTests {
    /// Every worked example answers what it says, on the school feed (source 1) with articles of
    /// several pages, and the district's feed served from the same loopback server in place of
    /// the real address.
    @Test func everyWorkedExampleAnswers() async throws {
        try await withNewsBot(settings: ["pageCharacters": .number(450)]) { bot, server in
            server.serve("/district/feed/", .text(districtFeed, contentType: "application/rss+xml"))
            try await bot.runExamples(
                of: NewsPlugin.self,
                substituting: ["https://district.example.org/news/feed/": server.url("/district/feed/").absoluteString])
        }
    }

    /// Run in the pseudo-language on the same feeds, every example says every word through the
    /// catalogs, whole.
    @Test func everyWorkedExampleSpeaksThroughTheCatalogs() async throws {
        try await withNewsBot(settings: ["pageCharacters": .number(450)], language: Language.pseudo.code) {
            bot, server in
            server.serve("/district/feed/", .text(districtFeed, contentType: "application/rss+xml"))
            try await bot.runExamplesThroughCatalogs(
                of: NewsPlugin.self,
                substituting: ["https://district.example.org/news/feed/": server.url("/district/feed/").absoluteString])
        }
    }
}

/// The district's feed: one story of its own.
private let districtFeed = """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0"><channel><title>District News</title><link>https://district.example.org/</link>
    <item><title>District Science Fair</title><link>https://district.example.org/science-fair</link>
      <guid isPermaLink="false">district-1</guid><pubDate>Mon, 23 Nov 2026 16:00:00 GMT</pubDate>
      <description>Projects are due on Friday.</description></item>
    </channel></rss>
    """
