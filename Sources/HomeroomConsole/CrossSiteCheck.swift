import Foundation
import HTTPTypes

/// Refuses a form another site made a browser post: the browser's `Sec-Fetch-Site` must say the
/// request came from the console itself, and an `Origin`, when sent, must be the console's. The
/// session's CSRF token is checked on top of this, for browsers that send neither.
struct CrossSiteCheck {
    /// The origins the console is reached at: its public address's, and this request's host.
    let publicOrigin: String

    init(publicURL: String) {
        if let url = URL(string: publicURL), let scheme = url.scheme, let host = url.host {
            // Browsers leave a scheme's own port out of `Origin`.
            let isDefaultPort =
                (scheme.lowercased() == "http" && url.port == 80) || (scheme.lowercased() == "https" && url.port == 443)
            let port = isDefaultPort ? nil : url.port
            publicOrigin = "\(scheme.lowercased())://\(host.lowercased())" + (port.map { ":\($0)" } ?? "")
        } else {
            publicOrigin = publicURL
        }
    }

    /// True when `headers` show a post from the console's own pages, reached at `authority`
    /// (the request's `Host`).
    func admits(_ headers: HTTPFields, authority: String?) -> Bool {
        if let site = headers[HTTPField.Name("Sec-Fetch-Site")!]?.lowercased(), site != "same-origin", site != "none" {
            return false
        }
        guard let origin = headers[HTTPField.Name("Origin")!]?.lowercased() else { return true }
        if origin == publicOrigin { return true }
        guard let host = authority?.lowercased() else { return false }
        return origin == "http://\(host)" || origin == "https://\(host)"
    }
}
