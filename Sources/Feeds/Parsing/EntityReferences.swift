import HTMLText

/// Feeds often use HTML's named entities (`&nbsp;`, `&eacute;`, `&rsquo;`) that XML does not
/// define; a recovering XML parser then drops them and stops decoding the entities after them.
/// This rewrites each such reference into the numeric one (`&#160;`) before parsing, leaving
/// XML's own five untouched. Entities a document declares are never read (see
/// ``XMLDocumentReader``), so a declaration cannot give one of these names another meaning.
enum EntityReferences {
    private static let xmlEntities: Set<String> = ["amp", "lt", "gt", "quot", "apos"]

    /// `bytes` (UTF-8) with HTML's named entities as numeric references.
    ///
    /// `memchr` finds the next `&`, a search for `<![CDATA[` the next CDATA section, whose text is
    /// passed over untouched; the bytes are copied only once there is a reference to rewrite.
    static func numeric(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { input in
            guard let base = input.baseAddress else { return bytes }
            var result: [UInt8]?
            // The bytes before `copied` are in `result`, those before `index` have been read.
            var copied = 0
            var index = 0
            // The next `<![CDATA[` at or after `index`, searched again only once `index` has passed it.
            var cdata = ByteSearch.search(cdataStart, in: input, from: 0)
            while let ampersand = ByteSearch.next(UInt8(ascii: "&"), in: input, from: index) {
                if let start = cdata, start < ampersand {
                    // CDATA sections hold their text as written.
                    index =
                        ByteSearch.search(cdataEnd, in: input, from: start).map { $0 + cdataEnd.count } ?? input.count
                    cdata = ByteSearch.search(cdataStart, in: input, from: index)
                    continue
                }
                guard let (value, length) = reference(at: ampersand, in: input) else {
                    index = ampersand + 1
                    continue
                }
                if result == nil {
                    result = []
                    result?.reserveCapacity(input.count + 64)
                }
                result?.append(contentsOf: UnsafeBufferPointer(start: base + copied, count: ampersand - copied))
                result?.append(contentsOf: "&#\(value);".utf8)
                index = ampersand + length
                copied = index
            }
            guard var result else { return bytes }
            result.append(contentsOf: UnsafeBufferPointer(start: base + copied, count: input.count - copied))
            return result
        }
    }

    /// The code point of the HTML named reference at `start` (a `&`, a name of up to 32 letters and
    /// digits, then `;`) and the reference's length, or nil when it is none or one of XML's own.
    private static func reference(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (UInt32, Int)? {
        var end = start + 1
        while end < bytes.count, end - start <= 32, isNameByte(bytes[end]) { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > start + 1 else { return nil }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]), as: UTF8.self)
        guard !xmlEntities.contains(name), let value = CharacterReferences.codePoint(named: name) else { return nil }
        return (value, end + 1 - start)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static let cdataStart = Array("<![CDATA[".utf8)
    private static let cdataEnd = Array("]]>".utf8)
}
