/// A file of a OneRoster CSV export that the reader knows (CSV Binding, "CSV Files"). Only these are
/// taken from a folder or an archive; the others are never read.
public enum RosterFile: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// `manifest.csv`: the version and which files are there, bulk or delta.
    case manifest = "manifest.csv"
    /// `orgs.csv`: the district, its schools and other organizations.
    case orgs = "orgs.csv"
    /// `users.csv`: students, teachers, guardians and staff.
    case users = "users.csv"
    /// `roles.csv` (1.2 only): each user's roles at each org.
    case roles = "roles.csv"
    /// `classes.csv`: class sections.
    case classes = "classes.csv"
    /// `enrollments.csv`: who is in each class.
    case enrollments = "enrollments.csv"
    /// `academicSessions.csv`: terms and grading periods; checked to be there, not read.
    case academicSessions = "academicSessions.csv"
    /// `courses.csv`: courses; checked to be there, not read.
    case courses = "courses.csv"
    /// `demographics.csv`: checked to be there, not read.
    case demographics = "demographics.csv"

    /// The file's name, as in a folder or archive.
    public var description: String { rawValue }

    /// The manifest property giving this file's mode: `file.users` for `users.csv`.
    var manifestProperty: String { "file." + rawValue.dropLast(4) }
}
