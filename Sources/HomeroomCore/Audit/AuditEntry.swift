import Foundation

/// One admin change or security event: who, when, what.
public struct AuditEntry: Sendable, Equatable {
    /// When it happened.
    public let at: Date
    /// Who did it (`homeroom:cli` for the command line).
    public let actor: UserID
    /// What kind of change, named like a capability: `lunch.set`, `login.failed`.
    public let action: String
    /// The change in words, with its values.
    public let detail: String
    /// The channel it was done in, if any.
    public let channel: String?
    /// The school whose data it changed (``School/id``); nil for the district's own (roles,
    /// logins) and for entries made before Homeroom knew of schools.
    public let school: String?

    /// Creates an entry.
    public init(
        at: Date, actor: UserID, action: String, detail: String, channel: String? = nil, school: String? = nil
    ) {
        self.school = school
        self.at = Date(timeIntervalSince1970: at.timeIntervalSince1970.rounded(.down))
        self.actor = actor
        self.action = action
        self.detail = detail
        self.channel = channel
    }

    /// The actor recorded for changes made with the `homeroom` command line.
    public static let commandLine = UserID(adapter: "homeroom", id: "cli")
}
