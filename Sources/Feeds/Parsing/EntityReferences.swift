import HTMLText

/// Feeds often use HTML's named entities (`&nbsp;`, `&eacute;`, `&rsquo;`) that XML does not
/// define; a recovering XML parser then drops them and stops decoding the entities after them.
/// This rewrites each such reference into the numeric one (`&#160;`) before parsing, leaving
/// XML's own five untouched. Entities a document declares are never read (see
/// ``XMLDocumentReader``), so a declaration cannot give one of these names another meaning.
enum EntityReferences {
    private static let xmlEntities: Set<String> = ["amp", "lt", "gt", "quot", "apos"]

    /// `bytes` (UTF-8) with HTML's named entities as numeric references.
    static func numeric(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "&")) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 64)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            // CDATA sections hold their text as written: copied through untouched.
            if byte == UInt8(ascii: "<"), bytes[index...].starts(with: cdataStart) {
                let end = range(of: cdataEnd, in: bytes, from: index).map { $0 + cdataEnd.count } ?? bytes.count
                result += bytes[index..<end]
                index = end
                continue
            }
            guard byte == UInt8(ascii: "&") else {
                result.append(byte)
                index += 1
                continue
            }
            // A name of up to 32 letters and digits, then `;`.
            var end = index + 1
            while end < bytes.count, end - index <= 32, isNameByte(bytes[end]) { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > index + 1 {
                let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                if !xmlEntities.contains(name), let value = CharacterReferences.codePoint(named: name) {
                    result += Array("&#\(value);".utf8)
                    index = end + 1
                    continue
                }
            }
            result.append(byte)
            index += 1
        }
        return result
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static let cdataStart = Array("<![CDATA[".utf8)
    private static let cdataEnd = Array("]]>".utf8)

    /// The first position at or after `start` where `needle` begins.
    private static func range(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        return (start...(haystack.count - needle.count)).first { position in
            haystack[position] == needle[0] && haystack[position..<(position + needle.count)].elementsEqual(needle)
        }
    }
}
