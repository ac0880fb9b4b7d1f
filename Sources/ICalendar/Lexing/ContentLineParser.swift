/// Parses one unfolded line into a ``Property``.
enum ContentLineParser {
    static func parse(
        _ line: UnsafeBufferPointer<UInt8>, lineNumber: Int, base: String?, offset: Int,
        cache: inout ParameterCache
    ) throws(ICalendarError) -> Property {
        var index = 0
        let count = line.count
        while index < count, line[index] != UInt8(ascii: ";"), line[index] != UInt8(ascii: ":") { index += 1 }
        let (name, known) = upperCasedName(UnsafeBufferPointer(rebasing: line[0..<index]))
        guard !name.isEmpty else {
            throw ICalendarError(line: lineNumber, "a content line needs a name before \";\" or \":\"")
        }
        var parameters: [Parameter] = []
        if index < count, line[index] == UInt8(ascii: ";") {
            if let (cached, length) = cache.parameters(startingAt: UnsafeBufferPointer(rebasing: line[index...])) {
                parameters = cached
                index += length
            } else {
                let start = index
                parameters = try parseParameters(line, from: &index, lineNumber: lineNumber, cache: &cache)
                cache.remember(parameters, for: UnsafeBufferPointer(rebasing: line[start..<index]))
            }
        }
        guard index < count, line[index] == UInt8(ascii: ":") else {
            throw ICalendarError(line: lineNumber, "\(ICalendarError.excerpt(name)) has no \":\" before its value")
        }
        guard let utf8 = base?.utf8 else {
            let value = String(decoding: UnsafeBufferPointer(rebasing: line[(index + 1)...]), as: UTF8.self)
            return Property(name: name, known: known, parameters: parameters, raw: Substring(value), line: lineNumber)
        }
        let lower = utf8.index(utf8.startIndex, offsetBy: offset + index + 1)
        let upper = utf8.index(utf8.startIndex, offsetBy: offset + count)
        return Property(
            name: name, known: known, parameters: parameters, raw: Substring(utf8[lower..<upper]), line: lineNumber)
    }

    /// The parameters from the `;` at `index` up to the `:` before the value (or the end of the line),
    /// leaving `index` there.
    private static func parseParameters(
        _ line: UnsafeBufferPointer<UInt8>, from index: inout Int, lineNumber: Int, cache: inout ParameterCache
    ) throws(ICalendarError) -> [Parameter] {
        var parameters: [Parameter] = []
        let count = line.count
        // The values of all the line's parameters so far (a parameter without one counts as one),
        // checked as each is read, so a line of a million values is refused before it holds them.
        var valueCount = 0
        func countValue() throws(ICalendarError) {
            valueCount += 1
            guard valueCount <= CalendarLimits.maximumParameterValues else {
                throw ICalendarError(
                    line: lineNumber,
                    "a content line with more than \(CalendarLimits.maximumParameterValues) parameter values is skipped"
                )
            }
        }
        while index < count, line[index] == UInt8(ascii: ";") {
            index += 1
            try countValue()
            let nameStart = index
            while index < count, line[index] != UInt8(ascii: "="), line[index] != UInt8(ascii: ":"),
                line[index] != UInt8(ascii: ";")
            {
                index += 1
            }
            let parameterName = upperCasedName(UnsafeBufferPointer(rebasing: line[nameStart..<index])).name
            var values: [String] = []
            if index < count, line[index] == UInt8(ascii: "=") {
                index += 1
                repeat {
                    if index < count, line[index] == UInt8(ascii: ",") {
                        index += 1
                        try countValue()
                    }
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
        return parameters
    }

    /// Names are ASCII and case-insensitive; surrounding spaces are dropped. A name the reader acts on
    /// comes back as its ``KnownProperty`` too, and costs no new string.
    static func upperCasedName(_ bytes: UnsafeBufferPointer<UInt8>) -> (name: String, known: KnownProperty?) {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        let trimmed = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if !trimmed.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) {
            if let known = KnownProperty(bytes: trimmed) { return (known.name, known) }
            return (String(decoding: trimmed, as: UTF8.self), nil)
        }
        let name = String(decoding: trimmed.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
        return (name, KnownProperty(name))
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingASCIISpaces() -> String {
        String(Substring(self).trimmingASCIISpaces())
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs, still a view into the same string.
    func trimmingASCIISpaces() -> Substring {
        func isSpace(_ byte: UInt8?) -> Bool { byte == 0x20 || byte == 0x09 }
        guard isSpace(utf8.first) || isSpace(utf8.last) else { return self }
        var utf8 = self.utf8
        while let first = utf8.first, first == 0x20 || first == 0x09 { utf8.removeFirst() }
        while let last = utf8.last, last == 0x20 || last == 0x09 { utf8.removeLast() }
        return Substring(utf8)
    }
}
