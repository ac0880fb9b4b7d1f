/// Reads the bytes of an iCalendar file into components: unfolds lines (a fold may split a
/// multi-byte character, as the bytes are joined before they are decoded), accepts CRLF, LF or a
/// lone CR, skips a byte order mark and blank lines, and decodes quoted and RFC 6868-escaped
/// parameters. Invalid UTF-8 becomes U+FFFD; nothing in the input can crash or hang it.
///
/// A content line that cannot be read (no `:`, an unclosed quote) and an END that closes nothing
/// are skipped with a warning naming the line, as other readers do; a component left open at the end
/// of the file is closed with a warning, as a download cut short would leave it.
///
/// Limits (``CalendarLimits``): an unfolded line longer than 1 MiB is skipped; components nested more
/// than 32 deep are skipped with all they hold, so the tree is never deep; past 200,000 components or
/// 500,000 properties in the file, and 10,000 properties in one component, the rest are skipped; a
/// line whose parameters have more than 100 values is skipped; at most 100 warnings are kept. The reader keeps its open components on a stack of its own, never on the call stack.
enum ComponentReader {
    /// The top-level components of the file, normally one `VCALENDAR`, and what was skipped.
    static func read(_ text: inout String) throws(ICalendarError) -> (components: [Component], warnings: WarningList) {
        let base = text
        let result = text.withUTF8 { bytes in
            Result { () throws(ICalendarError) in try read(bytes, base: base) }
        }
        return try result.get()
    }

    /// Reads bytes that may not be valid UTF-8 as a whole (a fold that splits a character, Latin-1
    /// text): each line is decoded after it is unfolded.
    static func read(_ bytes: [UInt8]) throws(ICalendarError) -> (components: [Component], warnings: WarningList) {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(ICalendarError) in try read(buffer, base: nil) }
        }
        return try result.get()
    }

    /// When `base` is given, `bytes` are its UTF-8 and values become substrings of it, without a copy.
    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, base: String?) throws(ICalendarError) -> (
        components: [Component], warnings: WarningList
    ) {
        var builder = TreeBuilder()
        var scratch: [UInt8] = []
        var index = 0
        let count = bytes.count
        let limit = CalendarLimits.maximumLineBytes
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        var lineNumber = 1
        while index < count {
            let startLine = lineNumber
            let lineStart = index
            var lineEnd = endOfLine(bytes, from: index)
            var tooLong = lineEnd - lineStart > limit
            index = skipLineBreak(bytes, at: lineEnd, lineNumber: &lineNumber)
            // A following line that starts with a space or tab continues this one.
            if index < count, bytes[index] == 0x20 || bytes[index] == 0x09 {
                scratch.removeAll(keepingCapacity: true)
                if !tooLong { scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])) }
                while index < count, bytes[index] == 0x20 || bytes[index] == 0x09 {
                    lineEnd = endOfLine(bytes, from: index + 1)
                    if !tooLong {
                        if scratch.count + (lineEnd - index - 1) > limit {
                            tooLong = true
                            scratch.removeAll()
                        } else {
                            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<lineEnd]))
                        }
                    }
                    index = skipLineBreak(bytes, at: lineEnd, lineNumber: &lineNumber)
                }
                if tooLong {
                    builder.skipLongLine(lineNumber: startLine)
                    continue
                }
                let joined = String(decoding: scratch, as: UTF8.self)
                try scratch.withUnsafeBufferPointer { (line) throws(ICalendarError) in
                    try builder.accept(line, lineNumber: startLine, base: joined, offset: 0)
                }
            } else if tooLong {
                builder.skipLongLine(lineNumber: startLine)
            } else {
                try builder.accept(
                    UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), lineNumber: startLine, base: base,
                    offset: lineStart)
            }
        }
        let components = builder.finish()
        return (components, builder.warnings)
    }

    private static func endOfLine(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D { return index }
            index += 1
        }
        return index
    }

    private static func skipLineBreak(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, lineNumber: inout Int) -> Int
    {
        guard index < bytes.count else { return index }
        lineNumber += 1
        if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { return index + 2 }
        return index + 1
    }
}
