import JSONReading

/// Reads the members of one object of a campus file, with errors that name the line and the thing
/// being read ("line 40: room B-201: "door" must be a whole number from 1 to 50").
struct ObjectReader {
    let line: Int
    private let kind: ObjectKind
    private let ordinal: Int?
    /// The members, each key once and allowed; a handful, so looked up in order.
    private let members: [LocatedJSON.Member]

    /// Reads `json` as an object of `kind`, the `ordinal`th in its list, refusing keys the kind
    /// does not allow.
    init(_ json: LocatedJSON, _ kind: ObjectKind, ordinal: Int? = nil) throws(CampusFileError) {
        guard case .object(let members) = json.value else {
            let what = ordinal.map { "\(kind.name) \($0)" } ?? kind.name
            throw CampusFileError(line: json.line, message: "\(what) must be an object, not \(json.kindName)")
        }
        self.line = json.line
        self.kind = kind
        self.ordinal = ordinal
        self.members = members
        // The allowed keys seen so far, one bit each by their place in `allowed` (a kind has fewer than 64).
        var seen: UInt64 = 0
        for member in members {
            guard let allowed = kind.allowed.firstIndex(where: { Self.same($0, member.key) }) else {
                let keys = kind.allowed.sorted().joined(separator: ", ")
                throw CampusFileError(
                    line: member.line, message: "\(what): unknown key \"\(member.key.excerpt)\" (the keys are \(keys))")
            }
            guard seen & (1 << allowed) == 0 else {
                throw CampusFileError(line: member.line, message: "\(what): \"\(member.key.excerpt)\" is given twice")
            }
            seen |= 1 << allowed
        }
    }

    /// What errors call the object: by the strings under its kind's naming keys when it has them
    /// ("room B-201", "link A1 → A2"), else by its kind and place in the list ("room 3").
    var what: String {
        let names = kind.naming.compactMap { key in
            index(of: key).flatMap { index -> String? in
                if case .string(let name) = members[index].value.value { name.trimmingSpaces.excerpt } else { nil }
            }
        }
        if !kind.naming.isEmpty, names.count == kind.naming.count {
            return "\(kind.name) \(names.joined(separator: " → "))"
        }
        return ordinal.map { "\(kind.name) \($0)" } ?? kind.name
    }

    /// Where `key` is among the members (found without copying any member out).
    private func index(of key: String) -> Int? { members.firstIndex { Self.same($0.key, key) } }

    /// Whether two keys are equal, telling most different keys apart by their length alone
    /// (cheaper than comparing the strings, which most lookups would otherwise do).
    private static func same(_ key: String, _ other: String) -> Bool {
        key.utf8.count == other.utf8.count && key == other
    }

    /// The line of `key`'s value, or of the object when it is missing.
    func line(of key: String) -> Int { index(of: key).map { members[$0].value.line } ?? line }

    /// An error about `key`, on its line.
    func error(_ key: String, _ message: String) -> CampusFileError {
        CampusFileError(line: line(of: key), message: "\(what): \"\(key)\" \(message)")
    }

    func value(_ key: String) -> LocatedJSON? {
        guard let index = index(of: key) else { return nil }
        if case .null = members[index].value.value { return nil }
        return members[index].value
    }

    func string(_ key: String) throws(CampusFileError) -> String {
        guard let text = try optionalString(key) else {
            throw CampusFileError(line: line, message: "\(what): \"\(key)\" is missing")
        }
        return text
    }

    func optionalString(_ key: String) throws(CampusFileError) -> String? {
        guard let json = value(key) else { return nil }
        guard case .string(let text) = json.value else { throw error(key, "must be a string, not \(json.kindName)") }
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { throw error(key, "is empty") }
        guard trimmed.fitsTextLength else {
            throw error(key, "is longer than \(CampusLimits.maximumTextLength) characters")
        }
        return trimmed.composed
    }

    func strings(_ key: String) throws(CampusFileError) -> [String] {
        guard let json = value(key) else { return [] }
        guard case .array(let elements) = json.value else { throw error(key, "must be a list of strings") }
        guard elements.count <= CampusLimits.maximumAliases else {
            throw error(key, "has \(elements.count) entries; at most \(CampusLimits.maximumAliases)")
        }
        var result: [String] = []
        for element in elements {
            guard case .string(let text) = element.value, !text.trimmingSpaces.isEmpty else {
                throw CampusFileError(line: element.line, message: "\(what): \"\(key)\" must hold non-empty strings")
            }
            guard text.trimmingSpaces.fitsTextLength else {
                throw CampusFileError(
                    line: element.line,
                    message: "\(what): \"\(key)\" holds a name longer than \(CampusLimits.maximumTextLength) characters"
                )
            }
            result.append(text.trimmingSpaces.composed)
        }
        return result
    }

    func number(_ key: String, in range: ClosedRange<Double>) throws(CampusFileError) -> Double {
        guard let json = value(key) else {
            throw CampusFileError(line: line, message: "\(what): \"\(key)\" is missing")
        }
        guard case .number(let number) = json.value, range.contains(number) else {
            throw error(
                key, "must be a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))")
        }
        return number
    }

    func optionalInteger(_ key: String, in range: ClosedRange<Int>) throws(CampusFileError) -> Int? {
        guard let json = value(key) else { return nil }
        // `Int(exactly:)` is nil for a fraction, for 1e300 and for infinity, where `Int(_:)` traps.
        guard case .number(let number) = json.value, let whole = Int(exactly: number), range.contains(whole) else {
            throw error(key, "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return whole
    }

    func bool(_ key: String, default defaultValue: Bool) throws(CampusFileError) -> Bool {
        guard let json = value(key) else { return defaultValue }
        guard case .bool(let flag) = json.value else { throw error(key, "must be true or false") }
        return flag
    }

    /// The list under `key`, of at most `limit` elements.
    func list(_ key: String, required: Bool = true, atMost limit: Int) throws(CampusFileError) -> [LocatedJSON] {
        guard let json = value(key) else {
            if required { throw CampusFileError(line: line, message: "\(what): \"\(key)\" is missing") }
            return []
        }
        guard case .array(let elements) = json.value else { throw error(key, "must be a list, not \(json.kindName)") }
        guard elements.count <= limit else { throw error(key, "has \(elements.count) entries; at most \(limit)") }
        return elements
    }

    func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ type: Choice.Type) throws(CampusFileError)
        -> Choice? where Choice.RawValue == String
    {
        guard let text = try optionalString(key) else { return nil }
        guard let choice = Choice(rawValue: text.lowercased()) else {
            throw error(key, "must be one of \(Choice.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return choice
    }

    private static func format(_ number: Double) -> String {
        number.rounded() == number ? String(Int(number)) : String(number)
    }
}

extension String {
    /// The text without leading and trailing spaces and line breaks.
    var trimmingSpaces: String {
        // Most text starts and ends with a visible ASCII character: nothing to trim.
        if let first = utf8.first, let last = utf8.last, Self.isVisibleASCII(first), Self.isVisibleASCII(last) {
            return self
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Whether the text has at most ``CampusLimits/maximumTextLength`` characters (counted only
    /// when it has more bytes than that, since a character has at least one byte).
    var fitsTextLength: Bool {
        utf8.count <= CampusLimits.maximumTextLength || count <= CampusLimits.maximumTextLength
    }

    private static func isVisibleASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x80 }
}
