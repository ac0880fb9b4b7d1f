/// A user as one chat platform knows them: the adapter's name and the platform's id for the user.
///
/// Written `adapter:id`, for example `slack:T0001:U024BE7LH`, `irc:alice` or `console:local`.
public struct UserID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The adapter the user talks through (`irc`, `slack`, `console`, …).
    public let adapter: String
    /// The platform's own id for the user.
    public let id: String

    /// Creates a user id from its two parts.
    public init(adapter: String, id: String) {
        self.adapter = adapter
        self.id = id
    }

    /// Parses `adapter:id`; returns nil when either part is empty or the colon is missing.
    public init?(_ text: String) {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let adapter = String(text[..<colon])
        let id = String(text[text.index(after: colon)...])
        guard !adapter.isEmpty, !id.isEmpty, adapter.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            return nil
        }
        self.init(adapter: adapter.lowercased(), id: id)
    }

    /// The `adapter:id` form, as stored and as typed on the command line.
    public var description: String { "\(adapter):\(id)" }

    /// The workspace the id belongs to, as far as the id says: a Slack team (`slack:T0001:U024`
    /// gives `T0001`), an IRC network (`irc:libera:alice` gives `libera`), a Matrix server
    /// (`matrix:@alice:school.example` gives `school.example`), a Discord server, a Teams tenant
    /// (where a message names its team, ``IncomingMessage/workspace`` is the team); empty where
    /// the id names none (the platform's whole connection is one workspace).
    public var workspace: String {
        if id.hasPrefix("@"), let colon = id.firstIndex(of: ":") { return String(id[id.index(after: colon)...]) }
        guard let colon = id.firstIndex(of: ":") else { return "" }
        return String(id[..<colon])
    }

    public static func < (lhs: UserID, rhs: UserID) -> Bool { lhs.description < rhs.description }
}
