import JSONReading

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

    /// The values (objects, arrays, strings, numbers, booleans, nulls) decoded from one page's
    /// blocks together; a block that would pass the total is skipped. Decoding a value costs far
    /// more memory than its bytes (an empty object is two), so this, not the bytes, bounds a page
    /// of a million empty objects. Real pages have a few thousand.
    public static let maximumValues = 100_000

    /// How many values `json` holds at most (each container, member and element counted once), or
    /// nil when it is larger than ``maximumBlockBytes`` or nests deeper than ``maximumDepth``: one
    /// pass over the bytes, counting brackets and commas outside strings.
    static func valueCount(_ json: String) -> Int? {
        let utf8 = json.utf8
        guard utf8.count <= maximumBlockBytes else { return nil }
        return utf8.withContiguousStorageIfAvailable { countValues($0) }
            ?? Array(utf8).withUnsafeBufferPointer { countValues($0) }
    }

    private static func countValues(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        // A value is a container, or follows the start or a comma.
        var values = 1
        var depth = 0
        var tooDeep = false
        JSONStructure.forEachByteOutsideStrings(bytes) { byte in
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                values += 1
                tooDeep = depth > maximumDepth
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: ","): values += 1
            default: break
            }
            return !tooDeep
        }
        return tooDeep ? nil : values
    }
}
