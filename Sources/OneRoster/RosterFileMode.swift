/// How an export carries one file (CSV Binding, "manifest.csv"): the whole of it, only changes, or
/// not at all.
public enum RosterFileMode: String, Equatable, Sendable {
    /// The file holds every record; a record not in it is gone.
    case bulk
    /// The file holds only the records changed since the last export, each with its status.
    case delta
    /// The export does not carry this file.
    case absent
}
