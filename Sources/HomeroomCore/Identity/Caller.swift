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
    /// The school the person said they belong to (`/me school`), by id; nil when they said none.
    public let school: String?
    /// The roles the person holds at single schools, by school id, whether or not in force now;
    /// ``capabilities`` include them only for the school a command is about.
    package let schoolRoles: [String: Set<String>]
    /// True when the person's roles are in force: their platform vouched for them, or a PIN login lasts.
    package let rolesInForce: Bool
    /// What their district-wide roles allow, before any school's (``capabilities`` may add one school's).
    package let districtCapabilities: CapabilitySet
    /// What they may do where the command was typed, when that is another school's channel: a
    /// capability must be allowed there too (what a command changes may be the channel's).
    package let placeCapabilities: CapabilitySet?

    /// Creates a caller; a person of one identity unless `person` and `identities` say otherwise.
    public init(
        user: UserID, capabilities: CapabilitySet, roles: [String] = [], isLoggedIn: Bool = false,
        person: UserID? = nil, identities: [UserID]? = nil, language: Language? = nil,
        offeredLanguage: Language? = nil, school: String? = nil, schoolRoles: [String: Set<String>] = [:],
        rolesInForce: Bool = false, districtCapabilities: CapabilitySet? = nil,
        placeCapabilities: CapabilitySet? = nil
    ) {
        self.placeCapabilities = placeCapabilities
        self.districtCapabilities = districtCapabilities ?? capabilities
        self.school = school
        self.schoolRoles = schoolRoles
        self.rolesInForce = rolesInForce
        self.language = language
        self.offeredLanguage = offeredLanguage
        self.user = user
        self.person = person ?? user
        self.identities = identities ?? [person ?? user]
        self.capabilities = capabilities
        self.roles = roles
        self.isLoggedIn = isLoggedIn
    }

    /// The same person at one school: able to do what their district-wide roles allow and what
    /// `capabilities` (their roles at that school) allow.
    package func atSchool(allowing capabilities: CapabilitySet) -> Caller {
        var all = districtCapabilities
        all.formUnion(capabilities)
        return Caller(
            user: user, capabilities: all, roles: roles, isLoggedIn: isLoggedIn, person: person,
            identities: identities, language: language, offeredLanguage: offeredLanguage, school: school,
            schoolRoles: schoolRoles, rolesInForce: rolesInForce, districtCapabilities: districtCapabilities)
    }

    /// The same person, asking in a channel of another school, where `capabilities` is what they
    /// may do: every capability must be allowed both at the school asked about and there.
    package func asking(where capabilities: CapabilitySet) -> Caller {
        Caller(
            user: user, capabilities: self.capabilities, roles: roles, isLoggedIn: isLoggedIn, person: person,
            identities: identities, language: language, offeredLanguage: offeredLanguage, school: school,
            schoolRoles: schoolRoles, rolesInForce: rolesInForce, districtCapabilities: districtCapabilities,
            placeCapabilities: capabilities)
    }

    /// True when the caller may run the command or subcommand named by `capability`.
    public func may(_ capability: String) -> Bool {
        capabilities.allows(capability) && placeCapabilities?.allows(capability) != false
    }
}
