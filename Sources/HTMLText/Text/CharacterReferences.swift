import CLibXML2

/// HTML's character references (`&amp;`, `&eacute;`, `&#8217;`, `&#x2019;`) as the characters they
/// stand for, for text that arrives escaped outside a document: JSON-LD strings, feed titles.
public enum CharacterReferences {
    /// The code point HTML's named reference `name` (without `&` and `;`) stands for, from
    /// libxml2's table of HTML 4 entities.
    public static func codePoint(named name: String) -> UInt32? {
        namedCodePoints[name]
    }

    /// libxml2's table of HTML 4 entities by name, read once. libxml2 looks a name up by comparing
    /// it with each of the 253, which a page of millions of references made seconds of work; its
    /// lookup by code point reads the whole table (the highest is 0x2666, `&diams;`).
    private static let namedCodePoints: [String: UInt32] = {
        var table: [String: UInt32] = [:]
        for value in UInt32(0)...0x2666 {
            guard let entity = htmlEntityValueLookup(value), entity.pointee.value == value,
                let name = entity.pointee.name
            else { continue }
            table[String(cString: name)] = value
        }
        return table
    }()

    /// `text` with every named and numeric reference replaced by its character; a reference that
    /// names nothing stays as written.
    public static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            let name = rest[afterAmpersand...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "#") }
            if name.count <= 32, name.endIndex < rest.endIndex, rest[name.endIndex] == ";",
                let scalar = scalar(for: name)
            {
                result.unicodeScalars.append(scalar)
                rest = rest[rest.index(after: name.endIndex)...]
            } else {
                result += "&"
                rest = rest[afterAmpersand...]
            }
        }
        return result + rest
    }

    private static func scalar(for reference: Substring) -> Unicode.Scalar? {
        guard reference.first == "#" else { return codePoint(named: String(reference)).flatMap(Unicode.Scalar.init) }
        let digits = reference.dropFirst()
        let value =
            digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return value.flatMap(Unicode.Scalar.init)
    }
}
