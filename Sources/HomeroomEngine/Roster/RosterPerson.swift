import HomeroomCore

/// A person as the school's roster lists them: a student, a teacher, a guardian, with the contacts
/// the school keeps for them. Their Homeroom person is ``home`` (`roster:SOURCEDID`), joined to
/// their contacts' identities (`sms:+15551230000`, `email:ana@example.org`).
package struct RosterPerson: Sendable, Equatable {
    /// What the roster calls them.
    package enum Role: String, Sendable, CaseIterable {
        case student, teacher, guardian, administrator, aide, other

        /// True for those who receive a family's notices: guardians, parents and relatives.
        package var isFamily: Bool { self == .guardian }
    }

    /// The roster's own id for them (OneRoster's `sourcedId`).
    package var sourcedID: String
    package var role: Role
    /// The configured school they belong to, when the roster names one.
    package var school: String?
    package var givenName: String
    package var familyName: String
    /// A student's grade (`09`, `KG`), as the roster writes it.
    package var grade: String?
    package var email: String?
    /// The number texts go to.
    package var sms: PhoneNumber?
    /// A number for calls, which may also take texts when ``sms`` is missing.
    package var phone: PhoneNumber?
    /// The people they are linked to: a student's guardians, a guardian's students.
    package var agents: [String]

    /// A person of the roster.
    package init(
        sourcedID: String, role: Role, school: String? = nil, givenName: String, familyName: String,
        grade: String? = nil, email: String? = nil, sms: PhoneNumber? = nil, phone: PhoneNumber? = nil,
        agents: [String] = []
    ) {
        self.sourcedID = sourcedID
        self.role = role
        self.school = school
        self.givenName = givenName
        self.familyName = familyName
        self.grade = grade
        self.email = email
        self.sms = sms
        self.phone = phone
        self.agents = agents
    }

    /// Their Homeroom person: `roster:SOURCEDID`.
    package var home: UserID { Self.home(of: sourcedID) }

    /// The Homeroom person of the roster's `sourcedID`.
    package static func home(of sourcedID: String) -> UserID { UserID(adapter: Self.adapter, id: sourcedID) }

    /// The adapter name of roster people's home identities.
    package static let adapter = "roster"

    /// The identities their contacts are reached at: their number for texts (``sms``, else
    /// ``phone``) and their e-mail address, in lower case.
    package var contactIdentities: [UserID] {
        var identities: [UserID] = []
        if let number = sms ?? phone { identities.append(UserID(adapter: "sms", id: number.e164)) }
        if let email, !email.isEmpty { identities.append(UserID(adapter: "email", id: email.lowercased())) }
        return identities
    }

    /// Given and family name, as the roster writes them.
    package var name: String { [givenName, familyName].filter { !$0.isEmpty }.joined(separator: " ") }
}
