import Foundation
import HomeroomCore

extension URL {
    /// The host a connection to this address goes to, read from the URL's text as AsyncHTTPClient
    /// reads it, without the brackets of an IPv6 address; nil when it is not a web address.
    var fetchHost: String? {
        guard isWebAddress, let host = URL(string: absoluteString)?.host, !host.isEmpty else { return nil }
        return host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }
}
