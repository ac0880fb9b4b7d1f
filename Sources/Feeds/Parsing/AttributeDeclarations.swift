/// Blanks out the attribute-list declarations (`<!ATTLIST …>`) of a document's internal DTD subset
/// before libxml2 reads it.
///
/// libxml2 applies the namespace defaults such declarations give to every element they name,
/// whatever the parser's options, and it checks each new declaration of an element against every
/// earlier one: 20,000 declarations in a 1 MB feed took minutes. Feeds never need them, so each
/// is overwritten with spaces (line breaks kept, so that libxml2's line numbers stay right); the
/// rest of the subset (entity declarations, which ``XMLDocumentReader`` drops) is left as written.
enum AttributeDeclarations {
    /// Blanks out the declarations in the internal subset of the DOCTYPE in the prolog of `bytes`
    /// (UTF-8) and returns how many there were: one pass, no further than the subset's end.
    ///
    /// Literals in quotes are passed over as libxml2 reads them, so a `>` or `]` inside one
    /// neither ends a declaration nor the subset; a subset libxml2 would read differently is
    /// malformed, and libxml2 stops reading a document at a malformed declaration.
    static func blankOut(_ bytes: inout [UInt8]) -> Int {
        bytes.withUnsafeMutableBufferPointer { buffer in
            var scanner = Scanner(bytes: UnsafeBufferPointer(buffer))
            var blanked = 0
            for range in scanner.attributeListDeclarations() {
                for index in range where buffer[index] != UInt8(ascii: "\n") && buffer[index] != UInt8(ascii: "\r") {
                    buffer[index] = UInt8(ascii: " ")
                }
                blanked += 1
            }
            return blanked
        }
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        /// The byte ranges of the `<!ATTLIST …>` declarations of the internal subset.
        mutating func attributeListDeclarations() -> [Range<Int>] {
            guard skipPrologToDoctype(), skipToSubset() else { return [] }
            var found: [Range<Int>] = []
            while position < bytes.count {
                if bytes[position] == UInt8(ascii: "]") { break }
                if starts(Self.commentStart) {
                    skip(past: Self.commentEnd, from: position + Self.commentStart.count)
                } else if starts(Self.processingStart) {
                    skip(past: Self.processingEnd, from: position + Self.processingStart.count)
                } else if starts(Self.declarationStart) {
                    let start = position
                    let isAttributeList = ByteSearch.starts(Self.attributeList, in: bytes, at: position + 2)
                    position += 2
                    skipQuotedText(upTo: UInt8(ascii: ">"))
                    position = min(position + 1, bytes.count)
                    if isAttributeList { found.append(start..<position) }
                } else {
                    position += 1
                }
            }
            return found
        }

        /// Moves past the XML declaration, comments and processing instructions to a `<!DOCTYPE`
        /// and past its name; false when the prolog has none.
        private mutating func skipPrologToDoctype() -> Bool {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                case _ where starts(Self.commentStart):
                    skip(past: Self.commentEnd, from: position + Self.commentStart.count)
                case _ where starts(Self.processingStart):
                    skip(past: Self.processingEnd, from: position + Self.processingStart.count)
                case _ where starts(Self.doctype):
                    position += Self.doctype.count
                    return true
                default: return false
                }
            }
            return false
        }

        /// Moves past the `[` that opens the internal subset; false when the DOCTYPE ends without one.
        private mutating func skipToSubset() -> Bool {
            skipQuotedText(upTo: UInt8(ascii: "["), orEnd: UInt8(ascii: ">"))
            guard position < bytes.count, bytes[position] == UInt8(ascii: "[") else { return false }
            position += 1
            return true
        }

        /// Moves to the next `stop` (or `end`) that is not inside a quoted literal, or to the end
        /// of the bytes.
        private mutating func skipQuotedText(upTo stop: UInt8, orEnd end: UInt8? = nil) {
            while position < bytes.count {
                let byte = bytes[position]
                if byte == stop || byte == end { return }
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    position = ByteSearch.next(byte, in: bytes, from: position + 1).map { $0 + 1 } ?? bytes.count
                } else {
                    position += 1
                }
            }
        }

        private mutating func skip(past terminator: [UInt8], from start: Int) {
            position =
                ByteSearch.search(terminator, in: bytes, from: start).map { $0 + terminator.count } ?? bytes.count
        }

        private func starts(_ prefix: [UInt8]) -> Bool { ByteSearch.starts(prefix, in: bytes, at: position) }

        private static let doctype = Array("<!DOCTYPE".utf8)
        private static let attributeList = Array("ATTLIST".utf8)
        private static let declarationStart = Array("<!".utf8)
        private static let commentStart = Array("<!--".utf8)
        private static let commentEnd = Array("-->".utf8)
        private static let processingStart = Array("<?".utf8)
        private static let processingEnd = Array("?>".utf8)
    }
}
