/// A reply that carriers and Twilio act on by themselves: the whole message, whatever its case,
/// is one keyword. Twilio blocks further messages to a number that sends an opt-out keyword,
/// lifts the block on an opt-in keyword and answers a help keyword itself ("Twilio support for
/// opt-out keywords (SMS STOP filtering)",
/// https://help.twilio.com/articles/223134027-Twilio-support-for-opt-out-keywords-SMS-STOP-filtering-);
/// only single-word messages count, so "STOP PLEASE" or "please stop texting" do not. REVOKE and
/// OPTOUT are in Twilio's default opt-out list as its Advanced Opt-Out guide gives it
/// (https://www.twilio.com/docs/messaging/tutorials/advanced-opt-out).
package enum CarrierKeyword: Sendable, Equatable {
    /// STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE or OPTOUT.
    case optOut
    /// START, UNSTOP or YES.
    case optIn
    /// HELP or INFO.
    case help

    /// The keyword per normalized spelling.
    private static let keywords: [String: CarrierKeyword] = [
        "STOP": .optOut, "STOPALL": .optOut, "UNSUBSCRIBE": .optOut, "CANCEL": .optOut, "END": .optOut,
        "QUIT": .optOut, "REVOKE": .optOut, "OPTOUT": .optOut,
        "START": .optIn, "UNSTOP": .optIn, "YES": .optIn,
        "HELP": .help, "INFO": .help,
    ]

    /// The longest keyword, in letters; longer messages are not read further.
    private static let maxLetters = 11

    /// The keyword `message` is, or nil. Surrounding whitespace and trailing "." and "!" (also
    /// their full-width forms) are ignored; letters are compared without case, full-width Latin
    /// letters as their ASCII forms.
    package init?(message: String) {
        var scalars = message.unicodeScalars[...]
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace || Self.isTrailingPunctuation(last) {
            scalars.removeLast()
        }
        guard scalars.prefix(Self.maxLetters + 1).count <= Self.maxLetters else { return nil }
        var word = ""
        for scalar in scalars {
            guard let letter = Self.uppercaseLatinLetter(scalar) else { return nil }
            word.unicodeScalars.append(letter)
        }
        guard let keyword = Self.keywords[word] else { return nil }
        self = keyword
    }

    /// "." and "!", and the full-width "．" and "！".
    private static func isTrailingPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        ["." as Unicode.Scalar, "!", "\u{FF0E}", "\u{FF01}"].contains(scalar)
    }

    /// `scalar` as an ASCII capital when it is an ASCII or full-width Latin letter, else nil.
    private static func uppercaseLatinLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let value = scalar.value
        let fullWidthOffset: UInt32 = 0xFF21 - 0x41
        switch value {
        case 0x41...0x5A: return scalar
        case 0x61...0x7A: return Unicode.Scalar(value - 0x20)
        case 0xFF21...0xFF3A: return Unicode.Scalar(value - fullWidthOffset)
        case 0xFF41...0xFF5A: return Unicode.Scalar(value - fullWidthOffset - 0x20)
        default: return nil
        }
    }
}
