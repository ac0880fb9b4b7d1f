/// Comparison whose time does not depend on where two secrets differ, so that a caller cannot
/// guess a token or signature byte by byte from response times.
package enum ConstantTime {
    /// True when `a` and `b` hold the same bytes. The lengths are not secret (a signature's
    /// length is public), so unequal lengths return at once.
    package static func equal(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}
