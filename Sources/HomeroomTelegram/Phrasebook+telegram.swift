import HomeroomCore

extension Phrasebook {
    /// What the Telegram adapter says of its own.
    static let telegram = Phrasebook("HomeroomTelegram", files: EmbeddedCatalogs.files)
}
