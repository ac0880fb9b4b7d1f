import Foundation

/// Which addresses fetches and posts may connect to. By default only ordinary public addresses:
/// loopback, private, shared, link-local, multicast, unspecified, broadcast and reserved
/// addresses are refused. A school whose feeds live on its own network opens private networks
/// (`allowPrivateNetworks`: private and shared ranges) or names hosts and ranges (`allowedHosts`).
/// Loopback and link-local addresses are reached only when listed; multicast, unspecified and
/// broadcast addresses never.
package struct FetchPolicy: Sendable, Equatable {
    /// True opens private (RFC 1918, fc00::/7) and shared (100.64/10) addresses.
    package let allowPrivateNetworks: Bool
    /// Host names whose addresses are all allowed (lowercased, without a trailing dot).
    let allowedNames: Set<String>
    /// Ranges whose addresses are allowed, whatever name led there.
    let allowedRanges: [AddressRange]

    /// An entry of `allowedHosts` that is not a host name, an address or a range.
    package struct EntryError: Error, Equatable {
        /// Its position in the list.
        package let index: Int
        /// What is wrong with it, in a sentence for the configuration error.
        package let problem: String
    }

    /// Only public addresses.
    package static let publicInternetOnly = FetchPolicy(allowPrivateNetworks: false, names: [], ranges: [])

    /// A policy from the settings; `allowedHosts` entries are host names (`intranet.school.local`),
    /// addresses (`127.0.0.1`, `::1`) or CIDR ranges (`10.20.0.0/16`).
    package init(allowPrivateNetworks: Bool = false, allowedHosts: [String] = []) throws(EntryError) {
        var names: Set<String> = []
        var ranges: [AddressRange] = []
        for (index, entry) in allowedHosts.enumerated() {
            let text = entry.trimmingCharacters(in: .whitespaces)
            if text.contains("/") || IPAddress(text) != nil {
                do {
                    ranges.append(try AddressRange(parsing: text))
                } catch {
                    throw EntryError(index: index, problem: Self.problem(error, entry: entry))
                }
            } else if let name = Self.hostName(text) {
                names.insert(name)
            } else {
                throw EntryError(index: index, problem: Self.notAnEntry(entry))
            }
        }
        self.init(allowPrivateNetworks: allowPrivateNetworks, names: names, ranges: ranges)
    }

    private init(allowPrivateNetworks: Bool, names: Set<String>, ranges: [AddressRange]) {
        self.allowPrivateNetworks = allowPrivateNetworks
        self.allowedNames = names
        self.allowedRanges = ranges
    }

    /// Why a connection to `address`, reached through the URL host `host`, is refused; nil when
    /// it is allowed.
    package func refusal(host: String, address: IPAddress) -> SpecialUse? {
        guard let use = address.specialUse else { return nil }
        if use.isAlwaysRefused { return use }
        if allowedRanges.contains(where: { $0.contains(address) }) { return nil }
        if let name = Self.hostName(host), allowedNames.contains(name) { return nil }
        if allowPrivateNetworks, use == .privateNetwork || use == .sharedAddressSpace { return nil }
        return use
    }

    /// True when `allowedHosts` names `host`: by name, or as an address it lists (alone or in a
    /// range). Opening private networks names no host.
    package func names(_ host: String) -> Bool {
        if let name = Self.hostName(host) { return allowedNames.contains(name) }
        guard !host.contains("%"), let address = IPAddress(host) else { return false }
        return allowedRanges.contains { $0.contains(address) }
    }

    /// `text` as a host name (lowercased, a trailing dot dropped): labels of letters, digits, `-`
    /// and `_`, the last one starting with a letter, so that numeric spellings of addresses
    /// (`2130706433`, `0x7f.1`) are not taken for names.
    static func hostName(_ text: String) -> String? {
        var name = text.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard !name.isEmpty, name.utf8.count <= 253,
            labels.allSatisfy({ label in
                (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
                    && label.utf8.allSatisfy {
                        $0.isASCIILetterOrDigit || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
                    }
            }),
            let last = labels.last?.utf8.first, last >= UInt8(ascii: "a"), last <= UInt8(ascii: "z")
        else { return nil }
        return name
    }

    private static func notAnEntry(_ entry: String) -> String {
        "\"\(entry)\" is not a host name, an IP address or a CIDR range such as 10.20.0.0/16"
    }

    private static func problem(_ error: AddressRange.ParseError, entry: String) -> String {
        switch error {
        case .notARange:
            notAnEntry(entry)
        case .prefixTooLong(let maximum):
            "\"\(entry)\": the length after / must be 0 to \(maximum)"
        case .hostBitsSet(let start):
            "\"\(entry)\" has bits set past its length; the range starts at \(start)"
        }
    }
}

extension UInt8 {
    fileprivate var isASCIILetterOrDigit: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
