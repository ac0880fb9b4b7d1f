import Foundation

extension URL {
    /// True for an `http` or `https` URL (either case) with a host: what Homeroom fetches from
    /// and posts to.
    public var isWebAddress: Bool {
        guard let scheme = scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && host != nil
    }
}
