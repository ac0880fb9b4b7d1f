import HomeroomWebhooks
import Testing

/// The replies carriers and Twilio act on: the whole message must be one keyword.
@Suite struct CarrierKeywordTests {
    @Test func eachOptOutKeywordIsOptOut() {
        for word in ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"] {
            #expect(CarrierKeyword(message: word) == .optOut, "\(word)")
            #expect(CarrierKeyword(message: word.lowercased()) == .optOut, "\(word)")
        }
    }

    @Test func eachOptInAndHelpKeywordIsRecognized() {
        for word in ["START", "UNSTOP", "YES", "start", "Yes"] {
            #expect(CarrierKeyword(message: word) == .optIn, "\(word)")
        }
        for word in ["HELP", "INFO", "help", "Info"] {
            #expect(CarrierKeyword(message: word) == .help, "\(word)")
        }
    }

    @Test func whitespaceCaseAndTrailingPunctuationAreIgnored() {
        for message in ["STOP!!", " stop. ", "Stop!", "\n\tsToP \n", "stop . !", "\u{3000}STOP\u{3000}"] {
            #expect(CarrierKeyword(message: message) == .optOut, "\(message)")
        }
    }

    @Test func fullWidthLettersAndPunctuationFoldToASCII() {
        #expect(CarrierKeyword(message: "ＳＴＯＰ") == .optOut)
        #expect(CarrierKeyword(message: "ｓｔｏｐ！") == .optOut)
        #expect(CarrierKeyword(message: "ｈｅｌｐ．") == .help)
    }

    @Test func aKeywordInsideALongerMessageIsNotAKeyword() {
        let messages = [
            "please stop texting", "stop please", "STOP ALL", "S T O P", "STOPP", "stop?", "¡STOP", "",
            "!!!", "   ", "СТОП", "ſtop", "STOP\u{200B}", "STOP\u{301}", "what is the lunch today",
        ]
        for message in messages {
            #expect(CarrierKeyword(message: message) == nil, "\(message)")
        }
    }

    @Test func aHugeMessageIsReadWithinBounds() {
        #expect(CarrierKeyword(message: String(repeating: "STOP", count: 100_000)) == nil)
        #expect(CarrierKeyword(message: String(repeating: " ", count: 100_000) + "stop") == .optOut)
    }
}
