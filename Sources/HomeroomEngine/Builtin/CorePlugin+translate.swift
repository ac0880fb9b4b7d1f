import HomeroomCore

extension CorePlugin {
    /// `/translate "TEXT" [LANGUAGE "TRANSLATION" | LANGUAGE - | keep | release]`: what an admin
    /// wrote (a dish, an event's title, a club's description), in the families' languages.
    var translateCommand: Command {
        Command(
            "translate",
            summary: "translate what admins wrote (a dish, an event, a club) for families who read another language",
            usage: "\"TEXT\" [LANGUAGE \"TRANSLATION\" | LANGUAGE - | keep | release]",
            examples: [
                .init(
                    "translate \"Chicken tacos\" es \"Tacos de pollo\"", "Spanish readers see Tacos de pollo",
                    answerContains: "Tacos de pollo"),
                .init("translate \"Chicken tacos\"", "its translations", answerContains: "Tacos de pollo"),
                .init(
                    "translate \"Cougar Café\" keep", "a name, shown as written in every language",
                    answerContains: "Cougar Café"),
            ],
            access: .restricted
        ) { [contentTranslations] context in
            let words = context.words
            guard let book = contentTranslations else { throw UserFacingError(words("translations are not kept here")) }
            let arguments = context.arguments
            guard let original = arguments.first, !original.isEmpty, arguments.count <= 3 else {
                throw context.usageError()
            }
            guard original.count <= ContentTranslationBook.maximumLength,
                arguments.allSatisfy({ $0.count <= ContentTranslationBook.maximumLength })
            else {
                throw context.usageError(
                    words.plural(
                        "a text or translation is at most {count} character",
                        "a text or translation is at most {count} characters",
                        count: ContentTranslationBook.maximumLength))
            }
            let change: ContentTranslationBook.Change
            switch arguments.count {
            case 1:
                return Reply.privately(try await Self.describe(original, in: book, words))
            case 2:
                switch arguments[1].lowercased() {
                case "keep": change = .keep(original)
                case "release": change = .release(original)
                default: throw context.usageError()
                }
            default:
                guard let language = Language(arguments[1]), language != .english else {
                    throw context.usageError(
                        words(
                            "translate into one of {languages}",
                            ["languages": words.items(Language.shipped.filter { $0 != .english }.map(\.code))]))
                }
                let translation = arguments[2].trimmingCharacters(in: .whitespaces)
                guard !translation.isEmpty else { throw context.usageError() }
                change =
                    translation == "-"
                    ? .remove(original, from: language)
                    : .translate(original, into: language, as: translation, isMachine: false)
            }
            try await book.apply(
                [change],
                audit: context.auditEntry("translate", "\(original): \(arguments.dropFirst().joined(separator: " "))"))
            return Reply.privately(try await Self.describe(original, in: book, words))
        }
    }

    /// The translations of `original`, one line.
    private static func describe(_ original: String, in book: ContentTranslationBook, _ words: Words) async throws
        -> String
    {
        let stored = try await book.translations(of: original)
        if stored.kept { return words("{text} is shown as written in every language.", ["text": original]) }
        let translated = Language.shipped.compactMap { language in
            stored.byLanguage[language].map { "\(language.code) \(words.mark($0))" }
        }
        guard !translated.isEmpty else {
            return words("{text} has no translation: every reader sees it as written.", ["text": original])
        }
        return words(
            "{text} reads: {translations}.", ["text": original, "translations": translated.joined(separator: "; ")])
    }
}
