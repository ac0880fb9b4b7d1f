/// One person in one class, from `enrollments.csv` (CSV Binding, "enrollments.csv").
public struct RosterEnrollment: Equatable, Sendable {
    /// The enrollment's id.
    public var sourcedId: String
    /// Whether the enrollment is there or removed.
    public var status: RosterStatus
    /// `dateLastModified`, as written.
    public var dateLastModified: String?
    /// The class.
    public var classSourcedId: String
    /// The school's org sourcedId; empty when a removed enrollment's row leaves it out.
    public var schoolSourcedId: String
    /// The user.
    public var userSourcedId: String
    /// The user's role in the class: student, teacher, aide, administrator, … (`.other("")` only when a
    /// removed enrollment's row leaves it out).
    public var role: RosterRole
    /// True for the class's main teacher.
    public var primary: Bool
    /// `beginDate`, as written (`2026-08-24`).
    public var beginDate: String?
    /// `endDate`, as written.
    public var endDate: String?

    /// An enrollment from its fields.
    public init(
        sourcedId: String, status: RosterStatus = .active, dateLastModified: String? = nil, classSourcedId: String,
        schoolSourcedId: String, userSourcedId: String, role: RosterRole, primary: Bool = false,
        beginDate: String? = nil, endDate: String? = nil
    ) {
        self.sourcedId = sourcedId
        self.status = status
        self.dateLastModified = dateLastModified
        self.classSourcedId = classSourcedId
        self.schoolSourcedId = schoolSourcedId
        self.userSourcedId = userSourcedId
        self.role = role
        self.primary = primary
        self.beginDate = beginDate
        self.endDate = endDate
    }

    /// The columns without which no row of `enrollments.csv` can be read.
    static let requiredColumns = ["sourcedId", "classSourcedId", "schoolSourcedId", "userSourcedId", "role"]

    /// The enrollment in `row` of a file of `mode`.
    init(_ row: RosterRow, mode: RosterFileMode) throws(RosterRow.Failure) {
        let sourcedId = try row.required("sourcedId")
        let status = try row.status(in: mode)
        let removed = status == .toBeDeleted
        self.init(
            sourcedId: sourcedId, status: status, dateLastModified: row.text("dateLastModified"),
            classSourcedId: try row.required("classSourcedId"),
            schoolSourcedId: removed ? row.text("schoolSourcedId") ?? "" : try row.required("schoolSourcedId"),
            userSourcedId: try row.required("userSourcedId"),
            role: RosterRole(field: removed ? row.text("role") ?? "" : try row.required("role")),
            primary: row.flag("primary", fallback: false), beginDate: row.text("beginDate"),
            endDate: row.text("endDate"))
    }
}
