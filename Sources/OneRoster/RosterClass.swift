/// A class section from `classes.csv` (CSV Binding, "classes.csv").
public struct RosterClass: Equatable, Sendable {
    /// The class's id, which enrollments refer to.
    public var sourcedId: String
    /// Whether the class is there or removed.
    public var status: RosterStatus
    /// `dateLastModified`, as written.
    public var dateLastModified: String?
    /// The class's title; empty only for a removed class whose row leaves it out.
    public var title: String
    /// The grades the class is for (`09`, `10`, …).
    public var grades: [String]
    /// The course the class is a section of.
    public var courseSourcedId: String?
    /// The class code shown to people, such as `ALG1-03`.
    public var classCode: String?
    /// `homeroom` or `scheduled`, as written.
    public var classType: String?
    /// The room.
    public var location: String?
    /// The school's org sourcedId; empty only for a removed class whose row leaves it out.
    public var schoolSourcedId: String
    /// The terms (academic sessions) the class meets in.
    public var termSourcedIds: [String]
    /// Subject names.
    public var subjects: [String]
    /// Subject codes (SCED in the US).
    public var subjectCodes: [String]
    /// The periods the class meets in (`1`, `2`, …).
    public var periods: [String]

    /// A class from its fields.
    public init(
        sourcedId: String, status: RosterStatus = .active, dateLastModified: String? = nil, title: String,
        grades: [String] = [], courseSourcedId: String? = nil, classCode: String? = nil, classType: String? = nil,
        location: String? = nil, schoolSourcedId: String, termSourcedIds: [String] = [], subjects: [String] = [],
        subjectCodes: [String] = [], periods: [String] = []
    ) {
        self.sourcedId = sourcedId
        self.status = status
        self.dateLastModified = dateLastModified
        self.title = title
        self.grades = grades
        self.courseSourcedId = courseSourcedId
        self.classCode = classCode
        self.classType = classType
        self.location = location
        self.schoolSourcedId = schoolSourcedId
        self.termSourcedIds = termSourcedIds
        self.subjects = subjects
        self.subjectCodes = subjectCodes
        self.periods = periods
    }

    /// The columns without which no row of `classes.csv` can be read.
    static let requiredColumns = ["sourcedId", "title", "schoolSourcedId"]

    /// The class in `row` of a file of `mode`.
    init(_ row: RosterRow, mode: RosterFileMode) throws(RosterRow.Failure) {
        let sourcedId = try row.required("sourcedId")
        let status = try row.status(in: mode)
        let removed = status == .toBeDeleted
        self.init(
            sourcedId: sourcedId, status: status, dateLastModified: row.text("dateLastModified"),
            title: removed ? row.text("title") ?? "" : try row.required("title"), grades: try row.list("grades"),
            courseSourcedId: row.text("courseSourcedId"), classCode: row.text("classCode"),
            classType: row.text("classType"), location: row.text("location"),
            schoolSourcedId: removed ? row.text("schoolSourcedId") ?? "" : try row.required("schoolSourcedId"),
            termSourcedIds: try row.list("termSourcedIds"), subjects: try row.list("subjects"),
            subjectCodes: try row.list("subjectCodes"), periods: try row.list("periods"))
    }
}
