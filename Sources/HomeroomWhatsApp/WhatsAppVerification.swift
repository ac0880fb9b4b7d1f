import Foundation
import HomeroomWebhooks

/// Meta's verification request ("Webhooks — Getting started: Verification requests"): when the
/// callback URL is configured, Meta sends `GET` with `hub.mode=subscribe`, `hub.verify_token` (the
/// token given in the dashboard) and `hub.challenge`; the endpoint answers the challenge to prove
/// it is the one meant.
package enum WhatsAppVerification {
    /// The longest challenge echoed back.
    static let maximumChallengeLength = 1_024

    /// The challenge to answer when `query` (the request's query string) subscribes with
    /// `verifyToken` (compared in constant time); nil when it does not.
    package static func challenge(query: String?, verifyToken: String) -> String? {
        guard let query, query.utf8.count <= 8_192,
            let pairs = URLEncodedPairs.read(query, maximumCount: 20)
        else { return nil }
        func value(_ name: String) -> String? { pairs.first { $0.name == name }?.value }
        guard value("hub.mode") == "subscribe", let token = value("hub.verify_token"),
            ConstantTime.equal(Array(token.utf8), Array(verifyToken.utf8)),
            let challenge = value("hub.challenge"), !challenge.isEmpty,
            challenge.utf8.count <= maximumChallengeLength
        else { return nil }
        return challenge
    }
}
