import Foundation

extension URL {
    /// True for an `http` or `https` URL (either case) with a host: what Homeroom fetches from
    /// and posts to.
    public var isWebAddress: Bool {
        guard let scheme = scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && host != nil
    }

    /// A calendar feed's address as people copy it: `http`, `https`, or `webcal` (read as
    /// `https`); nil for anything else.
    public init?(calendarFeed text: String) {
        guard let url = URL(string: text.replacingOccurrences(of: "webcal://", with: "https://")), url.isWebAddress
        else { return nil }
        self = url
    }
}
