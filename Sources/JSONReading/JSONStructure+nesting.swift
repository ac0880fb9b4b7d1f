extension JSONStructure {
    /// True when no array or object in the JSON text `bytes` is nested deeper than `limit`,
    /// measured before the text is decoded (a decoder's own recursion would go as deep as the
    /// text does). Brackets inside strings do not count.
    public static func nesting(of bytes: [UInt8], isWithin limit: Int) -> Bool {
        var depth = 0
        var within = true
        bytes.withUnsafeBufferPointer { buffer in
            forEachByteOutsideStrings(buffer) { byte in
                switch byte {
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    within = depth <= limit
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                default:
                    break
                }
                return within
            }
        }
        return within
    }
}
