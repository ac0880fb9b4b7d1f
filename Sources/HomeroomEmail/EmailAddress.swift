/// An e-mail address Homeroom sends to or from: `local@domain` in ASCII, lower-cased as the
/// roster links it (`email:parent@families.example`). Only the common dot-atom form is taken (no
/// quoted local parts, comments or address literals), so an address can never carry a line
/// break, a `<` or a `,` into a header or an SMTP command.
package struct EmailAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address, lower-cased.
    package let description: String

    /// The longest address SMTP carries (RFC 5321 section 4.5.3.1.3, a path of 256 octets with its
    /// angle brackets).
    static let maximumLength = 254
    /// The longest local part (RFC 5321 section 4.5.3.1.1).
    static let maximumLocalLength = 64
    /// The longest domain label (RFC 1035 section 2.3.4).
    static let maximumLabelLength = 63

    /// `text` as an address, lower-cased; nil when it is not `local@domain` with a dot-atom local
    /// part (RFC 5322 section 3.2.3) and a domain of at least two letter-digit-hyphen labels.
    package init?(_ text: String) {
        // ASCII first: lower-casing some other letters gives ASCII ones (the Kelvin sign gives `k`).
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let lowered = text.lowercased()
        let bytes = Array(lowered.utf8)
        guard bytes.count <= Self.maximumLength, let at = bytes.lastIndex(of: UInt8(ascii: "@")) else { return nil }
        let local = bytes[..<at]
        let domain = bytes[(at + 1)...]
        guard Self.isDotAtom(local), local.count <= Self.maximumLocalLength, Self.isDomain(domain) else {
            return nil
        }
        description = lowered
    }

    /// The part after `@`.
    package var domain: Substring { description[description.index(after: description.lastIndex(of: "@")!)...] }

    /// The address with all of its local part but the first character hidden (`p•••@families.example`),
    /// for logs and pages: enough to tell which mailbox, too little to write to it.
    package var masked: String {
        let local = description.prefix { $0 != "@" }
        return String(local.prefix(1)) + "•••@" + domain
    }

    /// Letters, digits and `!#$%&'*+/=?^_`{|}~-` in dot-separated runs (RFC 5322 `atext`).
    private static func isDotAtom(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return false }
        return bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy { atom in
            !atom.isEmpty && atom.allSatisfy(isAtomText)
        }
    }

    private static func isAtomText(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "!#$%&'*+/=?^_`{|}~-".utf8.contains(byte)
        }
    }

    /// Two or more labels of letters, digits and inner hyphens.
    private static func isDomain(_ bytes: ArraySlice<UInt8>) -> Bool {
        let labels = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return labels.count >= 2
            && labels.allSatisfy { label in
                (1...maximumLabelLength).contains(label.count) && label.first != UInt8(ascii: "-")
                    && label.last != UInt8(ascii: "-")
                    && label.allSatisfy { byte in
                        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                    }
            }
    }
}
