/// ZIP archives built byte by byte, so the archive reader's tests need no `zip` program and can
/// break one field at a time: a wrong CRC, a size that lies, the encryption flag.
struct TestArchive {
    /// One entry and how it is stored.
    struct Entry {
        var path: String
        var contents: [UInt8]
        /// 0 stores the bytes; 8 wraps them in deflate "stored" blocks (RFC 1951 3.2.4), which any
        /// inflater reads.
        var method: UInt16 = 0
        var flags: UInt16 = 0
        /// The uncompressed size the headers give; the true size when nil.
        var declaredSize: Int? = nil
        /// The CRC-32 the headers give; the true one when nil.
        var declaredChecksum: UInt32? = nil
    }

    var entries: [Entry]

    /// The archive's bytes: local headers and data, the central directory, its end record.
    var bytes: [UInt8] {
        var archive: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let name = Array(entry.path.utf8)
            let data = entry.method == 8 ? Self.deflateStoredBlocks(entry.contents) : entry.contents
            let checksum = entry.declaredChecksum ?? Self.crc32(entry.contents)
            let size = UInt32(entry.declaredSize ?? entry.contents.count)
            let offset = UInt32(archive.count)
            archive += Self.le32(0x0403_4B50) + Self.le16(20) + Self.le16(entry.flags) + Self.le16(entry.method)
            archive += Self.le16(0) + Self.le16(0) + Self.le32(checksum) + Self.le32(UInt32(data.count))
            archive += Self.le32(size) + Self.le16(UInt16(name.count)) + Self.le16(0) + name + data
            directory += Self.le32(0x0201_4B50) + Self.le16(20) + Self.le16(20) + Self.le16(entry.flags)
            directory += Self.le16(entry.method) + Self.le16(0) + Self.le16(0) + Self.le32(checksum)
            directory += Self.le32(UInt32(data.count)) + Self.le32(size) + Self.le16(UInt16(name.count))
            directory += Self.le16(0) + Self.le16(0) + Self.le16(0) + Self.le16(0) + Self.le32(0) + Self.le32(offset)
            directory += name
        }
        let directoryOffset = UInt32(archive.count)
        archive += directory
        archive += Self.le32(0x0605_4B50) + Self.le16(0) + Self.le16(0) + Self.le16(UInt16(entries.count))
        archive += Self.le16(UInt16(entries.count)) + Self.le32(UInt32(directory.count)) + Self.le32(directoryOffset)
        archive += Self.le16(0)
        return archive
    }

    /// `bytes` as deflate blocks of type 0 (no compression), at most 65,535 bytes each.
    static func deflateStoredBlocks(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var start = 0
        repeat {
            let end = min(bytes.count, start + 65_535)
            let length = UInt16(end - start)
            output += [end == bytes.count ? 1 : 0] + le16(length) + le16(~length) + bytes[start..<end]
            start = end
        } while start < bytes.count
        return output
    }

    /// The CRC-32 of ZIP and PNG (reflected polynomial 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
}
