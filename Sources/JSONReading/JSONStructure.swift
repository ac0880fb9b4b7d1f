/// A JSON text's structure, read in one pass over its bytes without decoding it: the brackets,
/// braces, commas and colons, the opening quote of each string, and the bytes of numbers and
/// literals, with the contents of strings skipped. Counting values or list elements this way
/// allocates nothing, so a file can be measured before any of the work of reading it.
public enum JSONStructure {
    /// Calls `visit` with each byte of `bytes` that stands outside a string (a string's opening
    /// quote included, its contents and closing quote not), in order, until `visit` returns false.
    @inlinable
    public static func forEachByteOutsideStrings(
        _ bytes: UnsafeBufferPointer<UInt8>, _ visit: (UInt8) -> Bool
    ) {
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
            if byte == UInt8(ascii: "\"") { inString = true }
            guard visit(byte) else { return }
        }
    }
}
