import HomeroomTesting
import Testing

/// `/news` in the words people use for the newest stories.
@Suite struct NewsWordsTests {
    @Test(arguments: ["latest", "headlines", "recent", "Latest"])
    func aWordForTheNewestStoriesListsThemAsNewsDoes(word: String) async throws {
        try await withNewsBot { bot, _ in
            let listed = try await bot.expect("/news \(word)", contains: "Winter Concert Tickets on Sale")
            #expect(listed.lines == (try await bot.expect("/news")).lines)
        }
    }

    @Test func anUnknownWordListsTheWordsAccepted() async throws {
        try await withNewsBot { bot, _ in
            try await bot.expect(
                "/news soon", contains: "\"soon\" is not a story number — usage: /news [latest | NUMBER]",
                error: true)
        }
    }
}
