/// A user's role, from `role` in a 1.1 `users.csv`, a 1.2 `roles.csv` or an `enrollments.csv`
/// (CSV Binding, "RoleEnum"). Values are matched without regard to case.
public enum RosterRole: Hashable, Sendable, CustomStringConvertible {
    /// `student`.
    case student
    /// `teacher`.
    case teacher
    /// `parent`.
    case parent
    /// `guardian`.
    case guardian
    /// `relative`: another family member allowed to act for a student.
    case relative
    /// `aide`.
    case aide
    /// `administrator`, and 1.2's `districtAdministrator`, `siteAdministrator` and `systemAdministrator`.
    case administrator
    /// Any other role (`proctor`, `counselor`, `principal`, an extension), as written.
    case other(String)

    /// The role `field` names.
    public init(field: String) {
        switch field.lowercased() {
        case "student": self = .student
        case "teacher": self = .teacher
        case "parent": self = .parent
        case "guardian": self = .guardian
        case "relative": self = .relative
        case "aide": self = .aide
        case "administrator", "districtadministrator", "siteadministrator", "systemadministrator":
            self = .administrator
        default: self = .other(field)
        }
    }

    /// True for the roles that act for a student: parent, guardian and relative.
    public var actsForStudents: Bool {
        switch self {
        case .parent, .guardian, .relative: true
        default: false
        }
    }

    /// The role as a OneRoster file writes it.
    public var description: String {
        switch self {
        case .student: "student"
        case .teacher: "teacher"
        case .parent: "parent"
        case .guardian: "guardian"
        case .relative: "relative"
        case .aide: "aide"
        case .administrator: "administrator"
        case .other(let name): name
        }
    }
}
