/// How the server compares nicks and channel names (`CASEMAPPING` in ISUPPORT): `rfc1459`
/// (the default) also folds `[]\~` to `{}|^`, `strict-rfc1459` folds `[]\` only, `ascii` only A–Z.
package enum CaseMapping: String, Sendable {
    case ascii
    case rfc1459
    case strictRFC1459 = "strict-rfc1459"

    /// `text` folded to lowercase under this mapping.
    package func fold(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "A"..."Z": scalars.append(Unicode.Scalar(scalar.value + 32)!)
            case "[" where self != .ascii: scalars.append("{")
            case "]" where self != .ascii: scalars.append("}")
            case "\\" where self != .ascii: scalars.append("|")
            case "~" where self == .rfc1459: scalars.append("^")
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// True when `a` and `b` name the same nick or channel.
    package func equal(_ a: String, _ b: String) -> Bool { fold(a) == fold(b) }
}
