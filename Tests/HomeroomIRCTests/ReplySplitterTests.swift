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

    @Test func userAndFeedTextCannotSmuggleCTCPCodesOrLineBreaks() {
        let hostile = [
            "\u{1}DCC SEND evil.exe 2130706433 4444 100\u{1}",
            "\u{1}ACTION waves\u{1}",
            "Soup \u{3}1,1hidden on black\u{3} and \u{3}04red\u{F} \u{2}bold\u{2} \u{1D}it\u{1F}u\u{16}r\u{11}m\u{1E}s",
            "hex \u{4}FF0000,00FF00colours\u{4}",
            "line\r\nQUIT :bye\u{0}\u{7}\u{1B}[31m\u{7F}\u{85}",
            "tab\tand 2024",
            "\u{3}",
        ]
        let lines = ReplySplitter.split(lines: hostile, budget: 400)
        #expect(
            lines == [
                "DCC SEND evil.exe 2130706433 4444 100",
                "ACTION waves",
                "Soup hidden on black and red bold iturms",
                "hex colours",
                "lineQUIT :bye[31m",
                "tab and 2024",
                " ",
            ])
        for line in lines {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(line)")
        }
        #expect(IRCPlainText.cleaned("crème brûlée 🍎, 12,5 €") == "crème brûlée 🍎, 12,5 €")
        #expect(IRCPlainText.cleaned("\u{3}12,") == ",", "a comma without a background stays")
    }
}
