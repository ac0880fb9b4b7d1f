import Foundation
import HomeroomCore
import HomeroomEngine
import Testing

@Suite struct CommandRecognizerTests {
    let recognizer = CommandRecognizer()

    @Test(arguments: [
        ("/lunch", "/", "lunch", false),
        ("!lunch tomorrow", "!", "lunch tomorrow", false),
        ("  /lunch  ", "/", "lunch", false),
        ("/lunch?", "/", "lunch", false),
        ("!lunch tomorrow?!", "!", "lunch tomorrow", false),
        ("homeroom: lunch", "/", "lunch", true),
        ("Homeroom, lunch week", "/", "lunch week", true),
        ("HOMEROOM:lunch", "/", "lunch", true),
        ("@homeroom lunch", "/", "lunch", true),
        ("homeroom, what's for lunch?", "/", "what's for lunch", true),
        ("homeroom: /lunch", "/", "lunch", false),
        ("homeroom: !lunch", "!", "lunch", false),
        ("/déjeuner", "/", "déjeuner", false),
    ])
    func recognisesCommandsInChannels(text: String, prefix: String, body: String, isPlain: Bool) {
        #expect(
            recognizer.recognize(text, in: .channel("#general"))
                == .init(prefix: prefix, body: body, isPlain: isPlain))
    }

    @Test(arguments: [
        "hello everyone", "!!!", "! lunch", "!1", "/ lunch", "/", "homeroom is great", "homeroom", "@homeroom",
        "homeroomlunch", "", "   ", "!🍕", ":) /lunch",
    ])
    func ignoresChatterInChannels(text: String) {
        #expect(recognizer.recognize(text, in: .channel("#general")) == nil)
    }

    @Test func directMessagesNeedNoPrefixAndAnyTextIsPlainLanguage() {
        #expect(
            recognizer.recognize("lunch tomorrow", in: .direct)
                == .init(prefix: "/", body: "lunch tomorrow", isPlain: true))
        #expect(recognizer.recognize("/lunch", in: .direct) == .init(prefix: "/", body: "lunch"))
        #expect(recognizer.recognize("🍕 lunch", in: .direct) == .init(prefix: "/", body: "🍕 lunch", isPlain: true))
        #expect(
            recognizer.recognize("¿Qué hay de almuerzo?", in: .direct)
                == .init(prefix: "/", body: "Qué hay de almuerzo", isPlain: true))
        #expect(recognizer.recognize("?", in: .direct) == .init(prefix: "/", body: "?", isPlain: true))
        #expect(recognizer.recognize("   ", in: .direct) == nil)
    }

    @Test func channelChatterOfTheCorpusIsNeverForTheBot() throws {
        let chatter = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/understanding/chatter.tsv"), encoding: .utf8)
        let lines = chatter.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.count >= 80)
        for line in lines {
            #expect(recognizer.recognize(String(line), in: .channel("#general")) == nil, "\(line)")
        }
    }

    @Test func configuredPrefixesAndNameAreUsed() {
        let custom = CommandRecognizer(prefixes: ["?", "."], botName: "Bell")
        #expect(custom.recognize("?now", in: .channel("c")) == .init(prefix: "?", body: "now"))
        #expect(custom.recognize("bell: now", in: .channel("c")) == .init(prefix: "?", body: "now", isPlain: true))
        #expect(custom.recognize("/now", in: .channel("c")) == nil)
        #expect(custom.recognize("homeroom: now", in: .channel("c")) == nil)
    }
}
