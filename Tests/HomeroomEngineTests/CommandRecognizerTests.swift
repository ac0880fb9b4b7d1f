import HomeroomCore
import HomeroomEngine
import Testing

@Suite struct CommandRecognizerTests {
    let recognizer = CommandRecognizer()

    @Test(arguments: [
        ("/lunch", "/", "lunch"),
        ("!lunch tomorrow", "!", "lunch tomorrow"),
        ("  /lunch  ", "/", "lunch"),
        ("homeroom: lunch", "/", "lunch"),
        ("Homeroom, lunch week", "/", "lunch week"),
        ("HOMEROOM:lunch", "/", "lunch"),
        ("@homeroom lunch", "/", "lunch"),
        ("homeroom: /lunch", "/", "lunch"),
        ("homeroom: !lunch", "!", "lunch"),
        ("/déjeuner", "/", "déjeuner"),
    ])
    func recognisesCommandsInChannels(text: String, prefix: String, body: String) {
        #expect(recognizer.recognize(text, in: .channel("#general")) == .init(prefix: prefix, body: body))
    }

    @Test(arguments: [
        "hello everyone", "!!!", "! lunch", "!1", "/ lunch", "/", "homeroom is great", "homeroom", "@homeroom",
        "homeroomlunch", "", "   ", "!🍕", ":) /lunch",
    ])
    func ignoresChatterInChannels(text: String) {
        #expect(recognizer.recognize(text, in: .channel("#general")) == nil)
    }

    @Test func directMessagesNeedNoPrefix() {
        #expect(recognizer.recognize("lunch tomorrow", in: .direct) == .init(prefix: "/", body: "lunch tomorrow"))
        #expect(recognizer.recognize("/lunch", in: .direct) == .init(prefix: "/", body: "lunch"))
        #expect(recognizer.recognize("🍕 lunch", in: .direct) == nil)
    }

    @Test func configuredPrefixesAndNameAreUsed() {
        let custom = CommandRecognizer(prefixes: ["?", "."], botName: "Bell")
        #expect(custom.recognize("?now", in: .channel("c")) == .init(prefix: "?", body: "now"))
        #expect(custom.recognize("bell: now", in: .channel("c")) == .init(prefix: "?", body: "now"))
        #expect(custom.recognize("/now", in: .channel("c")) == nil)
        #expect(custom.recognize("homeroom: now", in: .channel("c")) == nil)
    }
}
