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
    /// The platform's id of the asker's message, where it has one (a Matrix event): what an
    /// answer to one asker replies to, and what makes the answer's own id, so that it is posted
    /// once however often it is sent.
    package let reference: String?
    /// The language the answer is in: the names leading it, and the line pointing late askers to
    /// it, are said in it (nil: English).
    package let language: Language?

    /// An answer of `pieces` in `channel` to `asker`, who asked `question` in the message
    /// `reference`, in `language`.
    package init(
        channel: String, asker: String, question: String?, pieces: [String], reference: String? = nil,
        language: Language? = nil
    ) {
        self.channel = channel
        self.asker = asker
        self.question = question
        self.pieces = pieces
        self.reference = reference
        self.language = language
    }
}
