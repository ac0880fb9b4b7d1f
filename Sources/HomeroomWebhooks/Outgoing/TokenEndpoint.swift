import Foundation
import HomeroomCore

/// An OAuth 2.0 token endpoint, as the Teams bot (client credentials, RFC 6749 §4.4) and the Google
/// Chat app (a JWT bearer assertion, RFC 7523 §2.1) ask one for their access tokens: a form is
/// posted, and `{"access_token", "expires_in"}` comes back (RFC 6749 §5.1). Each caller words its
/// own failures.
package enum TokenEndpoint {
    /// What the endpoint answered.
    package enum Answer {
        /// A token, with the seconds it lasts when the endpoint said.
        case granted(token: String, lifetime: Double?)
        /// A status other than 2xx.
        case refused(OutgoingResponse)
        /// A 2xx whose body holds no token.
        case unreadable
    }

    /// Posts `fields` as a form to `url`; throws only when no answer came.
    package static func request(
        _ fields: [(name: String, value: String)], at url: URL, fetcher: any HTTPFetching, timeout: Duration
    ) async throws(FetchError) -> Answer {
        let form = fields.map { "\($0.name)=\(percentEncoded($0.value))" }.joined(separator: "&")
        var request = OutgoingRequest(
            url: url, body: Array(form.utf8), contentType: "application/x-www-form-urlencoded", timeout: timeout)
        request.maximumResponseBytes = 65_536
        let response = try await fetcher.send(request)
        guard (200..<300).contains(response.status) else { return .refused(response) }
        struct Grant: Decodable {
            let access_token: String
            let expires_in: Double?
        }
        guard let grant = try? JSONDecoder().decode(Grant.self, from: Data(response.body)),
            !grant.access_token.isEmpty
        else { return .unreadable }
        return .granted(token: grant.access_token, lifetime: grant.expires_in)
    }

    /// `text` percent-encoded for a form field or a path segment (only unreserved characters kept).
    package static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// RFC 3986 §2.3.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
