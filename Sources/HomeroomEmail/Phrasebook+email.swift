import HomeroomCore

extension Phrasebook {
    /// What the Email adapter says of its own.
    static let email = Phrasebook("HomeroomEmail", files: EmbeddedCatalogs.files)
}
