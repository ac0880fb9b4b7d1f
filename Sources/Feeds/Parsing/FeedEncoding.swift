#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns a feed's bytes into UTF-8 before libxml2 reads them, choosing the encoding the way
/// feed readers do: a byte order mark; else the byte pattern of `<?` in UTF-16 or UTF-32; else the
/// XML declaration's `encoding` (also in EBCDIC); else UTF-8. ISO-8859-1 and US-ASCII are read as Windows-1252, of
/// which they are subsets in practice (curly quotes in "Latin-1" feeds), and bytes that are not
/// valid in the chosen encoding make the whole document read as Windows-1252.
enum FeedEncoding {
    /// The UTF-8 bytes of the document, without a byte order mark.
    static func utf8Bytes(of bytes: [UInt8]) -> [UInt8] {
        let (encoding, bomLength) = detect(bytes)
        let body = bomLength == 0 ? bytes : Array(bytes.dropFirst(bomLength))
        if encoding == "UTF-8", (try? UTF8Span(validating: body.span)) != nil { return body }
        if encoding != "UTF-8", let converted = convert(body, from: encoding) { return converted }
        return convert(body, from: "WINDOWS-1252") ?? body
    }

    /// The encoding's name for iconv and the length of the byte order mark.
    static func detect(_ bytes: [UInt8]) -> (encoding: String, bomLength: Int) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return ("UTF-8", 3) }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return ("UTF-32LE", 4) }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return ("UTF-32BE", 4) }
        if bytes.starts(with: [0xFF, 0xFE]) { return ("UTF-16LE", 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return ("UTF-16BE", 2) }
        if bytes.starts(with: [0x00, 0x00, 0x00, 0x3C]) { return ("UTF-32BE", 0) }
        if bytes.starts(with: [0x3C, 0x00, 0x00, 0x00]) { return ("UTF-32LE", 0) }
        if bytes.starts(with: [0x00, 0x3C, 0x00, 0x3F]) { return ("UTF-16BE", 0) }
        if bytes.starts(with: [0x3C, 0x00, 0x3F, 0x00]) { return ("UTF-16LE", 0) }
        if bytes.starts(with: [0x4C, 0x6F, 0xA7, 0x94]) {
            // `<?xm` in EBCDIC: the declaration names the code page, readable in any of them.
            let head = convert(Array(bytes.prefix(200)), from: "CP037") ?? []
            return (declaredEncoding(head).map(normalized) ?? "CP037", 0)
        }
        return (declaredEncoding(bytes).map(normalized) ?? "UTF-8", 0)
    }

    /// `encoding="…"` from the XML declaration, when the document starts with one.
    private static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        let head = String(decoding: bytes.prefix(200).prefix { $0 != UInt8(ascii: ">") }, as: UTF8.self)
        guard let range = head.range(of: "encoding") else { return nil }
        let rest = head[range.upperBound...].drop { $0 == " " || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let name = rest.dropFirst().prefix { $0 != quote }
        return name.isEmpty ? nil : String(name)
    }

    /// The iconv name for a declared one: Latin-1 and ASCII as Windows-1252, a Unicode family
    /// declared in an 8-bit document as UTF-8, a bare code page number as `CP` and the number.
    private static func normalized(_ declared: String) -> String {
        let name = declared.uppercased()
        switch name {
        case "ISO-8859-1", "ISO8859-1", "LATIN1", "LATIN-1", "US-ASCII", "ASCII", "L1", "CP819", "IBM819":
            return "WINDOWS-1252"
        case _
        where name.hasPrefix("UTF-16") || name.hasPrefix("UTF-32") || name.hasPrefix("UCS") || name == "UNICODE"
            || name == "CSUNICODE" || name == "U16":
            return "UTF-8"
        case _ where name.allSatisfy(\.isNumber): return "CP\(name)"
        default: return name
        }
    }

    /// `bytes` converted from `encoding` to UTF-8; nil when iconv does not know the encoding or
    /// the bytes are not valid in it.
    static func convert(_ bytes: [UInt8], from encoding: String) -> [UInt8]? {
        let converter = iconv_open("UTF-8", encoding)
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: bytes.count * 4 + 16)
        let written: Int? = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                var inPointer = UnsafeMutableRawPointer(inputBuffer.baseAddress)?.assumingMemoryBound(to: CChar.self)
                var inLeft = inputBuffer.count
                var outPointer = UnsafeMutableRawPointer(outputBuffer.baseAddress)?.assumingMemoryBound(to: CChar.self)
                var outLeft = outputBuffer.count
                guard iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1, inLeft == 0 else {
                    return nil
                }
                return outputBuffer.count - outLeft
            }
        }
        guard let written else { return nil }
        return Array(output.prefix(written))
    }
}
