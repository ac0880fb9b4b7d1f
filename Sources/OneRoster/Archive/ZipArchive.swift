import CZlib

/// Takes the files a OneRoster reader wants out of a ZIP archive: stored (method 0) and deflate
/// (method 8) entries, each checked against its CRC-32 and held to the limits while it inflates.
///
/// OneRoster exports put their CSV files at the root of the archive (CSV Binding, "CSV Files"); an
/// entry is matched by its last path component only, so `../users.csv` or `/tmp/users.csv` can
/// never name a place outside the export, and entries with other names are skipped unread.
enum ZipArchive {
    private static let localHeaderSignature: UInt32 = 0x0403_4B50
    private static let localHeaderSize = 30

    /// The entries of `archive` whose file names are in `wanted`, by file name.
    static func files(in archive: [UInt8], named wanted: Set<String>, limits: RosterLimits) throws(RosterError)
        -> [String: [UInt8]]
    {
        guard archive.count <= limits.archiveBytes else { throw .overLimit(.archiveBytes, file: nil, line: nil) }
        var files: [String: [UInt8]] = [:]
        var total = 0
        for entry in try ZipCentralDirectory.entries(in: archive, maximumEntries: limits.archiveEntries) {
            let name = entry.fileName
            guard wanted.contains(name) else { continue }
            guard files[name] == nil else { throw .archive(.duplicate(name)) }
            guard !entry.isEncrypted else { throw .archive(.encrypted(name)) }
            guard entry.uncompressedSize <= limits.fileBytes else {
                throw .overLimit(.fileBytes, file: name, line: nil)
            }
            guard entry.uncompressedSize <= limits.totalBytes - total else {
                throw .overLimit(.totalBytes, file: name, line: nil)
            }
            let bytes = try contents(of: entry, in: archive)
            total += bytes.count
            files[name] = bytes
        }
        return files
    }

    /// The uncompressed bytes of `entry`, found through its local header (APPNOTE 4.3.7), whose
    /// name and extra field lengths may differ from the central directory's.
    private static func contents(of entry: ZipEntry, in archive: [UInt8]) throws(RosterError) -> [UInt8] {
        let name = entry.fileName
        let header = entry.localHeaderOffset
        guard archive.littleEndianUInt32(at: header) == localHeaderSignature,
            let nameLength = archive.littleEndianUInt16(at: header + 26),
            let extraLength = archive.littleEndianUInt16(at: header + 28)
        else { throw .archive(.damaged("no local header for \(name)")) }
        let start = header + localHeaderSize + Int(nameLength) + Int(extraLength)
        guard start <= archive.count, entry.compressedSize <= archive.count - start else {
            throw .archive(.damaged("\(name) runs past the end"))
        }
        let compressed = archive[start..<start + entry.compressedSize]
        let bytes: [UInt8]
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.uncompressedSize else { throw .archive(.sizeMismatch(name)) }
            bytes = Array(compressed)
        case 8:
            do {
                bytes = try RawInflate.inflate(compressed, bound: entry.uncompressedSize)
            } catch .pastBound {
                throw .archive(.sizeMismatch(name))
            } catch {
                throw .archive(.corrupt(name))
            }
            guard bytes.count == entry.uncompressedSize else { throw .archive(.sizeMismatch(name)) }
        default:
            throw .archive(.unsupportedMethod(name, method: Int(entry.method)))
        }
        let checksum = bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        guard UInt32(truncatingIfNeeded: checksum) == entry.checksum else { throw .archive(.checksumMismatch(name)) }
        return bytes
    }
}
