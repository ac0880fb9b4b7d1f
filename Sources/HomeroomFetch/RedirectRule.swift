import Foundation
import HomeroomCore

/// Which redirects a fetch follows: 301, 302, 303, 307 and 308 with a `Location`, at most
/// ``maximumRedirects`` in a row, never from https to http, only to http or https. A relative
/// `Location` is read against the address that answered.
enum RedirectRule {
    /// Redirects followed in one fetch; one more is refused.
    static let maximumRedirects = 5

    /// True for a status that redirects a GET.
    static func redirects(_ status: Int) -> Bool { [301, 302, 303, 307, 308].contains(status) }

    /// The address `location` leads to from `current`, after `followed` redirects; throws when the
    /// redirect is refused.
    static func target(of location: String, from current: URL, followed: Int) throws(FetchError) -> URL {
        let host = current.host ?? "the site"
        guard followed < maximumRedirects else {
            throw FetchError(
                .tooManyRedirects, message: "the site redirects more than \(maximumRedirects) times",
                detail: "\(host) redirected a \(followed + 1)th time; at most \(maximumRedirects) are followed")
        }
        guard let next = URL(string: location, relativeTo: current)?.absoluteURL, next.isWebAddress else {
            throw FetchError(
                .failed, message: "the site redirects to an address that cannot be fetched",
                detail: "\(host) redirected to an unusable Location of \(location.utf8.count) bytes")
        }
        if current.scheme?.lowercased() == "https", next.scheme?.lowercased() != "https" {
            throw FetchError(
                .insecureRedirect, message: "the site redirects from https to http, which is not followed",
                detail: "\(host) redirected from https to http (\(next.host ?? "no host"))")
        }
        return next
    }
}
