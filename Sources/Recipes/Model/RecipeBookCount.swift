import JSONReading

/// Counts the recipes and the values of a recipe book file before it is decoded, so that a book
/// with more than ``RecipeLimits/maximumBookRecipes`` recipes or ``RecipeLimits/maximumBookValues``
/// values is refused before any of the work of reading it: one pass over the bytes, brackets and
/// commas counted outside strings.
public enum RecipeBookCount {
    /// `recipes`: the elements of the book's list of recipes, of the array the file is or of the
    /// arrays that are members of the object it is (`recipes`; a valid book has no other), an upper
    /// bound for any file and exact for a valid book. `values`: the JSON values of the file (each
    /// container, member and element once), an upper bound.
    public static func count(in bytes: some Collection<UInt8>) -> (recipes: Int, values: Int) {
        bytes.withContiguousStorageIfAvailable { count($0) } ?? Array(bytes).withUnsafeBufferPointer { count($0) }
    }

    private static func count(_ bytes: UnsafeBufferPointer<UInt8>) -> (recipes: Int, values: Int) {
        var recipes = 0
        // A value is a container, or follows the start or a comma.
        var values = 1
        var depth = 0
        // The depth of the list being counted (1 for a file that is a list, 2 for a member list).
        var countedDepth: Int?
        var topIsList = false
        var awaitingElement = false
        JSONStructure.forEachByteOutsideStrings(bytes) { byte in
            if awaitingElement, !isSpace(byte) {
                awaitingElement = false
                if byte != UInt8(ascii: "]") { recipes += 1 }
            }
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                values += 1
                let isList = byte == UInt8(ascii: "[")
                if depth == 1 { topIsList = isList }
                if isList, depth == 1 || (depth == 2 && !topIsList) {
                    countedDepth = depth
                    awaitingElement = true
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == countedDepth, !topIsList { countedDepth = nil }
                depth -= 1
            case UInt8(ascii: ","):
                values += 1
                if depth == countedDepth { awaitingElement = true }
            default: break
            }
            return true
        }
        return (recipes, values)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
