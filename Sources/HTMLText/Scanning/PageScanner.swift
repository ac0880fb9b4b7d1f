import Foundation

/// Reads the machine-readable parts of a page — its JSON-LD blocks and its `<meta>` tags —
/// straight from the bytes, without building the document. A recipe or an event lives in these
/// parts alone, so scanning for them is many times faster than parsing the whole page.
///
/// It follows what an HTML parser does with them: a script's text runs to the first `</script`,
/// attribute values may be quoted either way or not at all (their character references decoded),
/// names are matched in any case, and comments are skipped.
public enum PageScanner {
    /// A tag's attributes by lowercased name, values decoded.
    public typealias Attributes = [String: String]

    /// What a scan finds.
    public struct Parts: Sendable {
        /// The JSON-LD blocks (`<script type="application/ld+json">`) that parse, in document order.
        public var linkedData: [LinkedDataValue] = []
        /// The attributes of every `<meta>` tag, in document order.
        public var metaTags: [Attributes] = []
    }

    /// The meta tags read from one page; later ones are left out.
    public static let maximumMetaTags = 1_000

    /// The page's JSON-LD blocks and meta tags, in one pass over its bytes; the blocks within
    /// ``LinkedDataLimits`` and at most ``maximumMetaTags`` meta tags. The attributes of a tag past
    /// these limits are not read.
    public static func parts(of page: some Collection<UInt8>) -> Parts {
        var metaTags: [Attributes] = []
        var blocks = LinkedDataBlocks()
        scan(page) { name, attributeBytes, content in
            switch name {
            case .meta:
                guard metaTags.count < maximumMetaTags else { return }
                metaTags.append(attributes(attributeBytes))
            case .script:
                guard !blocks.isFull, let content,
                    attributes(attributeBytes)["type"]?.lowercased().contains("ld+json") == true
                else { return }
                guard content.count <= LinkedDataLimits.maximumBlockBytes else { return blocks.skip() }
                blocks.read(String(decoding: content, as: UTF8.self))
            }
        }
        return Parts(linkedData: blocks.values, metaTags: metaTags)
    }

    private enum TagName { case script, meta }

    /// Calls `visit` with each script and meta tag: the bytes of its attributes, read only when
    /// wanted, and for a script its text.
    private static func scan(
        _ page: some Collection<UInt8>,
        _ visit: (TagName, Slice<UnsafeBufferPointer<UInt8>>, Slice<UnsafeBufferPointer<UInt8>>?) -> Void
    ) {
        let bytes = page as? [UInt8] ?? Array(page)
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while let open = find(UInt8(ascii: "<"), in: buffer, from: index) {
                index = open + 1
                if startsWithIgnoringCase(commentStart, in: buffer, at: open) {
                    index =
                        findIgnoringCase(commentEnd, in: buffer, from: open + 4).map { $0 + commentEnd.count }
                        ?? buffer.count
                    continue
                }
                let tag: TagName
                let nameEnd: Int
                if startsWithIgnoringCase(scriptName, in: buffer, at: open + 1) {
                    (tag, nameEnd) = (.script, open + 1 + scriptName.count)
                } else if startsWithIgnoringCase(metaName, in: buffer, at: open + 1) {
                    (tag, nameEnd) = (.meta, open + 1 + metaName.count)
                } else {
                    continue
                }
                guard nameEnd < buffer.count, isTagNameEnd(buffer[nameEnd]) else { continue }
                guard let tagEnd = find(UInt8(ascii: ">"), in: buffer, from: nameEnd) else { return }
                let attributes = buffer[nameEnd..<tagEnd]
                index = tagEnd + 1
                guard tag == .script else {
                    visit(tag, attributes, nil)
                    continue
                }
                let contentEnd = findIgnoringCase(scriptEnd, in: buffer, from: index) ?? buffer.count
                visit(tag, attributes, buffer[index..<contentEnd])
                index = contentEnd
            }
        }
    }

    private static let scriptName = Array("script".utf8)
    private static let metaName = Array("meta".utf8)
    private static let scriptEnd = Array("</script".utf8)
    private static let commentStart = Array("<!--".utf8)
    private static let commentEnd = Array("-->".utf8)

    private static func isTagNameEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || isSpace(byte)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// The attributes written between a tag's name and its `>`; the first of a repeated name wins.
    private static func attributes(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Attributes {
        var attributes: Attributes = [:]
        var index = bytes.startIndex
        let end = bytes.endIndex
        while index < end {
            while index < end, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") { index += 1 }
            let nameStart = index
            while index < end, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="),
                bytes[index] != UInt8(ascii: "/")
            {
                index += 1
            }
            guard index > nameStart else {
                index += 1
                continue
            }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            while index < end, isSpace(bytes[index]) { index += 1 }
            var value = ""
            if index < end, bytes[index] == UInt8(ascii: "=") {
                index += 1
                while index < end, isSpace(bytes[index]) { index += 1 }
                let valueStart: Int
                if index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                    let quote = bytes[index]
                    valueStart = index + 1
                    index = valueStart
                    while index < end, bytes[index] != quote { index += 1 }
                } else {
                    valueStart = index
                    while index < end, !isSpace(bytes[index]) { index += 1 }
                }
                value = CharacterReferences.decode(String(decoding: bytes[valueStart..<index], as: UTF8.self))
                index += 1
            }
            if attributes[name] == nil { attributes[name] = value }
        }
        return attributes
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    /// Whether `lowercase` (lowercase letters and punctuation) starts at `start`, in any case.
    private static func startsWithIgnoringCase(
        _ lowercase: [UInt8], in buffer: UnsafeBufferPointer<UInt8>, at start: Int
    ) -> Bool {
        guard start + lowercase.count <= buffer.count else { return false }
        for offset in lowercase.indices where lowercased(buffer[start + offset]) != lowercase[offset] { return false }
        return true
    }

    /// The next position of `byte` at or after `start`, found with `memchr`.
    private static func find(_ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < buffer.count, let base = buffer.baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private static func findIgnoringCase(
        _ lowercase: [UInt8], in buffer: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> Int? {
        var index = start
        while let candidate = find(lowercase[0], in: buffer, from: index) {
            if startsWithIgnoringCase(lowercase, in: buffer, at: candidate) { return candidate }
            index = candidate + 1
        }
        return nil
    }
}
