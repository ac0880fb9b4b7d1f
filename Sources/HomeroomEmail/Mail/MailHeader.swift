import Foundation

/// Header fields written from text Homeroom does not control (a notification's first line, the
/// school's name): every control character, line breaks included, becomes a space, so the text
/// can never end the field and start another; text that is not plain ASCII goes in RFC 2047
/// encoded words (`=?UTF-8?B?…?=`); long fields are folded (RFC 5322 section 2.2.3) with CRLF
/// and a space, so no line passes 78 characters but for one long word.
package enum MailHeader {
    /// The widest line a header should make (RFC 5322 section 2.1.1).
    static let lineWidth = 78
    /// UTF-8 bytes in one encoded word: 39 make 52 base64 characters, and `=?UTF-8?B?…?=` 64, so
    /// a word fits on a line after `Subject: ` (RFC 2047 section 2 allows 75).
    static let bytesPerEncodedWord = 39

    /// `Name: text`, folded, its text cleaned and encoded as it needs.
    package static func unstructured(_ name: String, _ text: String) -> String {
        let cleaned = Self.cleaned(text)
        let words = needsEncoding(cleaned) ? encodedWords(cleaned) : cleaned.split(separator: " ").map(String.init)
        return folded(name + ":", words)
    }

    /// `Name: Display Name <address>`: the display name quoted, or in encoded words when it is not
    /// plain ASCII or too long for one line; the address alone when there is no name.
    package static func mailbox(_ name: String, displayName: String?, address: EmailAddress) -> String {
        let cleaned = displayName.map(Self.cleaned) ?? ""
        guard !cleaned.isEmpty else { return "\(name): <\(address)>" }
        let escaped = cleaned.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
            of: "\"", with: "\\\"")
        let quoted = "\"\(escaped)\""
        // A quoted name is one word, which cannot be folded: one longer than a line goes in
        // encoded words, which can.
        let phrase =
            needsEncoding(cleaned) || quoted.utf8.count > lineWidth - name.utf8.count - 2
            ? encodedWords(cleaned) : [quoted]
        return folded(name + ":", phrase + ["<\(address)>"])
    }

    /// The text with every control character (C0, DEL, C1, the Unicode line and paragraph
    /// separators) as a space, runs of spaces as one, and no space at either end.
    static func cleaned(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var lastWasSpace = true
        for scalar in text.unicodeScalars {
            let isSpace =
                scalar.value < 0x21 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}"
                || scalar == "\u{2029}" || scalar.properties.isWhitespace
            if isSpace {
                if !lastWasSpace { result.unicodeScalars.append(" ") }
            } else {
                result.unicodeScalars.append(scalar)
            }
            lastWasSpace = isSpace
        }
        if result.hasSuffix(" ") { result.removeLast() }
        return result
    }

    /// True when the text must be encoded: anything but printable ASCII, something a reader would
    /// take for an encoded word (`=?`), or a word too long to fold.
    private static func needsEncoding(_ text: String) -> Bool {
        text.utf8.contains { $0 > 0x7E } || text.contains("=?")
            || text.split(separator: " ").contains { $0.utf8.count > lineWidth - 10 }
    }

    /// The text as `=?UTF-8?B?…?=` words of whole Unicode scalars (RFC 2047 section 5 forbids
    /// splitting a character between words), the spaces kept inside them.
    static func encodedWords(_ text: String) -> [String] {
        var words: [String] = []
        var chunk: [UInt8] = []
        for scalar in text.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if chunk.count + bytes.count > bytesPerEncodedWord {
                words.append(encodedWord(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append(encodedWord(chunk)) }
        return words
    }

    private static func encodedWord(_ bytes: [UInt8]) -> String {
        "=?UTF-8?B?" + Data(bytes).base64EncodedString() + "?="
    }

    /// `label` and `words` joined by spaces, a line ending (CRLF and a space) before a word that
    /// would take the line past ``lineWidth``.
    private static func folded(_ label: String, _ words: [String]) -> String {
        var result = label
        var lineLength = label.utf8.count
        var wordsOnLine = 0
        for word in words {
            let length = word.utf8.count
            if wordsOnLine > 0, lineLength + 1 + length > lineWidth {
                result += "\r\n "
                lineLength = 1
                wordsOnLine = 0
            } else {
                result += " "
                lineLength += 1
            }
            result += word
            lineLength += length
            wordsOnLine += 1
        }
        return result
    }
}
