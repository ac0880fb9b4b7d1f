import HomeroomCore
import Testing

/// The packing of compact channel answers: one or two lines within the byte budget, what does
/// not fit counted, nothing cut inside a character.
@Suite struct CompactAnswerTests {
    let english = Words(.untranslated, .english)

    @Test func shortItemsShareOneLine() {
        let lines = CompactAnswer.packed(
            "Lunch Tue Nov 24: ", ["Chicken tacos, Veggie pizza", "Green beans", "fries"], words: english)
        #expect(lines == ["Lunch Tue Nov 24: Chicken tacos, Veggie pizza · Green beans · fries"])
    }

    @Test func manyItemsFillTwoLinesAndTheRestAreCounted() throws {
        let items = (1...60).map { "15:30 Club meeting number \($0), room B-\(200 + $0)" }
        let lines = CompactAnswer.packed("Events Mon Nov 23: ", items, words: english)
        #expect(lines.count == 2)
        for line in lines { #expect(line.utf8.count < CompactAnswer.lineBudget, "\(line)") }
        let last = try #require(lines.last)
        let shown = lines.joined(separator: " · ").components(separatedBy: "Club meeting").count - 1
        #expect(last.hasSuffix("+\(60 - shown) more"), "\(last)")
        #expect(lines[0].hasPrefix("Events Mon Nov 23: 15:30 Club meeting number 1,"))
    }

    @Test func anItemLongerThanALineIsClippedAtACharacter() throws {
        let long = String(repeating: "é", count: 400)
        let lines = CompactAnswer.packed("Lunch: ", [long, "fries"], words: english)
        #expect(lines.count <= 2)
        for line in lines { #expect(line.utf8.count < CompactAnswer.lineBudget) }
        let first = try #require(lines.first)
        #expect(first.contains("é… · fries") || first.hasSuffix("é…"), "\(first)")
        #expect(lines.joined().contains("fries"))
    }

    @Test func lineBreaksInAnItemBecomeSpaces() {
        #expect(CompactAnswer.clipped("Book\r\nfair\nday", bytes: 100) == "Book fair day")
        #expect(CompactAnswer.clipped("abcdef", bytes: 5) == "ab…")
        #expect(CompactAnswer.clipped("abc", bytes: 5) == "abc")
    }

    @Test func noItemsLeaveTheLeadAlone() {
        #expect(CompactAnswer.packed("Today, Mon Nov 23 — ", [], words: english) == ["Today, Mon Nov 23 —"])
    }
}
