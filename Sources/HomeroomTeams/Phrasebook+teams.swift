import HomeroomCore

extension Phrasebook {
    /// What the Teams adapter says of its own: its welcome, and where an answer for the asker alone
    /// went.
    static let teams = Phrasebook("HomeroomTeams", files: EmbeddedCatalogs.files)
}
