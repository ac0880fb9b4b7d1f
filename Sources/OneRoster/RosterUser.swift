import HomeroomCore

/// A person from `users.csv` (CSV Binding, "users.csv"): a student, teacher, guardian or staff
/// member, with the orgs they belong to and, for students and guardians, each other
/// (`agentSourcedIds`). The `password` column is never read.
public struct RosterUser: Equatable, Sendable {
    /// The user's id, which enrollments and other users' agents refer to.
    public var sourcedId: String
    /// Whether the user is there or removed.
    public var status: RosterStatus
    /// `dateLastModified`, as written.
    public var dateLastModified: String?
    /// `enabledUser`: false for an account that exists but may not sign in; true when blank.
    public var enabled: Bool
    /// The role: 1.1's `role` column, or 1.2's primary role in `roles.csv`. Nil only when a 1.2
    /// delta export's `roles.csv` does not mention the user (the role did not change), or a
    /// removed user's row leaves it out.
    public var role: RosterRole?
    /// The orgs (schools) the user belongs to: `orgSourcedIds`, or in 1.2 the orgs of the user's roles.
    public var orgSourcedIds: [String]
    /// The sign-in name.
    public var username: String?
    /// The given (first) name; empty only for a removed user whose row leaves it out.
    public var givenName: String
    /// The family (last) name; empty only for a removed user whose row leaves it out.
    public var familyName: String
    /// The middle name.
    public var middleName: String?
    /// The name the person goes by (1.2 `preferredGivenName`).
    public var preferredGivenName: String?
    /// The user's identifier in the school system, such as a student number.
    public var identifier: String?
    /// The email address, as written.
    public var email: String?
    /// The number for text messages.
    public var sms: PhoneNumber?
    /// The phone number.
    public var phone: PhoneNumber?
    /// For a student, their guardians and other agents; for a guardian, their students.
    public var agentSourcedIds: [String]
    /// The grades (`09`, `10`, …): a student's grade, the grades a teacher teaches.
    public var grades: [String]

    /// A user from their fields.
    public init(
        sourcedId: String, status: RosterStatus = .active, dateLastModified: String? = nil, enabled: Bool = true,
        role: RosterRole?, orgSourcedIds: [String] = [], username: String? = nil, givenName: String,
        familyName: String, middleName: String? = nil, preferredGivenName: String? = nil, identifier: String? = nil,
        email: String? = nil, sms: PhoneNumber? = nil, phone: PhoneNumber? = nil, agentSourcedIds: [String] = [],
        grades: [String] = []
    ) {
        self.sourcedId = sourcedId
        self.status = status
        self.dateLastModified = dateLastModified
        self.enabled = enabled
        self.role = role
        self.orgSourcedIds = orgSourcedIds
        self.username = username
        self.givenName = givenName
        self.familyName = familyName
        self.middleName = middleName
        self.preferredGivenName = preferredGivenName
        self.identifier = identifier
        self.email = email
        self.sms = sms
        self.phone = phone
        self.agentSourcedIds = agentSourcedIds
        self.grades = grades
    }

    /// The columns without which no row of a `users.csv` of `version` can be read.
    static func requiredColumns(_ version: RosterVersion) -> [String] {
        version == .v1p1 ? ["sourcedId", "role", "givenName", "familyName"] : ["sourcedId", "givenName", "familyName"]
    }

    /// The user in `row` of a file of `mode`, with the user's rows of a 1.2 `roles.csv`: the role is
    /// the first primary one (or the first of any), the orgs those of the roles, primary first, when
    /// `users.csv` gives none.
    ///
    /// - Parameter roleRequired: whether an active user without any role is skipped (a 1.1 export,
    ///   or a 1.2 one whose `roles.csv` is bulk).
    init(_ row: RosterRow, mode: RosterFileMode, roles: [RosterRoleAssignment], roleRequired: Bool)
        throws(RosterRow.Failure)
    {
        let sourcedId = try row.required("sourcedId")
        let status = try row.status(in: mode)
        let removed = status == .toBeDeleted
        let ordered = roles.filter(\.isPrimary) + roles.filter { !$0.isPrimary }
        let role = ordered.first?.role ?? row.text("role").map(RosterRole.init(field:))
        if role == nil, roleRequired, !removed {
            throw .skip(roles.isEmpty && !row.has("role") ? "no role in roles.csv" : "no role")
        }
        var orgSourcedIds = try row.list("orgSourcedIds")
        if orgSourcedIds.isEmpty {
            for org in ordered.map(\.orgSourcedId) where !org.isEmpty && !orgSourcedIds.contains(org) {
                orgSourcedIds.append(org)
            }
        }
        self.init(
            sourcedId: sourcedId, status: status, dateLastModified: row.text("dateLastModified"),
            enabled: row.flag("enabledUser", fallback: true), role: role, orgSourcedIds: orgSourcedIds,
            username: row.text("username"),
            givenName: removed ? row.text("givenName") ?? "" : try row.required("givenName"),
            familyName: removed ? row.text("familyName") ?? "" : try row.required("familyName"),
            middleName: row.text("middleName"), preferredGivenName: row.text("preferredGivenName"),
            identifier: row.text("identifier"), email: row.text("email"),
            sms: row.text("sms").flatMap { PhoneNumber($0) },
            phone: row.text("phone").flatMap { PhoneNumber($0) }, agentSourcedIds: try row.list("agentSourcedIds"),
            grades: try row.list("grades"))
    }
}
