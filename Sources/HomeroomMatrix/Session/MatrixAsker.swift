/// Who asked a command in a room, as an answer names them.
package struct MatrixAsker: Sendable, Equatable, Codable {
    /// Their Matrix id, the one an answer mentions (`m.mentions`).
    package var userID: String
    /// What an answer in a room calls them: their display name there, else their localpart.
    package var name: String
    /// The command's event, which an answer to them alone replies to.
    package var eventID: String?

    /// An asker.
    package init(userID: String, name: String, eventID: String?) {
        self.userID = userID
        self.name = name
        self.eventID = eventID
    }
}
