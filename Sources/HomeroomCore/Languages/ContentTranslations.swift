import Synchronization

/// What admins wrote (dishes, event titles, club descriptions, announcements), translated: by the
/// admins themselves (`/translate "Chicken tacos" es "Tacos de pollo"`, or a column per language
/// in an import) and, when a school turns it on, by a machine-translation server it runs.
///
/// A reader sees the translation in their language when there is one, else the text as written:
/// Homeroom never invents one. Text an admin marked to keep as written is never translated.
/// The runtime keeps this in memory, read from its table at start and after every change.
public final class ContentTranslations: Sendable {
    /// One translation of a text.
    public struct Translation: Sendable, Equatable {
        /// The translated text.
        public let text: String
        /// True when a machine translated it; answers that show it say so.
        public let isMachine: Bool

        /// A translation.
        public init(text: String, isMachine: Bool) {
            self.text = text
            self.isMachine = isMachine
        }
    }

    /// Every translation, by the text as written, then by language code; and the texts kept as written.
    package struct Snapshot: Sendable, Equatable {
        package var translations: [String: [String: Translation]] = [:]
        package var kept: Set<String> = []

        package init(translations: [String: [String: Translation]] = [:], kept: Set<String> = []) {
            self.translations = translations
            self.kept = kept
        }
    }

    private let snapshot: Mutex<Snapshot>
    private let wanted: Mutex<Set<String>> = Mutex([])
    /// True when a machine translator takes the texts readers found untranslated; otherwise a
    /// miss remembers nothing.
    private let collectsWanted: Bool

    /// The most texts remembered as wanted in another language before a translator takes them.
    package static let maximumWanted = 1_000

    /// Translations of nothing: every text is shown as written.
    public init() {
        snapshot = Mutex(Snapshot())
        collectsWanted = false
    }

    /// The translations of `snapshot`; `collectsWanted` when a machine translator takes misses.
    package init(_ snapshot: Snapshot, collectsWanted: Bool) {
        self.snapshot = Mutex(snapshot)
        self.collectsWanted = collectsWanted
    }

    /// Puts `snapshot` in place of what was held.
    package func replace(with snapshot: Snapshot) { self.snapshot.withLock { $0 = snapshot } }

    /// The translation of `original` into `language`, if there is one; nil for English (the
    /// language content is written in), and for text kept as written.
    public func translation(of original: String, into language: Language) -> Translation? {
        guard language != .english else { return nil }
        let found = snapshot.withLock { held -> Translation? in
            guard !held.kept.contains(original) else { return nil }
            return held.translations[original]?[language.code]
        }
        if found == nil, collectsWanted, language != .pseudo { remember(original) }
        return found
    }

    /// True when an admin marked `original` to be shown as written in every language.
    public func isKept(_ original: String) -> Bool { snapshot.withLock { $0.kept.contains(original) } }

    /// Takes the texts readers wanted in another language and found untranslated, for a machine
    /// translator to work on.
    package func takeWanted() -> Set<String> {
        wanted.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }

    private func remember(_ original: String) {
        wanted.withLock { wanted in
            if wanted.count < Self.maximumWanted { wanted.insert(original) }
        }
    }
}
