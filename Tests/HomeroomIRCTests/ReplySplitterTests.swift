import Testing

@testable import HomeroomIRC

@Suite struct ReplySplitterTests {
    @Test func theRelayedLineFits512BytesWithAnUnknownHost() {
        let budget = ReplySplitter.budget(nick: "homeroom", userAndHost: nil, target: "#lunch")
        let relayed =
            ":homeroom!~" + String(repeating: "u", count: 10) + "@" + String(repeating: "h", count: 63)
            + " PRIVMSG #lunch :" + String(repeating: "x", count: budget) + "\r\n"
        #expect(relayed.utf8.count == 512)
    }

    @Test func piecesBreakBetweenWordsAndNeverInsideACharacter() {
        let words = (1...200).map { index in index % 3 == 0 ? "crème-brûlée" : index % 3 == 1 ? "🍎🍐" : "pho" }
        let line = words.joined(separator: " ")
        let pieces = ReplySplitter.split(line, budget: 100)
        #expect(pieces.count > 1)
        for piece in pieces {
            #expect(piece.utf8.count <= 100)
            #expect(!piece.hasPrefix(" ") && !piece.hasSuffix(" "))
        }
        #expect(pieces.joined(separator: " ") == line)
    }

    @Test func aWordLongerThanALineIsCutAtCharacters() {
        let word = String(repeating: "é", count: 80)  // 160 bytes
        let pieces = ReplySplitter.split(word, budget: 51)
        #expect(pieces.allSatisfy { $0.utf8.count <= 51 })
        #expect(pieces.joined() == word)
        #expect(pieces.first?.utf8.count == 50)
    }

    @Test func aShortLineIsLeftAlone() {
        #expect(ReplySplitter.split("Tacos today", budget: 400) == ["Tacos today"])
    }
}
