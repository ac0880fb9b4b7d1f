/// A CIDR range such as `10.20.0.0/16` or `fd00::/8`; a single address is a range of one.
package struct AddressRange: Hashable, Sendable, CustomStringConvertible {
    /// The first address.
    package let base: IPAddress
    /// How many leading bits every address in the range shares with ``base``.
    package let prefixLength: Int

    /// Why a text is not a range.
    package enum ParseError: Error, Equatable {
        /// Not an address, or not `ADDRESS/LENGTH`.
        case notARange
        /// The length is more than the address has bits.
        case prefixTooLong(maximum: Int)
        /// Bits past the prefix are set; the range meant starts at `start`.
        case hostBitsSet(start: String)
    }

    /// A range from `base` and `prefixLength`, with the bits past the prefix cleared.
    package init(_ base: IPAddress, prefixLength: Int) {
        let length = max(0, min(prefixLength, base.bytes.count * 8))
        self.base = IPAddress(bytes: Self.masked(base.bytes, to: length))!
        self.prefixLength = length
    }

    /// Reads `ADDRESS/LENGTH` or a single `ADDRESS`; host bits past the prefix are an error, so a
    /// typo does not silently open a wider range than meant.
    package init(parsing text: String) throws(ParseError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let address = IPAddress(String(parts[0])), !parts[0].contains("%") else {
            throw .notARange
        }
        let bits = address.bytes.count * 8
        guard parts.count == 2 else {
            self.init(address, prefixLength: bits)
            return
        }
        guard !parts[1].isEmpty, parts[1].count <= 3, parts[1].allSatisfy(\.isASCII), let length = Int(parts[1]),
            length >= 0
        else { throw .notARange }
        guard length <= bits else { throw .prefixTooLong(maximum: bits) }
        let range = AddressRange(address, prefixLength: length)
        guard range.base == address else { throw .hostBitsSet(start: range.description) }
        self = range
    }

    /// True when `address` is in the range (an IPv4-mapped IPv6 address counts as its IPv4 address).
    package func contains(_ address: IPAddress) -> Bool {
        let candidate = address.bytes.count == base.bytes.count ? address : (address.mappedIPv4 ?? address)
        guard candidate.bytes.count == base.bytes.count else { return false }
        return Self.masked(candidate.bytes, to: prefixLength) == base.bytes
    }

    package var description: String { "\(base)/\(prefixLength)" }

    private static func masked(_ bytes: [UInt8], to length: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let kept = length - index * 8
            if kept >= 8 { return byte }
            if kept <= 0 { return 0 }
            return byte & UInt8(truncatingIfNeeded: 0xff << (8 - kept))
        }
    }
}
