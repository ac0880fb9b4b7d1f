import HomeroomCore

/// The sentences the Matrix adapter says of its own (not a command's answer): about encrypted
/// rooms, which it cannot read (the room that turned encrypted, the person whose invitation to an
/// encrypted room it declined), about answers for the asker alone (sent to their direct room, with
/// a pointer in the room), and about a command it was stopped in the middle of.
///
/// A sentence beside an answer is said in the answer's language; the others accompany no reply,
/// so no language is known for them: they are said in English unless the caller gives `words`.
package enum MatrixNotices {
    /// The line a room gets when the answer to a command typed there went to the asker's direct room.
    package static func answeredInDirectRoom(_ words: Words) -> String {
        words("I answered you in a direct message.")
    }

    /// ``answeredInDirectRoom(_:)`` in English.
    package static var answeredInDirectRoom: String { answeredInDirectRoom(Words(.matrix, .english)) }

    /// The line a room gets when an answer for the asker alone could not go to a direct room with them.
    package static func noDirectRoom(_ words: Words) -> String {
        words("I could not open a direct room with you for this answer: write to me in a direct message.")
    }

    /// ``noDirectRoom(_:)`` in English.
    package static var noDirectRoom: String { noDirectRoom(Words(.matrix, .english)) }

    /// The answer to a command the bot was stopped in the middle of (the process ended, or another
    /// instance took the account over): it is not run again, since it may have been done.
    package static func interrupted(_ words: Words) -> String {
        words(
            "I was stopped while handling this, so I cannot tell whether it was done: please check before asking again."
        )
    }

    /// ``interrupted(_:)`` in English.
    package static var interrupted: String { interrupted(Words(.matrix, .english)) }

    /// Posted once in a room the bot is in when it turns encrypted.
    package static func roomTurnedEncrypted(botUserID: String, _ words: Words = Words(.matrix, .english)) -> String {
        words(
            "This room is encrypted now, and Homeroom cannot read encrypted rooms: it will not answer here any more. Write to {bot} in a direct room without encryption, or use it in a room without encryption.",
            ["bot": botUserID])
    }

    /// Sent in a direct message to whoever invited the bot to the encrypted room `roomID`.
    package static func invitationDeclined(roomID: String, _ words: Words = Words(.matrix, .english)) -> String {
        words(
            "I declined your invitation to {room}: Homeroom does not read encrypted rooms. Write to me here (this room is not encrypted), or invite me to a room without encryption. An admin can run Homeroom behind pantalaimon to serve encrypted rooms.",
            ["room": roomID])
    }
}
