extension [UInt8] {
    /// The little-endian 16-bit value at `offset`, or nil when it would run past the end.
    func littleEndianUInt16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset <= count - 2 else { return nil }
        return UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
    }

    /// The little-endian 32-bit value at `offset`, or nil when it would run past the end.
    func littleEndianUInt32(at offset: Int) -> UInt32? {
        guard offset >= 0, offset <= count - 4 else { return nil }
        return UInt32(self[offset]) | UInt32(self[offset + 1]) << 8 | UInt32(self[offset + 2]) << 16
            | UInt32(self[offset + 3]) << 24
    }
}
