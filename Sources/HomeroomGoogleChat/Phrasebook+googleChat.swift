import HomeroomCore

extension Phrasebook {
    /// What the Google Chat adapter says of its own: its welcome, and that an answer was cut to
    /// Chat's length.
    static let googleChat = Phrasebook("HomeroomGoogleChat", files: EmbeddedCatalogs.files)
}
