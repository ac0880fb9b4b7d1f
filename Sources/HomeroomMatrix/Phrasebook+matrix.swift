import HomeroomCore

extension Phrasebook {
    /// What the Matrix adapter says of its own: that an answer went to a direct room, how many
    /// lines an answer left out, whom a room answer points to, and about encrypted rooms and
    /// invitations.
    static let matrix = Phrasebook("HomeroomMatrix", files: EmbeddedCatalogs.files)
}
