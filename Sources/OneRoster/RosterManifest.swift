/// What `manifest.csv` says (CSV Binding, "manifest.csv"): the OneRoster version and, for each file,
/// whether the export carries it bulk, delta or not at all.
struct RosterManifest: Equatable, Sendable {
    /// The version, from `oneroster.version`; when that row is missing, 1.2 if the manifest lists
    /// `roles.csv` and 1.1 otherwise.
    let version: RosterVersion
    /// The mode of every file the reader knows; absent when the manifest does not list it.
    let modes: [RosterFile: RosterFileMode]

    /// The manifest in `table` (`propertyName,value` rows).
    init(_ table: RosterTable) throws(RosterError) {
        var properties: [String: (value: String, line: Int)] = [:]
        for row in table.rows {
            guard let name = row.text("propertyName")?.lowercased() else { continue }
            guard properties[name] == nil else { throw .badManifest(line: row.line, reason: "\(name) is given twice") }
            properties[name] = (row.text("value") ?? "", row.line)
        }
        var modes: [RosterFile: RosterFileMode] = [:]
        for file in RosterFile.allCases where file != .manifest {
            guard let (value, line) = properties[file.manifestProperty.lowercased()] else {
                modes[file] = .absent
                continue
            }
            guard let mode = RosterFileMode(rawValue: value.lowercased()) else {
                throw .badManifest(
                    line: line, reason: "\(file.manifestProperty) is \"\(value)\", not bulk, delta or absent")
            }
            modes[file] = mode
        }
        self.modes = modes
        if let (value, line) = properties["oneroster.version"] {
            if value == "1.1" || value.hasPrefix("1.1.") {
                version = .v1p1
            } else if value == "1.2" || value.hasPrefix("1.2.") {
                version = .v1p2
            } else {
                throw .badManifest(line: line, reason: "oneroster.version is \"\(value)\", not 1.1 or 1.2")
            }
        } else {
            version = modes[.roles] == .absent ? .v1p1 : .v1p2
        }
    }

    /// The columns of `manifest.csv`.
    static let requiredColumns = ["propertyName", "value"]
}
