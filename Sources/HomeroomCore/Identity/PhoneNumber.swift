import Foundation

/// A telephone number in E.164 (`+15551230000`): the form text-message providers, rosters and
/// people's contacts are compared in. Read leniently from what people and exports write
/// (`(555) 123-0000`, `555.123.0000`, `00 44 20 7946 0000`), strictly in what it keeps.
public struct PhoneNumber: Hashable, Sendable, CustomStringConvertible {
    /// `+` and 8 to 15 digits, the first not 0 (ITU-T E.164).
    public let e164: String

    /// The most characters read: longer text is no telephone number.
    static let maximumLength = 40

    /// The number `text` writes: E.164 as it is; an international `00` prefix as `+`; 10 digits
    /// (or 11 starting with 1) as a North American number when `assumingNorthAmerica`, the country
    /// US and Canadian rosters leave out. Spaces, dashes, dots, slashes and parentheses are
    /// ignored; nil for anything else.
    public init?(_ text: some StringProtocol, assumingNorthAmerica: Bool = true) {
        guard text.utf8.count <= Self.maximumLength else { return nil }
        var digits = ""
        var plus = false
        for (index, character) in text.trimmingCharacters(in: .whitespacesAndNewlines).enumerated() {
            if character == "+", index == 0 {
                plus = true
            } else if let ascii = character.asciiValue, (48...57).contains(ascii) {
                digits.append(character)
            } else if !" -./()\u{A0}".contains(character) {
                return nil
            }
        }
        if !plus, digits.hasPrefix("00") {
            plus = true
            digits.removeFirst(2)
        }
        if !plus, assumingNorthAmerica {
            if digits.count == 11, digits.hasPrefix("1") { digits.removeFirst() }
            // The area code and the exchange each start with 2 to 9 (the North American Numbering Plan).
            let nanp = Array(digits.utf8)
            guard nanp.count == 10, nanp[0] >= UInt8(ascii: "2"), nanp[3] >= UInt8(ascii: "2") else { return nil }
            digits = "1" + digits
            plus = true
        }
        guard plus, (8...15).contains(digits.count), digits.first != "0" else { return nil }
        e164 = "+" + digits
    }

    public var description: String { e164 }

    /// The number with all but its country's first digit and its last two hidden
    /// (`+1•••••••••00`), for logs: enough to tell two numbers apart, too little to call either.
    public var masked: String {
        let digits = e164.dropFirst()
        return "+" + digits.prefix(1) + String(repeating: "•", count: max(0, digits.count - 3)) + digits.suffix(2)
    }
}
