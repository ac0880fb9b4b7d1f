/// The kinds of address a fetch may not reach by default: everything that is not an ordinary
/// address on the public internet.
package enum SpecialUse: Sendable, Equatable, CaseIterable {
    /// 127.0.0.0/8, ::1: this machine.
    case loopback
    /// 10/8, 172.16/12, 192.168/16, fc00::/7, fec0::/10, 64:ff9b:1::/48.
    case privateNetwork
    /// 100.64.0.0/10, carrier-grade NAT.
    case sharedAddressSpace
    /// 169.254/16 (cloud metadata services live at 169.254.169.254), fe80::/10.
    case linkLocal
    /// 224/4, ff00::/8.
    case multicast
    /// 0.0.0.0/8, ::: on Linux a connection to 0.0.0.0 reaches this machine.
    case unspecified
    /// 255.255.255.255.
    case broadcast
    /// Documentation, benchmarking, protocol assignments, 240/4 and the like.
    case reserved

    /// The kind in words, for the log.
    var name: String {
        switch self {
        case .loopback: "loopback"
        case .privateNetwork: "private"
        case .sharedAddressSpace: "shared (carrier-grade NAT)"
        case .linkLocal: "link-local"
        case .multicast: "multicast"
        case .unspecified: "unspecified"
        case .broadcast: "broadcast"
        case .reserved: "reserved"
        }
    }

    /// Kinds no setting opens: nothing can be fetched from them.
    var isAlwaysRefused: Bool { self == .multicast || self == .unspecified || self == .broadcast }

    /// Where an address of this kind is, in words for chat and for the configuration's errors.
    package var place: String {
        switch self {
        case .privateNetwork, .sharedAddressSpace: "a private network"
        case .loopback: "the bot's own machine"
        case .linkLocal, .reserved: "a network the bot does not fetch from"
        case .multicast, .unspecified, .broadcast: "an address no connection can be made to"
        }
    }

    /// The `fetch` setting that opens this kind for an admin's host; nil when none does.
    package var openingSetting: String? {
        switch self {
        case .privateNetwork, .sharedAddressSpace: "fetch.allowPrivateNetworks"
        case .loopback, .linkLocal, .reserved: "fetch.allowedHosts"
        case .multicast, .unspecified, .broadcast: nil
        }
    }
}

extension IPAddress {
    /// What kind of special address this is; nil for an ordinary public address. An IPv6 address
    /// that carries an IPv4 address (IPv4-mapped, IPv4-compatible, NAT64 `64:ff9b::/96`, 6to4
    /// `2002::/16`) is judged by that IPv4 address.
    package var specialUse: SpecialUse? {
        isIPv4 ? Self.ipv4SpecialUse(bytes) : ipv6SpecialUse
    }

    private static let ipv4Ranges = table([
        ("255.255.255.255/32", .broadcast), ("0.0.0.0/8", .unspecified), ("10.0.0.0/8", .privateNetwork),
        ("100.64.0.0/10", .sharedAddressSpace), ("127.0.0.0/8", .loopback), ("169.254.0.0/16", .linkLocal),
        ("172.16.0.0/12", .privateNetwork), ("192.0.0.0/24", .reserved), ("192.0.2.0/24", .reserved),
        ("192.88.99.0/24", .reserved), ("192.168.0.0/16", .privateNetwork), ("198.18.0.0/15", .reserved),
        ("198.51.100.0/24", .reserved), ("203.0.113.0/24", .reserved), ("224.0.0.0/4", .multicast),
        ("240.0.0.0/4", .reserved),
    ])

    private static let ipv6Ranges = table([
        ("::/128", .unspecified), ("::1/128", .loopback), ("64:ff9b:1::/48", .privateNetwork),
        ("100::/64", .reserved), ("2001::/23", .reserved), ("2001:db8::/32", .reserved), ("3fff::/20", .reserved),
        ("fc00::/7", .privateNetwork), ("fe80::/10", .linkLocal), ("fec0::/10", .privateNetwork),
        ("ff00::/8", .multicast),
    ])

    /// The ranges of a table written as text (fixed, so a typo fails the first test run).
    private static func table(_ rows: [(String, SpecialUse)]) -> [(AddressRange, SpecialUse)] {
        rows.map { (try! AddressRange(parsing: $0.0), $0.1) }
    }

    private static let ipv4Carriers: [AddressRange] = ["::ffff:0:0/96", "::/96", "64:ff9b::/96"].map {
        try! AddressRange(parsing: $0)
    }

    private static let sixToFour = try! AddressRange(parsing: "2002::/16")

    private static func ipv4SpecialUse(_ bytes: [UInt8]) -> SpecialUse? {
        let address = IPAddress(bytes: bytes)!
        return ipv4Ranges.first { $0.0.contains(address) }?.1
    }

    private var ipv6SpecialUse: SpecialUse? {
        if let known = Self.ipv6Ranges.first(where: { $0.0.contains(self) }) { return known.1 }
        if Self.ipv4Carriers.contains(where: { $0.contains(self) }) {
            // ::a.b.c.d (IPv4-compatible) is deprecated: refused even when a.b.c.d is public.
            let compatible = bytes[0..<12].allSatisfy { $0 == 0 }
            return Self.ipv4SpecialUse(Array(bytes[12..<16])) ?? (compatible ? .reserved : nil)
        }
        if Self.sixToFour.contains(self) { return Self.ipv4SpecialUse(Array(bytes[2..<6])) }
        return nil
    }
}
