import Foundation

extension RosterExport {
    /// The export at `path`: a folder holding the CSV files, or a ZIP archive, told apart by the
    /// archive's first bytes rather than its name. From a folder, only the files named in
    /// ``RosterFile`` are read, and together they are held to ``RosterLimits/totalBytes``.
    public static func read(atPath path: String, limits: RosterLimits = .standard) throws(RosterError)
        -> RosterExport
    {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .unreadable(path: path, reason: "no such file or folder")
        }
        guard isFolder.boolValue else {
            let bytes = try contents(ofFile: path, limit: .archiveBytes, bytes: limits.archiveBytes)
            guard isArchive(bytes) else { throw .unreadable(path: path, reason: "neither a folder nor a ZIP archive") }
            return try read(archive: bytes, limits: limits)
        }
        let folder = URL(fileURLWithPath: path, isDirectory: true)
        var files: [String: [UInt8]] = [:]
        var total = 0
        for file in RosterFile.allCases {
            let filePath = folder.appendingPathComponent(file.rawValue).path
            guard FileManager.default.fileExists(atPath: filePath) else { continue }
            let bytes = try contents(ofFile: filePath, limit: .fileBytes, bytes: limits.fileBytes)
            total += bytes.count
            guard total <= limits.totalBytes else { throw .overLimit(.totalBytes, file: file.rawValue, line: nil) }
            files[file.rawValue] = bytes
        }
        return try read(files: files, limits: limits)
    }

    /// The bytes of the file at `path`, reading no more than one byte past `bytes`.
    private static func contents(ofFile path: String, limit: RosterLimits.Limit, bytes maximum: Int)
        throws(RosterError) -> [UInt8]
    {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(path: path, reason: "cannot be opened")
        }
        defer { try? handle.close() }
        let data: Data?
        do {
            data = try handle.read(upToCount: maximum + 1)
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
        let bytes = [UInt8](data ?? Data())
        guard bytes.count <= maximum else {
            throw .overLimit(limit, file: URL(fileURLWithPath: path).lastPathComponent, line: nil)
        }
        return bytes
    }
}
