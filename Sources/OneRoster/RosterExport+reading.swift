extension RosterExport {
    /// The export in `files` (file name → bytes): `manifest.csv` and the files it lists. A name is
    /// matched by its last path component (`export/users.csv` is `users.csv`); other files are ignored.
    public static func read(files: [String: [UInt8]], limits: RosterLimits = .standard) throws(RosterError)
        -> RosterExport
    {
        var known: [RosterFile: [UInt8]] = [:]
        // Shortest path first, so a file at the root wins over one of the same name in a folder.
        for name in files.keys.sorted(by: { ($0.count, $0) < ($1.count, $1) }) {
            let fileName =
                name.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "/" || $0 == "\\" })
                .last.map(String.init) ?? name
            guard let file = RosterFile(rawValue: fileName), known[file] == nil else { continue }
            known[file] = files[name]
        }
        var reader = RosterExportReader(files: known, limits: limits)
        return try reader.read()
    }

    /// The export in the ZIP archive `archive`: the CSV files at its root (or, by last path
    /// component, anywhere in it), stored or deflated.
    public static func read(archive: [UInt8], limits: RosterLimits = .standard) throws(RosterError) -> RosterExport {
        let wanted = Set(RosterFile.allCases.map(\.rawValue))
        return try read(files: ZipArchive.files(in: archive, named: wanted, limits: limits), limits: limits)
    }

    /// True when `bytes` start like a ZIP archive: `PK` and bytes 3 and 4 (a local file header), or
    /// `PK` and bytes 5 and 6 (the end record of an empty archive).
    public static func isArchive(_ bytes: some Collection<UInt8>) -> Bool {
        let start = Array(bytes.prefix(4))
        return start == [0x50, 0x4B, 0x03, 0x04] || start == [0x50, 0x4B, 0x05, 0x06]
    }
}
