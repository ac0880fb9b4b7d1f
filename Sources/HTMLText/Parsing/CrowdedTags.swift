import Foundation

/// Finds start tags that carry so many attributes that libxml2 would spend minutes on them.
///
/// libxml2's parsers compare each attribute of a start tag with every earlier one of the same tag
/// (to refuse duplicates), so a tag with n attributes costs n² steps: 50,000 attributes, a 540 KB
/// page, take about ten seconds, and a few megabytes of them hours. Readers parse the bytes only up
/// to the first crowded tag.
///
/// Attributes are counted in two readings of the bytes, and a tag is crowded when either counts
/// more than ``maximumAttributes``: libxml2's reading of HTML (a quoted value runs to its closing
/// quote, `<` included; comments, end tags and the text of scripts and styles are not start tags),
/// and XML's, in which no part of a tag, values included, holds a `<`. The second keeps a quote
/// that the first reads differently from libxml2 from hiding a tag after it.
package enum CrowdedTags {
    /// The attributes one start tag may carry; real pages stay far below (a few dozen at most).
    package static let maximumAttributes = 256

    /// The offset of the `<` of the first crowded start tag in `bytes`, or nil when there is none.
    /// `html` adds the HTML reading to the XML one.
    package static func firstOffset(in bytes: UnsafeBufferPointer<UInt8>, html: Bool) -> Int? {
        var xml = Scanner(bytes: bytes, html: false)
        let xmlOffset = xml.firstCrowdedTag()
        guard html else { return xmlOffset }
        var htmlReading = Scanner(bytes: bytes, html: true)
        guard let htmlOffset = htmlReading.firstCrowdedTag() else { return xmlOffset }
        return min(xmlOffset ?? htmlOffset, htmlOffset)
    }

    /// One reading of the bytes, front to back; every search moves forward, so a scan is linear.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        /// True for libxml2's HTML reading, false for XML's.
        let html: Bool
        var position = 0
        /// The last answer of ``next(_:from:)`` for each byte value (-1 before the first search),
        /// still good for any later start at or before it: no such byte lies between.
        var found = [Int](repeating: -1, count: 256)

        init(bytes: UnsafeBufferPointer<UInt8>, html: Bool) {
            self.bytes = bytes
            self.html = html
        }

        mutating func firstCrowdedTag() -> Int? {
            while position < bytes.count {
                let open = next(UInt8(ascii: "<"), from: position)
                guard open < bytes.count else { return nil }
                position = open + 1
                guard let first = byte(at: position) else { return nil }
                if html, skipNonStartTag(at: open) { continue }
                guard isNameStart(first) else { continue }
                let nameStart = position
                while let byte = byte(at: position), isNameByte(byte) { position += 1 }
                let nameLength = position - nameStart
                guard let selfClosing = readAttributes() else { return open }
                guard html, !selfClosing else { continue }
                for end in Self.rawTextEnds where end.count == nameLength + 2 {
                    // `</script` after `<script`: the name is the end tag's, past its `</`.
                    guard startsIgnoringCase(end[2...], at: nameStart) else { continue }
                    position = nextIgnoringCase(end, from: position)
                    break
                }
            }
            return nil
        }

        /// In the HTML reading, moves past a comment, an end tag, a processing instruction or a
        /// doctype starting at `open`, the way libxml2 skips them; false for anything else.
        private mutating func skipNonStartTag(at open: Int) -> Bool {
            guard let first = byte(at: open + 1) else { return false }
            if first == UInt8(ascii: "!") && startsIgnoringCase(Self.commentStart[...], at: open) {
                position = nextIgnoringCase(Self.commentEnd, from: open + 4) + Self.commentEnd.count
            } else if first == UInt8(ascii: "/") && byte(at: open + 2).map(isLetter) == true
                || first == UInt8(ascii: "?")
                || first == UInt8(ascii: "!") && startsIgnoringCase(Self.doctype[...], at: open)
            {
                position = next(UInt8(ascii: ">"), from: open + 2) + 1
            } else {
                return false
            }
            position = min(position, bytes.count)
            return true
        }

        /// Reads a start tag's attributes up to its end: whether it closed itself (`/>`), or nil
        /// as soon as there are more than ``maximumAttributes``.
        private mutating func readAttributes() -> Bool? {
            var count = 0
            while true {
                skipSpaces()
                guard let byte = byte(at: position) else { return false }
                if byte == UInt8(ascii: ">") {
                    position += 1
                    return false
                }
                if byte == UInt8(ascii: "<") && !html { return false }
                if byte == UInt8(ascii: "/") && self.byte(at: position + 1) == UInt8(ascii: ">") {
                    position += 2
                    return true
                }
                guard isNameStart(byte) else {
                    // What cannot start a name is skipped up to a space or the tag's end, as libxml2 does.
                    while let byte = self.byte(at: position), !isSpace(byte), byte != UInt8(ascii: ">"),
                        html || byte != UInt8(ascii: "<")
                    {
                        position += 1
                    }
                    continue
                }
                count += 1
                guard count <= maximumAttributes else { return nil }
                while let byte = self.byte(at: position), isNameByte(byte) { position += 1 }
                skipSpaces()
                if self.byte(at: position) == UInt8(ascii: "=") {
                    position += 1
                    skipSpaces()
                    skipValue()
                }
            }
        }

        /// Moves past an attribute's value: quoted, to its closing quote (in the XML reading, to a
        /// `<` before it); else to a space or the tag's end.
        private mutating func skipValue() {
            guard let first = byte(at: position) else { return }
            guard first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") else {
                while let byte = byte(at: position), !isSpace(byte), byte != UInt8(ascii: ">"),
                    html || byte != UInt8(ascii: "<")
                {
                    position += 1
                }
                return
            }
            let close = next(first, from: position + 1)
            if !html {
                let open = next(UInt8(ascii: "<"), from: position + 1)
                if open < close {
                    position = open
                    return
                }
            }
            position = min(close + 1, bytes.count)
        }

        /// The offset of the next `byte` at or after `start`; the end of the bytes when there is none.
        private mutating func next(_ byte: UInt8, from start: Int) -> Int {
            let known = found[Int(byte)]
            if known >= start { return known }
            var result = bytes.count
            if start < bytes.count, let base = bytes.baseAddress,
                let hit = memchr(base + start, Int32(byte), bytes.count - start)
            {
                result = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            }
            found[Int(byte)] = result
            return result
        }

        /// The offset of the next `lowercase` (lowercase letters and punctuation) in any case at or
        /// after `start`; the end of the bytes when there is none.
        private mutating func nextIgnoringCase(_ lowercase: [UInt8], from start: Int) -> Int {
            var index = start
            while true {
                let candidate = next(lowercase[0], from: index)
                if candidate >= bytes.count || startsIgnoringCase(lowercase[...], at: candidate) { return candidate }
                index = candidate + 1
            }
        }

        private func startsIgnoringCase(_ lowercase: ArraySlice<UInt8>, at start: Int) -> Bool {
            guard start + lowercase.count <= bytes.count else { return false }
            var index = start
            for byte in lowercase {
                guard Self.lowercased(bytes[index]) == byte else { return false }
                index += 1
            }
            return true
        }

        private mutating func skipSpaces() {
            while let byte = byte(at: position), isSpace(byte) { position += 1 }
        }

        private func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

        private func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
        }

        private func isLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(Self.lowercased(byte)) }

        /// libxml2's HTML names start with a letter, `_`, `:` or `.`; XML's also with any non-ASCII character.
        private func isNameStart(_ byte: UInt8) -> Bool {
            isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
                || (!html && byte >= 0x80)
        }

        private func isNameByte(_ byte: UInt8) -> Bool {
            isNameStart(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-")
        }

        private static func lowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }

        private static let commentStart = Array("<!--".utf8)
        private static let commentEnd = Array("-->".utf8)
        private static let doctype = Array("<!doctype".utf8)

        /// The end tags of the elements whose content libxml2 reads as text up to them.
        private static let rawTextEnds = [Array("</script".utf8), Array("</style".utf8)]
    }
}
