/// Which room events the bot may answer: a text someone else typed, not an edit, and sent lately
/// by the homeserver's count.
///
/// Notices (`m.notice`) are what bots send, so the bot never answers one (two bots would answer
/// each other forever); an edit (`m.replace`) repeats a message already seen; an encrypted event
/// (`m.room.encrypted`) is never a command, as the bot does not decrypt. The age is the server's
/// `unsigned.age`, independent of this machine's clock; an event without one is answered.
package enum MatrixCommandRule {
    /// The longest body read as a command, in UTF-8 bytes: longer texts are chatter.
    package static let longestCommand = 4096

    /// True when `event` may be a command for the bot `botUserID`: an `m.room.message` of msgtype
    /// `m.text` from someone else, not an edit, with a body of at most ``longestCommand`` bytes,
    /// sent at most `maximumAgeSeconds` ago.
    package static func isAnswerable(_ event: RoomEvent, botUserID: String, maximumAgeSeconds: Double) -> Bool {
        guard event.type == "m.room.message", event.content.msgtype == "m.text", event.sender != botUserID,
            event.content.relationType != "m.replace", let body = event.content.body, !body.isEmpty,
            body.utf8.count <= longestCommand
        else { return false }
        return isFresh(event, maximumAgeSeconds: maximumAgeSeconds)
    }

    /// True when the server counts `event` at most `maximumAgeSeconds` old, or gave no age.
    package static func isFresh(_ event: RoomEvent, maximumAgeSeconds: Double) -> Bool {
        guard let age = event.ageMilliseconds else { return true }
        // Double of an Int64 never traps; a negative age (clock skew between servers) is fresh.
        return Double(age) <= maximumAgeSeconds * 1000
    }
}
