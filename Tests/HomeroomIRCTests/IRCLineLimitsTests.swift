import NIOCore
import Testing

@testable import HomeroomIRC

/// The caps on what a server sends: line length in the decoder, tags and parameters in the parser.
@Suite struct IRCLineLimitsTests {
    /// Feeds `chunks` to a decoder with a small limit and returns the lines and the most bytes the
    /// buffer ever kept.
    static func decode(_ chunks: [String], maximumLength: Int = 100) -> (lines: [String], mostKept: Int) {
        var decoder = IRCLineDecoder(maximumLength: maximumLength)
        var buffer = ByteBuffer()
        var lines: [String] = []
        var mostKept = 0
        for chunk in chunks {
            buffer.writeString(chunk)
            loop: while true {
                switch decoder.next(from: &buffer) {
                case .line(let line): lines.append(String(buffer: line))
                case .skipped: continue
                case .needMoreData: break loop
                }
            }
            mostKept = max(mostKept, buffer.readableBytes)
        }
        return (lines, mostKept)
    }

    @Test func anEndlessLineIsNeverKeptWhole() {
        // 1 MB without a line end, in 4 KB reads, then the end of it and a good line.
        let chunks = Array(repeating: String(repeating: "A", count: 4096), count: 256) + ["tail\r\nPING :ok\r\n"]
        let (lines, mostKept) = Self.decode(chunks)
        #expect(lines == ["PING :ok"])
        #expect(mostKept <= 4096 + 100)
    }

    @Test func anOverlongLineThatEndsInTheSameReadIsDropped() {
        let long = "PRIVMSG #lunch :!echo " + String(repeating: "x", count: 500)
        let (lines, _) = Self.decode([long + "\r\n:a!b@c PRIVMSG #lunch :!lunch\r\n\r\n\nPING x\n"])
        #expect(lines == [":a!b@c PRIVMSG #lunch :!lunch", "PING x"])
    }

    @Test func theDefaultLimitTakesFullTagsAndA512ByteLine() {
        let tags = "@" + String(repeating: "t", count: 8190)
        let line = tags + " :" + String(repeating: "s", count: 510)
        #expect(line.utf8.count == 8191 + 512)
        let (kept, _) = Self.decode([line + "\r\n"], maximumLength: 8191 + 512)
        #expect(kept.count == 1)
        let (dropped, _) = Self.decode([line + "x\r\n"], maximumLength: 8191 + 512)
        #expect(dropped.isEmpty)
    }

    @Test func atMostSixtyFourTagsAndFifteenParametersAreRead() throws {
        let tags = (0..<1000).map { "k\($0)=v" }.joined(separator: ";")
        let tagged = try #require(IRCMessage(line: Array("@\(tags) PING x".utf8)))
        #expect(tagged.tags.count == IRCMessage.maximumTags)
        #expect(tagged.command == "PING")

        let words = (1...40).map { "p\($0)" }
        let message = try #require(IRCMessage(line: Array(("X " + words.joined(separator: " ")).utf8)))
        try #require(message.parameters.count == 15)
        #expect(message.parameters[13] == "p14")
        #expect(message.parameters[14] == words[14...].joined(separator: " "), "the fifteenth takes the rest")
        let trailing = try #require(
            IRCMessage(line: Array(("X " + words.prefix(14).joined(separator: " ") + " :a b").utf8)))
        #expect(trailing.parameters.last == "a b")
    }
}
