/// The parameter lists a file repeats on line after line (`;TZID=America/Los_Angeles`, `;VALUE=DATE`),
/// and the parameter values it repeats, each decoded once: the same bytes give the same array or
/// string again, without a new allocation. It keeps a few of each, so a file where every list differs
/// costs only a few failed comparisons per line.
struct ParameterCache {
    private var lists: [(bytes: [UInt8], parameters: [Parameter])] = []
    private var values: [(bytes: [UInt8], value: String)] = []
    private static let capacity = 16
    private static let longestList = 256

    /// The parameters of a list read before that `line` starts with (from its `;` up to the `:` that
    /// follows it), and how many bytes the list takes.
    func parameters(startingAt line: UnsafeBufferPointer<UInt8>) -> ([Parameter], Int)? {
        for entry in lists {
            let length = entry.bytes.count
            guard length < line.count, line[length] == UInt8(ascii: ":") else { continue }
            let same = entry.bytes.withUnsafeBufferPointer { bytes in
                for index in 0..<length where bytes[index] != line[index] { return false }
                return true
            }
            if same { return (entry.parameters, length) }
        }
        return nil
    }

    /// Keeps the parameters read from `bytes` (a whole list, from its `;` up to the `:` after it).
    mutating func remember(_ parameters: [Parameter], for bytes: UnsafeBufferPointer<UInt8>) {
        guard lists.count < Self.capacity, bytes.count <= Self.longestList else { return }
        lists.append((Array(bytes), parameters))
    }

    /// One parameter value, RFC 6868 escapes decoded.
    mutating func value(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        for entry in values where entry.bytes.count == bytes.count && entry.bytes.elementsEqual(bytes) {
            return entry.value
        }
        let value = TextEscaping.decodeParameter(bytes)
        if values.count < Self.capacity { values.append((Array(bytes), value)) }
        return value
    }
}
