import HomeroomCore

extension Phrasebook {
    /// What the IRC adapter says of its own beside an answer: that more lines wait for `!more`,
    /// that an answer went privately, whom a channel answer points to, and what needs a services
    /// account.
    static let irc = Phrasebook("HomeroomIRC", files: EmbeddedCatalogs.files)
}
