import HomeroomCore

/// An answer for everyone in a channel, before it is addressed to its askers.
package struct ChannelAnswer: Sendable, Equatable {
    /// The channel, as the platform named it.
    package let channel: String
    /// The person who asked.
    package let asker: String
    /// The command as typed, so the asker's repeats of it are known; nil for one whose repeat is a
    /// new question (`!more` shows the next page each time).
    package let question: String?
    /// The lines, each cut to leave room for the names.
    package let pieces: [String]

    /// An answer of `pieces` in `channel` to `asker`, who asked `question`.
    package init(channel: String, asker: String, question: String?, pieces: [String]) {
        self.channel = channel
        self.asker = asker
        self.question = question
        self.pieces = pieces
    }
}
