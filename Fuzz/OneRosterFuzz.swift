import OneRoster

/// libFuzzer entry: a OneRoster export read twice, first as a ZIP archive, then as CSV files: the
/// input split at each 0x1E byte (ASCII record separator) into `manifest.csv`, `orgs.csv`,
/// `users.csv`, `roles.csv`, `classes.csv` and `enrollments.csv`, in that order. What it reads is
/// walked as an importer walks it: each user's phone numbers, roles and links, each problem's text.
/// The limits are smaller than the standard ones so a deflate bomb in a 256 KB input stays within
/// libFuzzer's memory limit.
@_cdecl("LLVMFuzzerTestOneInput")
func oneRosterFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var limits = RosterLimits.standard
    limits.totalBytes = 16 << 20
    limits.fileBytes = 8 << 20
    use(Result { () throws(RosterError) in try RosterExport.read(archive: bytes, limits: limits) })
    let names: [RosterFile] = [.manifest, .orgs, .users, .roles, .classes, .enrollments]
    var files: [String: [UInt8]] = [:]
    for (file, piece) in zip(names, bytes.split(separator: 0x1E, omittingEmptySubsequences: false)) {
        files[file.rawValue] = Array(piece)
    }
    use(Result { () throws(RosterError) in try RosterExport.read(files: files, limits: limits) })
    return 0
}

/// What an importer does with an export, or with the reason it was refused.
func use(_ result: Result<RosterExport, RosterError>) {
    switch result {
    case .success(let export):
        for file in RosterFile.allCases { _ = export.mode(of: file) }
        for user in export.users {
            _ = (user.sms?.e164, user.phone?.e164, user.role?.description, user.role?.actsForStudents)
            _ = user.agentSourcedIds.count + user.orgSourcedIds.count + user.grades.count
        }
        for enrollment in export.enrollments { _ = enrollment.role.description }
        for problem in export.problems { _ = problem.description }
    case .failure(let error):
        _ = error.description
    }
}
