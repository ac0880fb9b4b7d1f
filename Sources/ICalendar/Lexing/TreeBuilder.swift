/// Builds the component tree from the content lines ``ComponentReader`` unfolds, within
/// ``CalendarLimits``: nesting depth, components per file, properties per component.
struct TreeBuilder {
    private var roots: [Component] = []
    private var open: [Component] = []
    private(set) var warnings = WarningList()
    private var parameterCache = ParameterCache()
    /// At each depth, how many properties the component last closed there had: the next one at that
    /// depth (the next VEVENT of a file) reserves as many, so its list is not regrown line by line.
    /// Each count was read from the file, so this at most doubles what a file's properties take.
    private var propertyCounts: [Int] = []
    /// Components begun in the file so far.
    private var componentCount = 0
    /// While positive, the reader is inside a component it skips (nested too deep, or past the
    /// component cap): the number of its components still open.
    private var skippedDepth = 0
    /// Whether a component of the file was already warned about for having too many properties.
    private var warnedAboutProperties = false
    /// Properties kept from the file so far, against ``CalendarLimits/maximumPropertiesInFile``.
    private var propertyCount = 0
    /// Whether the file was already warned about for having too many properties.
    private var warnedAboutFileProperties = false

    /// A line longer than ``CalendarLimits/maximumLineBytes``: skipped, with a warning.
    mutating func skipLongLine(lineNumber: Int) {
        warnings.append(
            ICalendarError(
                line: lineNumber, "a content line longer than \(CalendarLimits.maximumLineBytes) bytes is skipped"))
    }

    /// `line` starts at byte `offset` of `base`'s UTF-8.
    mutating func accept(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int, base: String?, offset: Int)
        throws(ICalendarError)
    {
        if line.isEmpty || ((line[0] == 0x20 || line[0] == 0x09) && line.allSatisfy({ $0 == 0x20 || $0 == 0x09 })) {
            return
        }
        // Past the file's properties, only BEGIN and END lines still matter: the rest are not parsed.
        if propertyCount >= CalendarLimits.maximumPropertiesInFile, !Self.mayBeginOrEnd(line) {
            notePropertyPastLimit(lineNumber: lineNumber)
            return
        }
        let property: Property
        do {
            property = try ContentLineParser.parse(
                line, lineNumber: lineNumber, base: base, offset: offset, cache: &parameterCache)
        } catch {
            if skippedDepth == 0 { warnings.append(error) }
            return
        }
        switch property.known {
        case .begin?:
            let name = Self.componentName(property.raw)
            guard !name.isEmpty else { throw ICalendarError(line: lineNumber, "BEGIN without a component name") }
            if skippedDepth > 0 {
                skippedDepth += 1
                return
            }
            componentCount += 1
            if open.count >= CalendarLimits.maximumDepth {
                skippedDepth = 1
                warnings.append(
                    ICalendarError(
                        line: lineNumber,
                        "BEGIN:\(ICalendarError.excerpt(name)) is nested more than \(CalendarLimits.maximumDepth) deep; "
                            + "it is skipped with what it holds"))
                return
            }
            if componentCount > CalendarLimits.maximumComponents {
                skippedDepth = 1
                if componentCount == CalendarLimits.maximumComponents + 1 {
                    warnings.append(
                        ICalendarError(
                            line: lineNumber,
                            "the file has more than \(CalendarLimits.maximumComponents) components; "
                                + "the rest are skipped"))
                }
                return
            }
            var component = Component(name: name, line: lineNumber)
            if open.count < propertyCounts.count { component.properties.reserveCapacity(propertyCounts[open.count]) }
            open.append(component)
        case .end?:
            if skippedDepth > 0 {
                // Inside a skipped component every END closes the innermost skipped one.
                skippedDepth -= 1
                return
            }
            let name = Self.componentName(property.raw)
            guard let depth = open.lastIndex(where: { $0.name == name }) else {
                warnings.append(
                    ICalendarError(
                        line: lineNumber, "END:\(ICalendarError.excerpt(name)) without a matching BEGIN is ignored"))
                return
            }
            // Components left open inside the one that ends are closed with it.
            while open.count > depth {
                let current = open.removeLast()
                if current.name != name {
                    warnings.append(
                        ICalendarError(
                            line: current.line,
                            "BEGIN:\(ICalendarError.excerpt(current.name)) is closed by END:\(ICalendarError.excerpt(name)) of line \(lineNumber)"
                        ))
                }
                close(current)
            }
        default:
            guard skippedDepth == 0 else { return }
            guard propertyCount < CalendarLimits.maximumPropertiesInFile else {
                notePropertyPastLimit(lineNumber: lineNumber)
                return
            }
            propertyCount += 1
            guard !open.isEmpty else {
                // Properties outside any component: some producers write a bare property list.
                componentCount += 1
                guard componentCount <= CalendarLimits.maximumComponents else { return }
                roots.append(Component(name: "", properties: [property], line: lineNumber))
                return
            }
            guard open[open.count - 1].properties.count < CalendarLimits.maximumProperties else {
                if !warnedAboutProperties {
                    warnedAboutProperties = true
                    warnings.append(
                        ICalendarError(
                            line: lineNumber,
                            "\(ICalendarError.excerpt(open[open.count - 1].name)) has more than "
                                + "\(CalendarLimits.maximumProperties) properties; the rest are skipped"))
                }
                return
            }
            open[open.count - 1].properties.append(property)
        }
    }

    /// A property past ``CalendarLimits/maximumPropertiesInFile``: skipped, the first with a warning.
    private mutating func notePropertyPastLimit(lineNumber: Int) {
        guard !warnedAboutFileProperties, skippedDepth == 0 else { return }
        warnedAboutFileProperties = true
        warnings.append(
            ICalendarError(
                line: lineNumber,
                "the file has more than \(CalendarLimits.maximumPropertiesInFile) properties; the rest are skipped"))
    }

    /// Whether a line may be a BEGIN or END: its name starts with B or E (after any spaces).
    private static func mayBeginOrEnd(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 }) else { return false }
        return first | 0x20 == UInt8(ascii: "b") || first | 0x20 == UInt8(ascii: "e")
    }

    /// The component a BEGIN or END names, upper case, without surrounding spaces.
    private static func componentName(_ value: Substring) -> String {
        let value = value.trimmingASCIISpaces()
        let ascii = value.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? ContentLineParser.upperCasedName(bytes).name : nil
        }
        if let ascii = ascii ?? nil { return ascii }
        return String(value).uppercased()
    }

    private mutating func close(_ component: Component) {
        while propertyCounts.count <= open.count { propertyCounts.append(0) }
        propertyCounts[open.count] = component.properties.count
        if open.isEmpty {
            roots.append(component)
        } else {
            open[open.count - 1].components.append(component)
        }
    }

    mutating func finish() -> [Component] {
        // Close what the file left open, as a cut-short download would; say so.
        while let current = open.popLast() {
            warnings.append(
                ICalendarError(line: current.line, "BEGIN:\(ICalendarError.excerpt(current.name)) is never closed"))
            close(current)
        }
        return roots
    }
}
