/// What a OneRoster 1.1 or 1.2 CSV export holds (IMS OneRoster, CSV Binding): its orgs, users,
/// classes and enrollments, each record with its status so an importer can apply a delta export's
/// deletions, and the rows that were skipped, by file and line.
///
/// Read one with ``read(files:limits:)``, ``read(archive:limits:)`` or ``read(atPath:limits:)``.
public struct RosterExport: Equatable, Sendable {
    /// The OneRoster version the manifest gives.
    public var version: RosterVersion
    /// How the export carries each file the reader knows: bulk, delta or absent.
    public var modes: [RosterFile: RosterFileMode]
    /// The rows of `orgs.csv`, in file order.
    public var orgs: [RosterOrg]
    /// The rows of `users.csv`, in file order, with 1.2 roles folded in.
    public var users: [RosterUser]
    /// The rows of `classes.csv`, in file order.
    public var classes: [RosterClass]
    /// The rows of `enrollments.csv`, in file order.
    public var enrollments: [RosterEnrollment]
    /// Rows that were skipped or values that could not be used, the first ``RosterLimits/problems`` of them.
    public var problems: [RosterProblem]
    /// How many problems came after those kept in ``problems``.
    public var problemsLeftOut: Int

    /// An export from its parts.
    public init(
        version: RosterVersion, modes: [RosterFile: RosterFileMode], orgs: [RosterOrg] = [], users: [RosterUser] = [],
        classes: [RosterClass] = [], enrollments: [RosterEnrollment] = [], problems: [RosterProblem] = [],
        problemsLeftOut: Int = 0
    ) {
        self.version = version
        self.modes = modes
        self.orgs = orgs
        self.users = users
        self.classes = classes
        self.enrollments = enrollments
        self.problems = problems
        self.problemsLeftOut = problemsLeftOut
    }

    /// How the export carries `file`.
    public func mode(of file: RosterFile) -> RosterFileMode { modes[file] ?? .absent }
}
