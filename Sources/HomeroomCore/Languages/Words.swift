import CivilDates
import Foundation

/// What one reader is told, in their language: a module's catalog sentences filled with values,
/// and dates, times, numbers and lists in their locale's form.
///
/// Code says a sentence by its English text, whole, with named placeholders a translator can move:
///
/// ```swift
/// words("Lunch for {date}:", ["date": words.date(date)])
/// words.plural("{count} story", "{count} stories", count: stories.count)
/// ```
///
/// `Scripts/catalogs` finds every such literal and keeps each module's `Catalog/messages.pot`
/// and its translations in step with the code. Never build a sentence from pieces: a translator
/// cannot reorder pieces.
///
/// In a right-to-left language every value is wrapped in Unicode isolates (FSI … PDI), so that a
/// room code, a name or a time inside Arabic text keeps its own direction. In the pseudo-language
/// every value is marked ⟪…⟫ and every sentence bracketed ⟦…⟧, for the tests that find English
/// which skipped the catalogs.
public struct Words: Sendable {
    /// The reader's language.
    public let language: Language
    /// The language's catalog; nil for English and the pseudo-language, which say the English.
    private let catalog: TranslationCatalog?
    private let translations: ContentTranslations?

    /// The words of `phrasebook` in `language`, with `translations` of what admins wrote.
    public init(_ phrasebook: Phrasebook, _ language: Language, content translations: ContentTranslations? = nil) {
        self.language = language
        self.translations = translations
        self.catalog = language == .english || language == .pseudo ? nil : phrasebook.catalog(language)
    }

    /// The sentence whose English is `english`, in the reader's language, its `{name}`
    /// placeholders filled from `values`.
    public func callAsFunction(_ english: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        let template = catalog?.entry(english)?.forms.first ?? english
        return fill(template, values: values)
    }

    /// The sentence whose English is `english` in the sense `context` names (for one English text
    /// with two meanings), in the reader's language.
    public func callAsFunction(
        _ english: String, context: String, _ values: KeyValuePairs<String, String> = [:]
    ) -> String {
        let template = catalog?.entry(TranslationCatalog.key(english, context: context))?.forms.first ?? english
        return fill(template, values: values)
    }

    /// Text declared elsewhere for the extractor to find (a command's `summary:` and `usage:`, a
    /// worked example's explanation), in the reader's language.
    public func translating(_ english: String) -> String {
        catalog?.entry(english)?.forms.first.map { language == .pseudo ? PseudoLanguage.render($0) : $0 }
            ?? (language == .pseudo ? PseudoLanguage.render(english) : english)
    }

    /// The sentence for `count` of something: English `one` for 1 and `other` for the rest, and
    /// the reader's language's own plural form. `{count}` is the count in the locale's digits.
    public func plural(
        _ one: String, _ other: String, count: Int, _ values: KeyValuePairs<String, String> = [:]
    ) -> String {
        let template: String
        if let forms = catalog?.entry(one)?.forms {
            let form = language.plurals.form(for: count)
            template = forms.indices.contains(form) ? forms[form] : forms[forms.count - 1]
        } else {
            template = PluralRule.oneOther.form(for: count) == 0 ? one : other
        }
        return fill(template, values: values, count: number(count))
    }

    /// What an admin wrote (a dish, an event's title), in the reader's language when it has a
    /// translation there, else as written; a machine translation says so. Marked as a value.
    public func content(_ original: String) -> String {
        guard let translation = translations?.translation(of: original, into: language) else { return mark(original) }
        guard translation.isMachine else { return mark(translation.text) }
        return Self.machineTranslated(translation.text, Words(.core, language))
    }

    /// `text (machine translated)`, in the language of `words` (the core's).
    private static func machineTranslated(_ text: String, _ words: Words) -> String {
        words("{text} (machine translated)", ["text": text])
    }

    /// `originals` as ``items(_:)`` lists them, each as ``content(_:)`` gives it.
    public func contentItems(_ originals: [String]) -> String {
        originals.map(content).joined(separator: itemSeparator)
    }

    /// `count` in the reader's digits and grouping: `1,234`, `1.234`.
    public func number(_ count: Int) -> String {
        if language == .english || language == .pseudo { return count.formatted(.number.locale(Self.englishLocale)) }
        return count.formatted(.number.locale(language.locale))
    }

    /// `items` as the reader's language lists them: `a, b, and c`, `a, b y c`, `a、b和c`.
    public func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        let marked = items.map(mark)
        if language == .english || language == .pseudo {
            return marked.count == 2
                ? "\(marked[0]) and \(marked[1])"
                : marked.dropLast().joined(separator: ", ") + ", and " + marked[marked.count - 1]
        }
        // Arabic's list style wraps each item in isolates itself.
        return (language.isRightToLeft ? items : marked).formatted(.list(type: .and).locale(language.locale))
    }

    /// `items` one after another, as the reader's language separates them without a last "and":
    /// `tacos, salad`, `玉米饼、沙拉`, `تاكو، سلطة`. Each is marked as a value.
    public func items(_ items: [String]) -> String {
        items.map(mark).joined(separator: itemSeparator)
    }

    /// `parts`, already in the reader's language (a nutrition value each), one after another as
    /// ``items(_:)`` separates them, without marking them as values.
    public func joined(_ parts: [String]) -> String { parts.joined(separator: itemSeparator) }

    /// What separates items in the reader's language.
    private var itemSeparator: String {
        switch language.code {
        case "zh-Hans": "、"
        case "ar": "، "
        default: ", "
        }
    }

    /// How a date is written.
    public enum DateStyle: Sendable {
        /// `Monday, December 7`.
        case long
        /// `Mon Dec 7`.
        case short
        /// `Monday`.
        case weekday
        /// `Mon`.
        case shortWeekday
        /// `December 7`.
        case monthDay
    }

    /// `date` in the reader's language and form.
    public func date(_ date: LocalDate, _ style: DateStyle = .long) -> String {
        if language == .english || language == .pseudo {
            switch style {
            case .long: return date.longName
            case .short: return date.shortName
            case .weekday: return date.weekday.name
            case .shortWeekday: return String(date.weekday.name.prefix(3))
            case .monthDay: return "\(LocalDate.monthNames[date.month - 1]) \(date.day)"
            }
        }
        var format = Date.FormatStyle(locale: language.locale, calendar: Self.utc, timeZone: Self.utc.timeZone)
        switch style {
        case .long: format = format.weekday(.wide).month(.wide).day()
        case .short: format = format.weekday(.abbreviated).month(.abbreviated).day()
        case .weekday: format = format.weekday(.wide)
        case .shortWeekday: format = format.weekday(.abbreviated)
        case .monthDay: format = format.month(.wide).day()
        }
        return Self.noon(of: date).formatted(format)
    }

    /// The clock time `hour`:`minute` as the reader's locale writes it: `8:05` in English (the
    /// 24-hour clock schools post), `8:05 a.m.` in Spanish, `8:05` in Chinese.
    public func time(hour: Int, minute: Int) -> String {
        let hour = min(max(hour, 0), 23)
        let minute = min(max(minute, 0), 59)
        if language == .english || language == .pseudo { return "\(hour):\(minute < 10 ? "0" : "")\(minute)" }
        var components = Self.utc.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: 0))
        components.hour = hour
        components.minute = minute
        let instant = Self.utc.date(from: components) ?? Date(timeIntervalSince1970: 0)
        return instant.formatted(
            Date.FormatStyle(locale: language.locale, calendar: Self.utc, timeZone: Self.utc.timeZone).hour().minute())
    }

    /// The local time of `instant` at `school`, as ``time(hour:minute:)`` writes it.
    public func time(_ instant: Date, at school: SchoolCalendar) -> String {
        let (hour, minute) = school.timeOfDay(at: instant)
        return time(hour: hour, minute: minute)
    }

    /// `value` as it sits inside a sentence: isolated in a right-to-left language, marked in the
    /// pseudo-language, itself otherwise.
    public func mark(_ value: String) -> String {
        if language.isRightToLeft { return "\u{2068}\(value)\u{2069}" }
        if language == .pseudo { return "⟪\(value)⟫" }
        return value
    }

    private func fill(_ template: String, values: KeyValuePairs<String, String>, count: String? = nil) -> String {
        let text = language == .pseudo ? PseudoLanguage.render(template) : template
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = rest[rest.index(after: open)..<close]
            if let value = values.first(where: { $0.key == name })?.value ?? (name == "count" ? count : nil) {
                result += mark(value)
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }

    private static let englishLocale = Locale(identifier: "en_US")

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static func noon(of date: LocalDate) -> Date {
        utc.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: 12))
            ?? Date(timeIntervalSince1970: 0)
    }
}
