import Foundation

/// The text operations the readers run on every story, on the string's UTF-8 bytes or scalars
/// rather than through `NSString` or generic collection algorithms.
extension String {
    /// Without surrounding whitespace; nil when nothing is left.
    var trimmed: String? {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return nil }
        return String(self[first...last])
    }

    /// Without the surrounding Unicode scalars of `CharacterSet.whitespacesAndNewlines`, as
    /// Foundation's `trimmingCharacters(in:)` trims.
    var trimmingWhitespaceAndNewlines: String {
        let scalars = unicodeScalars
        let isSpace = { (scalar: Unicode.Scalar) in CharacterSet.whitespacesAndNewlines.contains(scalar) }
        guard let start = scalars.firstIndex(where: { !isSpace($0) }),
            let end = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[start...end])
    }

    /// Whether `part` occurs in the string, byte for byte.
    func includes(_ part: String) -> Bool {
        firstOffset(of: part, from: 0) != nil
    }

    /// The string without any occurrence of `part`, byte for byte.
    func removing(_ part: String) -> String {
        guard var offset = firstOffset(of: part, from: 0) else { return self }
        let bytes = Array(utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var copied = 0
        while true {
            result += bytes[copied..<offset]
            copied = offset + part.utf8.count
            guard let next = firstOffset(of: part, from: copied) else { break }
            offset = next
        }
        result += bytes[copied...]
        return String(decoding: result, as: UTF8.self)
    }

    /// The byte offset of the first `part` at or after byte `start`.
    private func firstOffset(of part: String, from start: Int) -> Int? {
        var text = self
        var part = part
        return text.withUTF8 { text in
            part.withUTF8 { part -> Int? in
                guard let first = part.first, text.count >= part.count, start <= text.count - part.count else {
                    return part.isEmpty ? start : nil
                }
                for offset in start...(text.count - part.count) where text[offset] == first {
                    if UnsafeBufferPointer(rebasing: text[offset..<(offset + part.count)]).elementsEqual(part) {
                        return offset
                    }
                }
                return nil
            }
        }
    }
}
