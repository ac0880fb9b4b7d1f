import Synchronization

/// One module's catalogs, one per language: what a plugin (or the core) says, translated.
///
/// A module's `Catalog` folder holds `messages.pot` (every English sentence it says, made by
/// `Scripts/catalogs`) and one PO file per language (`es.po`, `zh-Hans.po`, `vi.po`, `ar.po`),
/// which the EmbedCatalogs build plugin builds into the module as `EmbeddedCatalogs.files`. A
/// catalog is read the first time someone needs its language; one that cannot be read is logged
/// once and its sentences stay English.
public final class Phrasebook: Sendable {
    /// The module's name, for messages about its catalogs.
    public let name: String
    private let files: [String: String]
    private let read: Mutex<[Language: TranslationCatalog]> = Mutex([:])
    private let problems: Mutex<[Language: TranslationCatalog.ReadError]> = Mutex([:])

    /// A phrasebook of `files`: PO text by language code (the template, `messages`, is skipped).
    public init(_ name: String, files: [String: String]) {
        self.name = name
        self.files = files.filter { $0.key != "messages" }
    }

    /// A phrasebook without translations: every sentence is said in English.
    public static let untranslated = Phrasebook("untranslated", files: [:])

    /// The languages this phrasebook has a catalog for, besides English.
    public var languageCodes: [String] { files.keys.sorted() }

    /// The catalog of `language`: empty for English, for a language without a file, and for a
    /// file that cannot be read (see ``problem(in:)``).
    public func catalog(_ language: Language) -> TranslationCatalog {
        if let catalog = read.withLock({ $0[language] }) { return catalog }
        var catalog = TranslationCatalog()
        if let text = files[language.code] {
            do {
                catalog = try TranslationCatalog(parsing: text)
            } catch {
                problems.withLock { $0[language] = error }
            }
        }
        read.withLock { $0[language] = catalog }
        return catalog
    }

    /// Why the catalog of `language` could not be read, if it could not.
    public func problem(in language: Language) -> TranslationCatalog.ReadError? {
        _ = catalog(language)
        return problems.withLock { $0[language] }
    }

    /// The PO text of `code`'s catalog, as shipped.
    public func text(of code: String) -> String? { files[code] }
}
