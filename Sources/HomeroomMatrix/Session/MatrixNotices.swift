/// What the bot tells people about encrypted rooms, which it cannot read: the room that turned
/// encrypted, and the person whose invitation to an encrypted room it declined.
package enum MatrixNotices {
    /// Posted once in a room the bot is in when it turns encrypted.
    package static func roomTurnedEncrypted(botUserID: String) -> String {
        "This room is encrypted now, and Homeroom cannot read encrypted rooms: it will not answer here any more. "
            + "Write to \(botUserID) in a direct room without encryption, or use it in a room without encryption."
    }

    /// Sent in a direct message to whoever invited the bot to the encrypted room `roomID`.
    package static func invitationDeclined(roomID: String) -> String {
        "I declined your invitation to \(roomID): Homeroom does not read encrypted rooms. "
            + "Write to me here (this room is not encrypted), or invite me to a room without encryption. "
            + "An admin can run Homeroom behind pantalaimon to serve encrypted rooms."
    }
}
