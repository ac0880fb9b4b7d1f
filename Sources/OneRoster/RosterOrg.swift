/// An organization from `orgs.csv` (CSV Binding, "orgs.csv"): the district, a school, a department.
public struct RosterOrg: Equatable, Sendable {
    /// The org's id, which other files refer to.
    public var sourcedId: String
    /// Whether the org is there or removed.
    public var status: RosterStatus
    /// `dateLastModified`, as written.
    public var dateLastModified: String?
    /// The org's name; empty only for a removed org whose row leaves it out.
    public var name: String
    /// `district`, `school`, `department`, `local`, `state` or `national`, as written.
    public var type: String
    /// The org's own identifier, such as a state school code.
    public var identifier: String?
    /// The parent org's sourcedId: a school's district.
    public var parentSourcedId: String?

    /// An org from its fields.
    public init(
        sourcedId: String, status: RosterStatus = .active, dateLastModified: String? = nil, name: String,
        type: String, identifier: String? = nil, parentSourcedId: String? = nil
    ) {
        self.sourcedId = sourcedId
        self.status = status
        self.dateLastModified = dateLastModified
        self.name = name
        self.type = type
        self.identifier = identifier
        self.parentSourcedId = parentSourcedId
    }

    /// The columns without which no row of `orgs.csv` can be read.
    static let requiredColumns = ["sourcedId", "name", "type"]

    /// The org in `row` of a file of `mode`.
    init(_ row: RosterRow, mode: RosterFileMode) throws(RosterRow.Failure) {
        let sourcedId = try row.required("sourcedId")
        let status = try row.status(in: mode)
        let removed = status == .toBeDeleted
        self.init(
            sourcedId: sourcedId, status: status, dateLastModified: row.text("dateLastModified"),
            name: removed ? row.text("name") ?? "" : try row.required("name"),
            type: removed ? row.text("type") ?? "" : try row.required("type"), identifier: row.text("identifier"),
            parentSourcedId: row.text("parentSourcedId"))
    }
}
