/// One row of a 1.2 `roles.csv` (CSV Binding 1.2, "roles.csv"): a role a user holds at an org. The
/// reader folds these into each ``RosterUser``'s role and orgs.
struct RosterRoleAssignment: Equatable, Sendable {
    /// The user holding the role.
    let userSourcedId: String
    /// True for `roleType` `primary`, false for `secondary`.
    let isPrimary: Bool
    /// The role.
    let role: RosterRole
    /// The org the role is held at.
    let orgSourcedId: String

    /// The columns without which no row of `roles.csv` can be read.
    static let requiredColumns = ["userSourcedId", "roleType", "role", "orgSourcedId"]

    /// The assignment in `row`, or nil for a removed one (status `tobedeleted`), which gives no role.
    init?(_ row: RosterRow, mode: RosterFileMode) throws(RosterRow.Failure) {
        guard try row.status(in: mode) == .active else { return nil }
        userSourcedId = try row.required("userSourcedId")
        isPrimary = try row.required("roleType").lowercased() == "primary"
        role = RosterRole(field: try row.required("role"))
        orgSourcedId = try row.required("orgSourcedId")
    }
}
