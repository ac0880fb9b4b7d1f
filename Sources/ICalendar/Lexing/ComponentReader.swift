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
/// than 32 deep are skipped with all they hold, so the tree is never deep; past 200,000 components in
/// the file and 10,000 properties in one component the rest are skipped; at most 100 warnings are
/// kept. The reader keeps its open components on a stack of its own, never on the call stack.
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

/// Parses one unfolded line into a ``Property``.
enum ContentLineParser {
    static func parse(
        _ line: UnsafeBufferPointer<UInt8>, lineNumber: Int, base: String?, offset: Int,
        values cache: inout ParameterValueCache
    ) throws(ICalendarError) -> Property {
        var index = 0
        let count = line.count
        while index < count, line[index] != UInt8(ascii: ";"), line[index] != UInt8(ascii: ":") { index += 1 }
        let name = upperCasedName(UnsafeBufferPointer(rebasing: line[0..<index]))
        guard !name.isEmpty else {
            throw ICalendarError(line: lineNumber, "a content line needs a name before \";\" or \":\"")
        }
        var parameters: [Parameter] = []
        while index < count, line[index] == UInt8(ascii: ";") {
            index += 1
            let nameStart = index
            while index < count, line[index] != UInt8(ascii: "="), line[index] != UInt8(ascii: ":"),
                line[index] != UInt8(ascii: ";")
            {
                index += 1
            }
            let parameterName = upperCasedName(UnsafeBufferPointer(rebasing: line[nameStart..<index]))
            var values: [String] = []
            if index < count, line[index] == UInt8(ascii: "=") {
                index += 1
                repeat {
                    if index < count, line[index] == UInt8(ascii: ",") { index += 1 }
                    if index < count, line[index] == UInt8(ascii: "\"") {
                        let valueStart = index + 1
                        var close = valueStart
                        while close < count, line[close] != UInt8(ascii: "\"") { close += 1 }
                        guard close < count else {
                            throw ICalendarError(
                                line: lineNumber,
                                "parameter \(ICalendarError.excerpt(parameterName)) has an unclosed quote")
                        }
                        values.append(cache.value(UnsafeBufferPointer(rebasing: line[valueStart..<close])))
                        index = close + 1
                    } else {
                        let valueStart = index
                        while index < count, line[index] != UInt8(ascii: ","), line[index] != UInt8(ascii: ";"),
                            line[index] != UInt8(ascii: ":")
                        {
                            index += 1
                        }
                        values.append(cache.value(UnsafeBufferPointer(rebasing: line[valueStart..<index])))
                    }
                } while index < count && line[index] == UInt8(ascii: ",")
            }
            if !parameterName.isEmpty { parameters.append(Parameter(name: parameterName, values: values)) }
        }
        guard index < count, line[index] == UInt8(ascii: ":") else {
            throw ICalendarError(line: lineNumber, "\(ICalendarError.excerpt(name)) has no \":\" before its value")
        }
        guard let utf8 = base?.utf8 else {
            let value = String(decoding: UnsafeBufferPointer(rebasing: line[(index + 1)...]), as: UTF8.self)
            return Property(name: name, parameters: parameters, raw: Substring(value), line: lineNumber)
        }
        let lower = utf8.index(utf8.startIndex, offsetBy: offset + index + 1)
        let upper = utf8.index(utf8.startIndex, offsetBy: offset + count)
        return Property(name: name, parameters: parameters, raw: Substring(utf8[lower..<upper]), line: lineNumber)
    }

    /// Names are ASCII and case-insensitive; surrounding spaces are dropped.
    private static func upperCasedName(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        let trimmed = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if !trimmed.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) {
            return String(decoding: trimmed, as: UTF8.self)
        }
        return String(decoding: trimmed.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingASCIISpaces() -> String {
        var utf8 = Substring(self).utf8
        while let first = utf8.first, first == 0x20 || first == 0x09 { utf8.removeFirst() }
        while let last = utf8.last, last == 0x20 || last == 0x09 { utf8.removeLast() }
        return String(Substring(utf8))
    }
}

/// The few parameter values a file repeats on every line (`TZID=America/Los_Angeles`,
/// `VALUE=DATE`), decoded once: the same bytes give the same string without a new allocation.
struct ParameterValueCache {
    private var entries: [(bytes: [UInt8], value: String)] = []

    mutating func value(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        for entry in entries where entry.bytes.count == bytes.count && entry.bytes.elementsEqual(bytes) {
            return entry.value
        }
        let value = TextEscaping.decodeParameter(bytes)
        if entries.count < 16 { entries.append((Array(bytes), value)) }
        return value
    }
}
