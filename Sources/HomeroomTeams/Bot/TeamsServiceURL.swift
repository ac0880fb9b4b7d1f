import Foundation
import HomeroomWebhooks

/// An activity's `serviceUrl`, the Bot Connector its answers go to with the bot's token: `https`
/// only, since Microsoft's connectors are `https` and the token must never cross the network in the
/// clear. `http` is taken only on a loopback address, and only where
/// ``TeamsSettings/allowsLoopbackHTTPServiceURLs`` (which tests alone set) allows it.
enum TeamsServiceURL {
    /// The hosts a test's stand-in connector listens on.
    static let loopbackHosts: Set<String> = ["127.0.0.1", "::1", "[::1]", "localhost"]

    /// True when the bot's token may be sent to `url`.
    static func isAllowed(_ url: URL, allowingLoopbackHTTP: Bool) -> Bool {
        guard let host = url.host?.lowercased(), !host.isEmpty else { return false }
        switch url.scheme?.lowercased() {
        case "https": return true
        case "http": return allowingLoopbackHTTP && loopbackHosts.contains(host)
        default: return false
        }
    }

    /// True when the bot's token may be sent to the service URL `text`.
    static func isAllowed(_ text: String, allowingLoopbackHTTP: Bool) -> Bool {
        URL(string: text).map { isAllowed($0, allowingLoopbackHTTP: allowingLoopbackHTTP) } ?? false
    }
}
