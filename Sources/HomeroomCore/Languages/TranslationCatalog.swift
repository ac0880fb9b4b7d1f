/// One language's translations of one module's sentences, read from a gettext PO file.
///
/// Each entry maps the English sentence (its `msgid`, with `msgctxt` when one English sentence
/// has two meanings) to the translation, or to one translation per plural form. Entries marked
/// `fuzzy`, and entries whose translation is empty, are left out: the English stands until a
/// translator finishes them, as gettext does.
public struct TranslationCatalog: Sendable {
    /// A translated entry.
    public struct Entry: Sendable, Equatable {
        /// The English sentence, and its plural when it has one.
        public let english: String
        /// The English plural form, for entries that count.
        public let englishPlural: String?
        /// The translation: one string, or one per plural form.
        public let forms: [String]
    }

    /// Why a catalog could not be read.
    public struct ReadError: Error, CustomStringConvertible, Equatable {
        /// The line it was found on, counted from 1.
        public let line: Int
        /// What is wrong.
        public let problem: String
        public var description: String { "line \(line): \(problem)" }

        package init(line: Int, problem: String) {
            self.line = line
            self.problem = problem
        }
    }

    /// The most a catalog may hold; more is a mistake, not a language.
    public static let maximumBytes = 4 << 20
    /// The most entries a catalog may hold.
    public static let maximumEntries = 20_000

    /// The entries, by key (``key(_:context:)``).
    public private(set) var entries: [String: Entry] = [:]
    /// The header's `Plural-Forms` value, when it states one.
    public private(set) var pluralForms: String?
    /// The header's `Language` value, when it states one.
    public private(set) var language: String?
    /// Every entry read, translated or not, in file order: for the tests that keep catalogs whole.
    public private(set) var allEntries: [(key: String, entry: Entry, isFuzzy: Bool)] = []

    /// The key of an English sentence with an optional context, as gettext joins them.
    public static func key(_ english: String, context: String? = nil) -> String {
        context.map { "\($0)\u{04}\(english)" } ?? english
    }

    /// An empty catalog: every sentence stays English.
    public init() {}

    /// Reads the PO text `text`.
    public init(parsing text: String) throws(ReadError) {
        guard text.utf8.count <= Self.maximumBytes else {
            throw ReadError(line: 1, problem: "a catalog is at most \(Self.maximumBytes) bytes")
        }
        var pending = PendingEntry()
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.trimmingSuffix(while: { $0 == "\r" || $0 == " " || $0 == "\t" })
                .drop(while: { $0 == " " || $0 == "\t" })
            if line.isEmpty { continue }
            if line.hasPrefix("#,") {
                if pending.hasStarted { try finish(&pending) }
                if line.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "fuzzy" }) {
                    pending.isFuzzy = true
                }
                continue
            }
            if line.hasPrefix("#") {
                if pending.hasStarted { try finish(&pending) }
                continue
            }
            if line.hasPrefix("\"") {
                guard pending.field != nil else {
                    throw ReadError(line: lineNumber, problem: "a quoted line that continues nothing")
                }
                pending.append(try Self.quoted(line, line: lineNumber))
                continue
            }
            guard let space = line.firstIndex(of: " ") else {
                throw ReadError(line: lineNumber, problem: "a keyword without a quoted string")
            }
            let keyword = line[..<space]
            let value = try Self.quoted(line[line.index(after: space)...].drop(while: { $0 == " " }), line: lineNumber)
            switch keyword {
            case "msgctxt":
                if pending.hasStarted { try finish(&pending) }
                pending.start(.context, value)
            case "msgid":
                if pending.hasStarted, pending.english != nil { try finish(&pending) }
                pending.start(.english, value)
            case "msgid_plural":
                guard pending.english != nil else {
                    throw ReadError(line: lineNumber, problem: "msgid_plural before msgid")
                }
                pending.start(.englishPlural, value)
            case "msgstr":
                guard pending.english != nil else { throw ReadError(line: lineNumber, problem: "msgstr before msgid") }
                pending.start(.form(0), value)
            default:
                guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
                    let index = Int(keyword.dropFirst(7).dropLast()), (0..<PluralRule.arabic.count).contains(index)
                else { throw ReadError(line: lineNumber, problem: "unknown keyword \(keyword.prefix(20))") }
                guard pending.english != nil else { throw ReadError(line: lineNumber, problem: "msgstr before msgid") }
                pending.start(.form(index), value)
            }
            pending.lastLine = lineNumber
        }
        if pending.hasStarted { try finish(&pending) }
    }

    /// The translation of `key`, if this catalog has one.
    public func entry(_ key: String) -> Entry? { entries[key] }

    private mutating func finish(_ pending: inout PendingEntry) throws(ReadError) {
        defer { pending = PendingEntry() }
        guard let english = pending.english else {
            throw ReadError(line: pending.lastLine, problem: "an entry without msgid")
        }
        let forms = pending.forms.sorted { $0.key < $1.key }
        guard forms.enumerated().allSatisfy({ $0.offset == $0.element.key }) else {
            throw ReadError(line: pending.lastLine, problem: "plural forms must be numbered from 0 without gaps")
        }
        if english.isEmpty, pending.context == nil {
            readHeader(forms.first?.value ?? "")
            return
        }
        guard allEntries.count < Self.maximumEntries else {
            throw ReadError(line: pending.lastLine, problem: "a catalog holds at most \(Self.maximumEntries) entries")
        }
        let entry = Entry(english: english, englishPlural: pending.englishPlural, forms: forms.map(\.value))
        let key = Self.key(english, context: pending.context)
        allEntries.append((key, entry, pending.isFuzzy))
        guard !pending.isFuzzy, !entry.forms.isEmpty, entry.forms.allSatisfy({ !$0.isEmpty }) else { return }
        entries[key] = entry
    }

    private mutating func readHeader(_ header: String) {
        for field in header.split(separator: "\n") {
            guard let colon = field.firstIndex(of: ":") else { continue }
            let value = field[field.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch field[..<colon].trimmingCharacters(in: .whitespaces) {
            case "Plural-Forms": pluralForms = value
            case "Language": language = value
            default: break
            }
        }
    }

    /// The text of a quoted PO string with its escapes read.
    private static func quoted(_ text: Substring, line: Int) throws(ReadError) -> String {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else {
            throw ReadError(line: line, problem: "a string must be in double quotes")
        }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\"", "\\": result.append(character)
                default: throw ReadError(line: line, problem: "unknown escape \\\(character)")
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                throw ReadError(line: line, problem: "a quote inside a string must be written \\\"")
            } else {
                result.append(character)
            }
        }
        guard !escaped else { throw ReadError(line: line, problem: "a string ends in a lone backslash") }
        return result
    }
}

/// The entry a PO reader is in the middle of.
private struct PendingEntry {
    enum Field: Equatable {
        case context, english, englishPlural
        case form(Int)
    }

    var context: String?
    var english: String?
    var englishPlural: String?
    var forms: [Int: String] = [:]
    var isFuzzy = false
    var field: Field?
    var lastLine = 0

    var hasStarted: Bool { field != nil }

    mutating func start(_ field: Field, _ value: String) {
        self.field = field
        set(value, appending: false)
    }

    mutating func append(_ value: String) { set(value, appending: true) }

    private mutating func set(_ value: String, appending: Bool) {
        switch field {
        case .context?: context = (appending ? context ?? "" : "") + value
        case .english?: english = (appending ? english ?? "" : "") + value
        case .englishPlural?: englishPlural = (appending ? englishPlural ?? "" : "") + value
        case .form(let index)?: forms[index] = (appending ? forms[index] ?? "" : "") + value
        case nil: break
        }
    }
}

extension Substring {
    fileprivate func trimmingSuffix(while drop: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, drop(self[index(before: end)]) { end = index(before: end) }
        return self[..<end]
    }
}
