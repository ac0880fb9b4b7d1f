import HomeroomCore

extension Phrasebook {
    /// What the Discord adapter says of its own: that an answer was cut to Discord's length.
    static let discord = Phrasebook("HomeroomDiscord", files: EmbeddedCatalogs.files)
}
