/// Reads the entries of a ZIP archive from its central directory (APPNOTE 4.3.16, "end of central
/// directory record", and 4.3.12), never trusting an offset or size before checking it against the bytes.
enum ZipCentralDirectory {
    private static let endSignature: UInt32 = 0x0605_4B50
    private static let entrySignature: UInt32 = 0x0201_4B50
    private static let endRecordSize = 22
    private static let entryRecordSize = 46

    /// The entries of `archive`, at most `maximumEntries` of them.
    static func entries(in archive: [UInt8], maximumEntries: Int) throws(RosterError) -> [ZipEntry] {
        let end = try endRecord(in: archive)
        guard archive.littleEndianUInt16(at: end + 4) == 0, archive.littleEndianUInt16(at: end + 6) == 0 else {
            throw .archive(.multipleDisks)
        }
        guard let count16 = archive.littleEndianUInt16(at: end + 10),
            let size32 = archive.littleEndianUInt32(at: end + 12),
            let offset32 = archive.littleEndianUInt32(at: end + 16)
        else { throw .archive(.notAnArchive) }
        guard count16 != 0xFFFF, size32 != 0xFFFF_FFFF, offset32 != 0xFFFF_FFFF else { throw .archive(.zip64) }
        let count = Int(count16)
        guard count <= maximumEntries else { throw .overLimit(.archiveEntries, file: nil, line: nil) }
        var entries: [ZipEntry] = []
        entries.reserveCapacity(count)
        var offset = Int(offset32)
        for _ in 0..<count {
            let entry = try self.entry(at: offset, in: archive)
            entries.append(entry.entry)
            offset = entry.next
        }
        return entries
    }

    /// The offset of the end-of-central-directory record: the last signature within the final
    /// 22 + 65,535 bytes (the record plus the longest comment).
    private static func endRecord(in archive: [UInt8]) throws(RosterError) -> Int {
        guard archive.count >= endRecordSize else { throw .archive(.notAnArchive) }
        let lowest = max(0, archive.count - endRecordSize - 0xFFFF)
        var offset = archive.count - endRecordSize
        while offset >= lowest {
            if archive.littleEndianUInt32(at: offset) == endSignature { return offset }
            offset -= 1
        }
        throw .archive(.notAnArchive)
    }

    private static func entry(at offset: Int, in archive: [UInt8]) throws(RosterError) -> (entry: ZipEntry, next: Int) {
        guard archive.littleEndianUInt32(at: offset) == entrySignature,
            let flags = archive.littleEndianUInt16(at: offset + 8),
            let method = archive.littleEndianUInt16(at: offset + 10),
            let checksum = archive.littleEndianUInt32(at: offset + 16),
            let compressedSize = archive.littleEndianUInt32(at: offset + 20),
            let uncompressedSize = archive.littleEndianUInt32(at: offset + 24),
            let nameLength = archive.littleEndianUInt16(at: offset + 28),
            let extraLength = archive.littleEndianUInt16(at: offset + 30),
            let commentLength = archive.littleEndianUInt16(at: offset + 32),
            let localHeaderOffset = archive.littleEndianUInt32(at: offset + 42)
        else { throw .archive(.damaged("a central directory record is out of place")) }
        let nameStart = offset + entryRecordSize
        let next = nameStart + Int(nameLength) + Int(extraLength) + Int(commentLength)
        guard next <= archive.count else { throw .archive(.damaged("a central directory record runs past the end")) }
        guard compressedSize != 0xFFFF_FFFF, uncompressedSize != 0xFFFF_FFFF, localHeaderOffset != 0xFFFF_FFFF else {
            throw .archive(.zip64)
        }
        let path = String(decoding: archive[nameStart..<nameStart + Int(nameLength)], as: UTF8.self)
        let entry = ZipEntry(
            path: path, flags: flags, method: method, checksum: checksum, compressedSize: Int(compressedSize),
            uncompressedSize: Int(uncompressedSize), localHeaderOffset: Int(localHeaderOffset))
        return (entry, next)
    }
}
