/// Matrix identifiers as the specification writes them: `@localpart:server` for users,
/// `!opaque:server` for rooms, `#alias:server` for room aliases (Appendices, Identifier Grammar).
package enum MatrixID {
    /// The longest identifier the specification allows, in bytes.
    package static let maximumLength = 255

    /// True for `@localpart:server` within the length limit.
    package static func isUserID(_ text: String) -> Bool { isID(text, sigil: "@") }

    /// True for a room id (`!…:server`) or an alias (`#…:server`).
    package static func isRoomIDOrAlias(_ text: String) -> Bool { isID(text, sigil: "!") || isID(text, sigil: "#") }

    /// The server name of an identifier (`school.example` of `@alice:school.example`), lowercased;
    /// nil when it has none.
    package static func serverName(of id: String) -> String? {
        guard let colon = id.firstIndex(of: ":") else { return nil }
        let server = id[id.index(after: colon)...]
        return server.isEmpty ? nil : server.lowercased()
    }

    /// The localpart of a user id (`alice` of `@alice:school.example`).
    package static func localpart(of userID: String) -> String {
        guard userID.first == "@", let colon = userID.firstIndex(of: ":") else { return userID }
        return String(userID[userID.index(after: userID.startIndex)..<colon])
    }

    private static func isID(_ text: String, sigil: Character) -> Bool {
        guard text.utf8.count <= maximumLength, text.first == sigil, let colon = text.firstIndex(of: ":") else {
            return false
        }
        let local = text[text.index(after: text.startIndex)..<colon]
        let server = text[text.index(after: colon)...]
        return !local.isEmpty && !server.isEmpty
            && !text.unicodeScalars.contains { $0.properties.isWhitespace || $0.properties.generalCategory == .control }
    }
}
