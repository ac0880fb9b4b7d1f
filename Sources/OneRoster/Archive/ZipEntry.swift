/// One file named in a ZIP archive's central directory (APPNOTE 4.3.12, "central directory structure").
struct ZipEntry: Equatable, Sendable {
    /// The path as stored, decoded as UTF-8 (invalid bytes replaced).
    let path: String
    /// The general-purpose flags; bit 0 marks encryption.
    let flags: UInt16
    /// 0 for stored, 8 for deflate.
    let method: UInt16
    /// The CRC-32 of the uncompressed bytes.
    let checksum: UInt32
    /// The size of the stored (compressed) bytes.
    let compressedSize: Int
    /// The size once inflated.
    let uncompressedSize: Int
    /// Where the entry's local file header starts.
    let localHeaderOffset: Int

    /// The last component of ``path`` (after any `/` or `\`), so `../../users.csv` and
    /// `/export/users.csv` both name `users.csv`; empty for a folder.
    var fileName: String {
        path.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init)
            ?? ""
    }

    /// True when bit 0 of the flags (encrypted) is set.
    var isEncrypted: Bool { flags & 1 != 0 }
}
