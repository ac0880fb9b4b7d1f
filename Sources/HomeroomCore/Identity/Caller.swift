/// The person behind a command, as the runtime resolved them for this message.
public struct Caller: Sendable {
    /// Who typed the command.
    public let user: UserID
    /// What they may do now (roles apply to unverified ids only while a PIN login lasts).
    public let capabilities: CapabilitySet
    /// The roles granted to this id, whether or not they are in force now.
    public let roles: [String]
    /// True when their roles are in force through a PIN login.
    public let isLoggedIn: Bool

    /// Creates a caller.
    public init(user: UserID, capabilities: CapabilitySet, roles: [String] = [], isLoggedIn: Bool = false) {
        self.user = user
        self.capabilities = capabilities
        self.roles = roles
        self.isLoggedIn = isLoggedIn
    }

    /// True when the caller may run the command or subcommand named by `capability`.
    public func may(_ capability: String) -> Bool { capabilities.allows(capability) }
}
