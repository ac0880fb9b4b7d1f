import Foundation

extension StringProtocol {
    /// The text in Unicode normalization form C ("é" as one scalar, not "e" and a combining accent),
    /// so that a name saved or typed in either form is one name. ASCII text is already in that form
    /// and comes back unchanged without being looked at twice.
    var composed: String {
        if utf8.allSatisfy({ $0 < 0x80 }) { return String(self) }
        return String(self).precomposedStringWithCanonicalMapping
    }
}
