import Foundation
import HomeroomCore

/// How far the fetch settings reach for one connection of a fetch, from where its address came
/// (``FetchProvenance``): their allowances apply on the host of an address an admin set, and
/// nowhere else — a link found in content that leaves that host, or stays on a host the settings
/// do not name, or a redirect that leaves it, reaches public addresses only.
enum HopReach: Sendable, Equatable {
    /// The host of an address an admin set: the settings apply as they stand.
    case adminHost
    /// A link found in what was fetched (or an address given by someone else than an admin) off the
    /// host the settings apply on, or with no such host.
    case linkElsewhere
    /// A redirect that left the host of the admin's address.
    case redirectElsewhere

    /// The reach of a connection to `url`, the first of a fetch or one after a redirect, when the
    /// settings apply on `trustedHost` (as ``URL/fetchHost`` reads it; nil: on no host).
    init(of url: URL, trustedHost: String?, redirected: Bool) {
        if let trustedHost, let host = url.fetchHost, Self.sameHost(host, trustedHost) {
            self = .adminHost
        } else {
            self = redirected ? .redirectElsewhere : .linkElsewhere
        }
    }

    /// The policy a connection with this reach is held to: the settings, or public addresses only.
    func policy(_ settings: FetchPolicy) -> FetchPolicy {
        self == .adminHost ? settings : .publicInternetOnly
    }

    /// True when `a` and `b` name the same host: the same address, or the same name in any case
    /// and with or without a trailing dot. Other spellings of an address (`127.1`) differ.
    static func sameHost(_ a: String, _ b: String) -> Bool {
        if let first = IPAddress(a), let second = IPAddress(b) { return first == second }
        if let first = FetchPolicy.hostName(a), let second = FetchPolicy.hostName(b) { return first == second }
        return a.lowercased() == b.lowercased()
    }
}
