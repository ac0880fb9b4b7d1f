/// The status of one record (CSV Binding, "status" column): what an importer does with it.
public enum RosterStatus: String, Equatable, Sendable {
    /// The record is there: add it or update it. A blank status in a bulk file means this.
    case active
    /// The record is gone: remove it. Delta files use `tobedeleted` for deletions.
    case toBeDeleted = "tobedeleted"

    /// The status a field gives, or nil when it is none of the known ones; blank is active in a bulk
    /// file and unknown in a delta file, where every row must say.
    init?(field: String?, mode: RosterFileMode) {
        guard let field else {
            if mode == .delta { return nil }
            self = .active
            return
        }
        switch field.lowercased() {
        case "active": self = .active
        case "tobedeleted": self = .toBeDeleted
        default: return nil
        }
    }
}
