import Foundation

/// A language Homeroom answers in: its BCP 47 code, how it counts (plural forms), which way it
/// reads and the locale its dates, times, numbers and lists are written in.
///
/// One byte: every answer carries one, so it is copied and compared on the message path; what it
/// knows about itself is in one table.
public struct Language: Sendable, Hashable, CustomStringConvertible {
    /// The languages there are.
    private enum Known: UInt8, CaseIterable {
        case english, spanish, chinese, vietnamese, arabic, pseudo
    }

    /// What a language knows about itself.
    private struct Details: Sendable {
        let code: String
        let nativeName: String
        let isRightToLeft: Bool
        let plurals: PluralRule
        let locale: Locale
        /// Other names a person may type for it, folded to lower case without accents.
        let aliases: [String]
    }

    private let known: Known

    private static let details: [Details] = Known.allCases.map { known in
        switch known {
        case .english:
            Details(
                code: "en", nativeName: "English", isRightToLeft: false, plurals: .oneOther,
                locale: Locale(identifier: "en_US"), aliases: ["english", "ingles"])
        case .spanish:
            Details(
                code: "es", nativeName: "Español", isRightToLeft: false, plurals: .oneOther,
                locale: Locale(identifier: "es_US"), aliases: ["spanish", "espanol"])
        case .chinese:
            Details(
                code: "zh-Hans", nativeName: "中文", isRightToLeft: false, plurals: .single,
                locale: Locale(identifier: "zh_Hans_CN"),
                aliases: ["zh", "zh-cn", "chinese", "mandarin", "中文", "汉语", "简体中文", "普通话"])
        case .vietnamese:
            Details(
                code: "vi", nativeName: "Tiếng Việt", isRightToLeft: false, plurals: .single,
                locale: Locale(identifier: "vi_VN"), aliases: ["vietnamese", "tieng viet"])
        case .arabic:
            Details(
                code: "ar", nativeName: "العربية", isRightToLeft: true, plurals: .arabic,
                locale: Locale(identifier: "ar"), aliases: ["arabic", "عربي", "العربية"])
        case .pseudo:
            Details(
                code: "qps-ploc", nativeName: "Pseudo", isRightToLeft: false, plurals: .oneOther,
                locale: Locale(identifier: "en_US"), aliases: [])
        }
    }

    private var details: Details { Self.details[Int(known.rawValue)] }

    /// The BCP 47 code, as catalogs are named: `en`, `es`, `zh-Hans`, `vi`, `ar`.
    public var code: String { details.code }
    /// The language's own name for itself, as a person choosing it would look for it.
    public var nativeName: String { details.nativeName }
    /// True for a language written right to left.
    public var isRightToLeft: Bool { known == .arabic }
    /// How the language picks a plural form for a number (gettext's `Plural-Forms`).
    public var plurals: PluralRule { details.plurals }
    /// The locale of its dates, times, numbers and lists.
    public var locale: Locale { details.locale }
    /// Other names a person may type for it.
    var aliases: [String] { details.aliases }

    /// English, the language the code is written in.
    public static let english = Language(known: .english)
    /// Spanish, as written in the Americas.
    public static let spanish = Language(known: .spanish)
    /// Simplified Chinese.
    public static let chinese = Language(known: .chinese)
    /// Vietnamese.
    public static let vietnamese = Language(known: .vietnamese)
    /// Arabic, read right to left.
    public static let arabic = Language(known: .arabic)
    /// The pseudo-language of the tests: every catalog sentence lengthened, accented and bracketed
    /// (`⟦Ĺüñçĥ ƒöŕ {date}:···⟧`) and every value marked, so English that skips the catalogs shows.
    public static let pseudo = Language(known: .pseudo)

    /// The languages Homeroom ships catalogs for, English first.
    public static let shipped: [Language] = [.english, .spanish, .chinese, .vietnamese, .arabic]

    private init(known: Known) { self.known = known }

    /// The shipped language a person means by `typed`: its code (`es`, `zh-Hans`, `zh`, any case,
    /// with a region: `es-MX`), its own name or its English name; nil for any other.
    public init?(_ typed: String) {
        let folded = typed.trimmingCharacters(in: .whitespaces)
            .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .replacingOccurrences(of: "_", with: "-")
        let named = Self.shipped.first { language in
            language.code.lowercased() == folded
                || language.nativeName.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                    == folded
                || language.aliases.contains(folded)
        }
        // A region or script after the code (`es-MX`, `ar-EG`, `zh-Hans-CN`) keeps its language.
        let primary = folded.split(separator: "-").first.map(String.init)
        guard
            let language = named
                ?? Self.shipped.first(where: { $0.code.lowercased() == primary || $0.aliases.contains(primary ?? "") })
        else { return nil }
        self = language
    }

    /// The shipped or pseudo language whose code is exactly `code`, as stored; nil for any other.
    public init?(code: String) {
        guard let language = (Self.shipped + [.pseudo]).first(where: { $0.code == code }) else { return nil }
        self = language
    }

    /// The first shipped language of an HTTP `Accept-Language` value, by its weights
    /// (`es-MX,es;q=0.9,en;q=0.8` → Spanish); nil when it names none.
    public static func preferred(in acceptLanguage: String) -> Language? {
        let ranges = acceptLanguage.split(separator: ",").prefix(32).enumerated().compactMap {
            index, item -> (weight: Double, index: Int, language: Language)? in
            let parts = item.split(separator: ";")
            guard let tag = parts.first, let language = Language(String(tag)) else { return nil }
            let weight =
                parts.dropFirst().lazy.compactMap { parameter -> Double? in
                    let pair = parameter.split(separator: "=", maxSplits: 1)
                    guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces) == "q" else { return nil }
                    return Double(pair[1].trimmingCharacters(in: .whitespaces))
                }.first ?? 1
            return weight > 0 && weight <= 1 ? (weight, index, language) : nil
        }
        return ranges.min { ($1.weight, $0.index) < ($0.weight, $1.index) }?.language
    }

    /// `rtl` or `ltr`, for an HTML `dir` attribute.
    public var direction: String { isRightToLeft ? "rtl" : "ltr" }

    public var description: String { code }

}
