import HomeroomCore

extension Phrasebook {
    /// What the text-message adapter says of its own: the carrier keywords' answers (STOP, START,
    /// HELP) and the note that more of an answer waits for MORE.
    static let texts = Phrasebook("HomeroomTexts", files: EmbeddedCatalogs.files)
}
