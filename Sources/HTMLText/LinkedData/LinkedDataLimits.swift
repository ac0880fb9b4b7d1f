/// The caps JSON-LD blocks are read within. Real pages stay far below them: the recipe and
/// article corpora have at most 7 blocks a page, 23 KB a block and 7 levels of nesting.
public enum LinkedDataLimits {
    /// The JSON-LD blocks read from one page; later ones are left out.
    public static let maximumBlocks = 32

    /// The size of one block in bytes; a larger block is skipped.
    public static let maximumBlockBytes = 1_048_576

    /// How deep arrays and objects may nest in one block; a deeper block is skipped before it is
    /// decoded, so that neither the decoder nor the walks over its value go that deep.
    public static let maximumDepth = 64

    /// Whether `json` is within ``maximumBlockBytes`` and ``maximumDepth``: one pass over the bytes,
    /// counting brackets outside strings.
    static func admits(_ json: String) -> Bool {
        let utf8 = json.utf8
        guard utf8.count <= maximumBlockBytes else { return false }
        return utf8.withContiguousStorageIfAvailable { nestsWithinLimit($0) } ?? nestsWithinLimit(utf8)
    }

    private static func nestsWithinLimit(_ bytes: some Collection<UInt8>) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                guard depth <= maximumDepth else { return false }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return true
    }
}
