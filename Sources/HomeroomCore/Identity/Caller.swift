/// The person behind a command, as the runtime resolved them for this message.
public struct Caller: Sendable {
    /// Who typed the command: the identity on this platform.
    public let user: UserID
    /// The person behind it, by their home identity: the key of their settings, the same from
    /// every identity linked with `/link`, and where direct messages for them go.
    public let person: UserID
    /// Every identity of the person, the home first.
    public let identities: [UserID]
    /// What they may do now (roles apply to unverified ids only while a PIN login lasts).
    public let capabilities: CapabilitySet
    /// The roles granted to any of the person's identities, whether or not they are in force now.
    public let roles: [String]
    /// True when their roles are in force through a PIN login.
    public let isLoggedIn: Bool
    /// The language the person chose (`/me language`), shared by their linked identities; nil
    /// when they chose none and answers follow the channel's or the school's.
    public let language: Language?
    /// The language Homeroom last offered the person answers in, if it offered one.
    package let offeredLanguage: Language?

    /// Creates a caller; a person of one identity unless `person` and `identities` say otherwise.
    public init(
        user: UserID, capabilities: CapabilitySet, roles: [String] = [], isLoggedIn: Bool = false,
        person: UserID? = nil, identities: [UserID]? = nil, language: Language? = nil,
        offeredLanguage: Language? = nil
    ) {
        self.language = language
        self.offeredLanguage = offeredLanguage
        self.user = user
        self.person = person ?? user
        self.identities = identities ?? [person ?? user]
        self.capabilities = capabilities
        self.roles = roles
        self.isLoggedIn = isLoggedIn
    }

    /// True when the caller may run the command or subcommand named by `capability`.
    public func may(_ capability: String) -> Bool { capabilities.allows(capability) }
}
