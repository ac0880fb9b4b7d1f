import Foundation

extension StringProtocol {
    /// The text without its leading and trailing spaces and tabs: what
    /// `trimmingCharacters(in: .whitespaces)` gives (Unicode's space separators and the tab),
    /// without that method's way through `NSString`.
    package func trimmingSpaces() -> String {
        let scalars = Substring(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) }) ?? first
        return String(scalars[first...last])
    }
}

/// True for a space separator or the tab, as `CharacterSet.whitespaces` counts them.
private func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII ? scalar == " " || scalar == "\t" : CharacterSet.whitespaces.contains(scalar)
}
