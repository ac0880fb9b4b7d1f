import Foundation

/// The registered claims (RFC 7519 §4.1) every verified token is checked against.
package struct RegisteredClaims: Decodable, Sendable {
    /// `aud`: one string or an array of them (RFC 7519 §4.1.3).
    struct Audience: Decodable, Sendable {
        let values: [String]

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let one = try? container.decode(String.self) {
                values = [one]
            } else {
                values = try container.decode([String].self)
            }
        }
    }

    package let iss: String?
    let aud: Audience?
    /// Seconds since 1970 (a NumericDate, RFC 7519 §2).
    let exp: Double?
    let nbf: Double?

    /// How far apart the platform's clock and ours may be.
    package static let leeway: TimeInterval = 300

    /// Throws 401 with the first claim that does not hold at `now`.
    func check(issuers: Set<String>, audience: String, now: Date) throws(WebhookRejection) {
        guard let exp, exp.isFinite else { throw .unauthorized("the token has no expiry") }
        guard now.timeIntervalSince1970 <= exp + Self.leeway else { throw .unauthorized("the token has expired") }
        if let nbf, nbf.isFinite, now.timeIntervalSince1970 + Self.leeway < nbf {
            throw .unauthorized("the token is not valid yet")
        }
        guard let iss, issuers.contains(iss) else { throw .unauthorized("the token is from another issuer") }
        guard aud?.values.contains(audience) == true else { throw .unauthorized("the token is for another audience") }
    }
}
