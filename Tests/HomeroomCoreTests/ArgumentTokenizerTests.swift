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
}
