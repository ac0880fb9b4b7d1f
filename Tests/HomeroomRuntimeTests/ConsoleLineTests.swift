import HomeroomCore
import HomeroomRuntime
import Testing

/// A line typed on the console: `#name TEXT` is said in the channel `#name`, anything else is a
/// direct message as typed.
@Suite struct ConsoleLineTests {
    /// Where `line` is said, and what.
    func read(_ line: String) -> (Conversation, String) {
        let typed = ConsoleLine(line)
        return (typed.conversation, typed.text)
    }

    @Test func aLineStartingWithAChannelIsSaidInThatChannel() {
        #expect(read("#jefferson /now") == (.channel("#jefferson"), "/now"))
        #expect(read("#lincoln   /lunch at Adams") == (.channel("#lincoln"), "/lunch at Adams"))
        #expect(read("#adams ") == (.channel("#adams"), ""))
    }

    @Test(arguments: ["/now", "#jefferson", "# /now", "#", "", "what's for lunch? #hungry", " #lincoln /now"])
    func anyOtherLineIsADirectMessageAsTyped(line: String) {
        #expect(read(line) == (.direct, line))
    }

    @Test func aChannelNameLongerThanAnyPlatformsIsReadAsText() {
        let longest = "#" + String(repeating: "a", count: ConsoleLine.maximumChannelLength - 1)
        #expect(read(longest + " /now") == (.channel(longest), "/now"))
        let line = longest + "a /now"
        #expect(read(line) == (.direct, line))
    }
}
