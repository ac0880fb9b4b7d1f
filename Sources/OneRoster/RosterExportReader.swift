/// Reads the files of one export into a ``RosterExport``: each file's rows in order, skipping a bad
/// row or a repeated sourcedId with a problem and reading on.
struct RosterExportReader {
    private let files: [RosterFile: [UInt8]]
    private let limits: RosterLimits
    private var problems: [RosterProblem] = []
    private var problemsLeftOut = 0

    /// A reader of `files`, already matched to the names the reader knows.
    init(files: [RosterFile: [UInt8]], limits: RosterLimits) {
        self.files = files
        self.limits = limits
    }

    /// The export, or the error that stops it.
    mutating func read() throws(RosterError) -> RosterExport {
        guard let manifestBytes = files[.manifest] else { throw .noManifest }
        let manifest = try RosterManifest(
            RosterTable(manifestBytes, file: .manifest, limits: limits, required: RosterManifest.requiredColumns))
        var total = manifestBytes.count
        for (file, mode) in manifest.modes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where mode != .absent {
            guard let bytes = files[file] else { throw .missingFile(file) }
            total += bytes.count
            guard total <= limits.totalBytes else { throw .overLimit(.totalBytes, file: file.rawValue, line: nil) }
        }
        let modes = manifest.modes
        let orgs = try records(.orgs, modes, required: RosterOrg.requiredColumns, id: \.sourcedId) {
            (row, mode) throws(RosterRow.Failure) in try RosterOrg(row, mode: mode)
        }
        let users = try self.users(manifest)
        let classes = try records(.classes, modes, required: RosterClass.requiredColumns, id: \.sourcedId) {
            (row, mode) throws(RosterRow.Failure) in try RosterClass(row, mode: mode)
        }
        let enrollments = try records(
            .enrollments, modes, required: RosterEnrollment.requiredColumns, id: \.sourcedId
        ) { (row, mode) throws(RosterRow.Failure) in try RosterEnrollment(row, mode: mode) }
        return RosterExport(
            version: manifest.version, modes: modes, orgs: orgs, users: users, classes: classes,
            enrollments: enrollments, problems: problems, problemsLeftOut: problemsLeftOut)
    }

    /// The users, with a 1.2 export's `roles.csv` folded into their roles and orgs.
    private mutating func users(_ manifest: RosterManifest) throws(RosterError) -> [RosterUser] {
        var rolesOfUser: [String: [RosterRoleAssignment]] = [:]
        if manifest.version == .v1p2 {
            let assignments = try records(
                .roles, manifest.modes, required: RosterRoleAssignment.requiredColumns, id: nil
            ) { (row, mode) throws(RosterRow.Failure) in try RosterRoleAssignment(row, mode: mode) }
            for assignment in assignments { rolesOfUser[assignment.userSourcedId, default: []].append(assignment) }
        }
        let roleRequired = manifest.version == .v1p1 || manifest.modes[.roles] == .bulk
        return try records(
            .users, manifest.modes, required: RosterUser.requiredColumns(manifest.version), id: \.sourcedId
        ) { (row, mode) throws(RosterRow.Failure) in
            let roles = row.text("sourcedId").flatMap { rolesOfUser[$0] } ?? []
            return try RosterUser(row, mode: mode, roles: roles, roleRequired: roleRequired)
        }
    }

    /// The records of `file` that `decode` reads, in file order; empty when the file is absent.
    ///
    /// - Parameter id: the key under which a later record repeating an earlier one is skipped.
    private mutating func records<Record>(
        _ file: RosterFile, _ modes: [RosterFile: RosterFileMode], required: [String], id: ((Record) -> String)?,
        decode: (RosterRow, RosterFileMode) throws(RosterRow.Failure) -> Record?
    ) throws(RosterError) -> [Record] {
        let mode = modes[file] ?? .absent
        guard mode != .absent, let bytes = files[file] else { return [] }
        let table = try RosterTable(bytes, file: file, limits: limits, required: required)
        var records: [Record] = []
        records.reserveCapacity(table.rows.count)
        var lineOfId: [String: Int] = [:]
        for row in table.rows {
            let record: Record?
            do {
                record = try decode(row, mode)
            } catch {
                switch error {
                case .skip(let reason):
                    note(RosterProblem(file: file, line: row.line, reason: reason))
                    continue
                case .stop(let reason):
                    throw reason
                }
            }
            guard let record else { continue }
            if let id {
                let key = id(record)
                if let first = lineOfId[key] {
                    note(
                        RosterProblem(
                            file: file, line: row.line, reason: "sourcedId \(key) is already on line \(first)"))
                    continue
                }
                lineOfId[key] = row.line
            }
            records.append(record)
        }
        return records
    }

    private mutating func note(_ problem: RosterProblem) {
        if problems.count < limits.problems {
            problems.append(problem)
        } else {
            problemsLeftOut += 1
        }
    }
}
