import SQLKit

/// Where a plugin keeps the translations an admin gave with what they wrote (an import's column
/// per language: `specials_es`), in the transaction that saves it; ``reload()`` after that
/// transaction shows them to readers.
public protocol ContentTranslationRecording: Sendable {
    /// Keeps `text` as the admin's translation of `original` into `language`, in place of any
    /// earlier one (a machine's too).
    func record(_ text: String, of original: String, in language: Language, on db: any SQLDatabase) async throws

    /// Reads the kept translations again, here and on the other instances.
    func reload() async throws
}

/// Keeps nothing: for storage without translations (a tool's, a test's).
struct UnkeptContentTranslations: ContentTranslationRecording {
    func record(_ text: String, of original: String, in language: Language, on db: any SQLDatabase) async throws {}
    func reload() async throws {}
}
