import Foundation
import Testing

@testable import HomeroomIRC

@Suite struct IRCMessageTests {
    static func parse(_ text: String) -> IRCMessage? { IRCMessage(line: Array(text.utf8)) }

    @Test func aFullLineWithTagsSourceAndTrailingParameter() throws {
        let message = try #require(
            Self.parse(
                #"@time=2026-11-23T12:00:00.000Z;account=alice;msgid=a\sb\:c\\d :alice!~a@host.example PRIVMSG #lunch :!lunch  tomorrow"#
            ))
        #expect(message.tags["time"] == "2026-11-23T12:00:00.000Z")
        #expect(message.tags["account"] == "alice")
        #expect(message.tags["msgid"] == #"a b;c\d"#)
        #expect(message.source == "alice!~a@host.example")
        #expect(message.sourceNick == "alice")
        #expect(message.command == "PRIVMSG")
        #expect(message.parameters == ["#lunch", "!lunch  tomorrow"])
    }

    @Test func numericsLowercaseCommandsAndExtraSpaces() throws {
        let welcome = try #require(Self.parse(":irc.test 001 homeroom :Welcome to IRC"))
        #expect(welcome.command == "001")
        #expect(welcome.parameters == ["homeroom", "Welcome to IRC"])
        let ping = try #require(Self.parse("ping   :token  with spaces"))
        #expect(ping.command == "PING")
        #expect(ping.parameters == ["token  with spaces"])
        let bare = try #require(Self.parse("JOIN #a"))
        #expect(bare.source == nil && bare.parameters == ["#a"])
        #expect(Self.parse(":server.only")?.command == nil)
        #expect(Self.parse("@tags-only")?.command == nil)
        #expect(Self.parse("")?.command == nil)
        #expect(Self.parse("   ")?.command == nil)
    }

    @Test func invalidUTF8IsReadAsLatin1() throws {
        var bytes = Array(":bob!b@h PRIVMSG #cafe :caf".utf8)
        bytes.append(0xE9)  // é in Latin-1, invalid alone in UTF-8
        let message = try #require(IRCMessage(line: bytes))
        #expect(message.parameters.last == "café")
    }

    @Test func serializingNeverLetsALineBreakThrough() {
        let message = IRCMessage("PRIVMSG", "#lunch", "soup\r\nQUIT :bye\u{0}")
        let text = String(decoding: message.serialized, as: UTF8.self)
        #expect(text == "PRIVMSG #lunch :soupQUIT :bye\r\n")
        #expect(IRCMessage("PONG", "token").serialized == Array("PONG token\r\n".utf8))
        #expect(String(decoding: IRCMessage("PRIVMSG", "#a", ":-)").serialized, as: UTF8.self) == "PRIVMSG #a ::-)\r\n")
        #expect(String(decoding: IRCMessage("PRIVMSG", "#a", "").serialized, as: UTF8.self) == "PRIVMSG #a :\r\n")
    }

    @Test func tagsRoundTrip() throws {
        let message = IRCMessage(tags: ["+draft/reply": "a;b c\\d", "flag": ""], command: "TAGMSG", parameters: ["#x"])
        let again = try #require(IRCMessage(line: message.serialized.dropLast(2)))
        #expect(again == message)
    }

    @Test func randomBytesNeverCrashTheParser() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let length = Int.random(in: 0..<120, using: &generator)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if let message = IRCMessage(line: bytes) {
                #expect(!message.command.isEmpty)
            }
        }
    }
}
