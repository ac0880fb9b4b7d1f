/// Text from users and feeds made safe to send as an IRC message: plain text, nothing else.
///
/// IRC's formatting codes are taken out (bold `\u{02}`, colour `\u{03}` with its numbers, hex
/// colour `\u{04}` with its digits, reset `\u{0F}`, monospace `\u{11}`, reverse `\u{16}`, italics
/// `\u{1D}`, strike-through `\u{1E}`, underline `\u{1F}`), so that no word can be hidden (a
/// colour on the same background) or disguised; so are CTCP's `\u{01}` (a DCC or ACTION request
/// smuggled into an answer), CR, LF, NUL and every other C0 or C1 control character and DEL. A
/// tab becomes a space. The work is done on Unicode scalars: `"\r\n"` is one `Character`.
enum IRCPlainText {
    /// `text` without codes and control characters.
    static func cleaned(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\t":
                result.append(" ")
            case "\u{03}":
                // Foreground and background: one or two digits each, `,` between.
                index = skipping(scalars, from: index, digits: 1...2, where: isDecimal)
            case "\u{04}":
                index = skipping(scalars, from: index, digits: 6...6, where: isHex)
            case _ where isControl(scalar):
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The index after a colour's numbers that start at `start` (`fg` or `fg,bg`, each a run of
    /// `digits` characters), or `start` when none follow.
    private static func skipping(
        _ scalars: [Unicode.Scalar], from start: Int, digits: ClosedRange<Int>, where isDigit: (Unicode.Scalar) -> Bool
    ) -> Int {
        func run(from position: Int) -> Int {
            var end = position
            while end < scalars.count, end - position < digits.upperBound, isDigit(scalars[end]) { end += 1 }
            return end - position >= digits.lowerBound ? end : position
        }
        let foreground = run(from: start)
        guard foreground > start, foreground < scalars.count, scalars[foreground] == "," else { return foreground }
        let background = run(from: foreground + 1)
        return background > foreground + 1 ? background : foreground
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func isDecimal(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func isHex(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }
}
