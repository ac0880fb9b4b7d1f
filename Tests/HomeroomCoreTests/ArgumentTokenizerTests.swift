import HomeroomCore
import Testing

@Suite struct ArgumentTokenizerTests {
    @Test func splitsOnWhitespaceAndKeepsQuotedTextTogether() throws {
        #expect(
            try ArgumentTokenizer.words(in: #"lunch set specials "Chicken tacos; Veggie pizza" fries yes"#)
                == ["lunch", "set", "specials", "Chicken tacos; Veggie pizza", "fries", "yes"])
    }

    @Test func typographicQuotesWorkLikeStraightOnes() throws {
        #expect(try ArgumentTokenizer.words(in: "always add “Salad bar”") == ["always", "add", "Salad bar"])
    }

    @Test func escapesInsideQuotes() throws {
        #expect(try ArgumentTokenizer.words(in: #"say "a \"b\" c\\d""#) == ["say", #"a "b" c\d"#])
    }

    @Test func emptyQuotesAreAnEmptyWordAndAdjacentTextJoins() throws {
        #expect(try ArgumentTokenizer.words(in: #"set vegetables """#) == ["set", "vegetables", ""])
        #expect(try ArgumentTokenizer.words(in: #"name="Big Room"x"#) == ["name=Big Roomx"])
    }

    @Test func unicodeWordsAndWhitespace() throws {
        #expect(try ArgumentTokenizer.words(in: "menu\u{00A0}crème  brûlée\t🍕") == ["menu", "crème", "brûlée", "🍕"])
    }

    @Test func unclosedQuoteIsAnError() {
        #expect(throws: ArgumentTokenizer.UnclosedQuote.self) {
            try ArgumentTokenizer.words(in: #"set specials "tacos"#)
        }
    }

    @Test func apostrophesAreOrdinaryLetters() throws {
        #expect(try ArgumentTokenizer.words(in: "chef's special") == ["chef's", "special"])
    }

    /// Found by the Commands fuzz target: a text that begins with a combining mark (U+0593), once
    /// quoted, hid its opening quote inside one character, and an Arabic number sign (U+0600, a
    /// prepended mark) at the end hid the closing one.
    @Test(arguments: [
        "\u{0593}uFloat\u{FFFD}\u{1}$$$u", "ends with a prepended mark \u{0600}", "a \"quote\" and a \\ backslash",
        "\u{301}", "",
    ])
    func anyTextQuotedReadsBackWhole(_ text: String) throws {
        #expect(try ArgumentTokenizer.words(in: ArgumentTokenizer.quoted(text)) == [text])
    }

    @Test func aCombiningMarkAfterAQuoteBelongsToTheQuotedWord() throws {
        #expect(try ArgumentTokenizer.words(in: "set \"\u{301}e\" x") == ["set", "\u{301}e", "x"])
    }
}
