import HomeroomEngine
import Testing

@Suite struct PlainTextTests {
    func folded(_ text: String) -> [String] { PlainText(text).words.map(\.folded) }

    @Test func wordsAreLowercaseWithoutAccentsApostrophesOrPunctuation() {
        #expect(folded("¿Qué hay de ALMUERZO mañana?") == ["que", "hay", "de", "almuerzo", "manana"])
        #expect(folded("What's for lunch?!? 🍕🍕") == ["whats", "for", "lunch"])
        #expect(PlainText("Mañana").words.map(\.typed) == ["mañana"], "the typed form keeps its accent")
        #expect(folded("¡¡¡hola!!!") == ["hola"])
    }

    @Test func codesDatesAndTimesStayWhole() {
        #expect(folded("room B-201 at 7:30 on 12/3") == ["room", "b-201", "at", "7:30", "on", "12/3"])
        #expect(folded("2026-12-03.") == ["2026-12-03"])
        #expect(folded("a - b / c") == ["a", "b", "c"], "a joiner between spaces joins nothing")
    }

    @Test func clausePunctuationIsMarkedOnTheWordAfterIt() {
        let text = PlainText("Hi, where is the gym? My son is there. b-201 at 7:30 ¿y mañana")
        let breaks = text.words.filter(\.afterBreak).map(\.folded)
        #expect(breaks == ["where", "my", "b-201", "y"])
        #expect(PlainText("lunch tomorrow").words.allSatisfy { !$0.afterBreak })
    }

    @Test func aMessageOfNoWordsIsEmpty() {
        #expect(PlainText("?").isEmpty)
        #expect(PlainText("👍🏽").isEmpty)
        #expect(PlainText("   ").isEmpty)
        #expect(!PlainText("1").isEmpty)
    }

    @Test func onlyTheFirstWordsOfALongMessageAreRead() {
        let long = String(repeating: "lunch ", count: 10_000)
        #expect(PlainText(long).words.count == PlainText.maximumWords)
        let wide = String(repeating: "a", count: 100_000)
        #expect(PlainText(wide).words.first?.folded.count == PlainText.maximumCharacters)
    }
}
