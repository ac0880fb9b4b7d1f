import Crypto
import Foundation
import HomeroomWebhooks

/// Twilio's request signing (`X-Twilio-Signature`), as its "Webhooks security" page describes
/// (https://www.twilio.com/docs/usage/webhooks/webhooks-security, formerly
/// https://www.twilio.com/docs/usage/security#validating-requests): the full URL Twilio called
/// (with its query string), then each POST parameter's name and value with no delimiter, sorted
/// by name, signed with HMAC-SHA1 keyed by the account's auth token, and Base64-encoded.
///
/// Parameters are the decoded form values (a `+` in a phone number stays `+`), sorted by
/// Unicode code point (UTF-8 byte order) of the name and, for a name sent more than once, of the
/// value, as Twilio's own libraries do. Empty values still add their name.
package enum TwilioSignature {
    /// base64(HMAC-SHA1(authToken, url + each parameter's name+value, sorted by name then value)).
    package static func signature(
        for url: String, parameters: [(name: String, value: String)], authToken: String
    ) -> String {
        let sorted = parameters.sorted { left, right in
            if left.name.utf8.elementsEqual(right.name.utf8) {
                return left.value.utf8.lexicographicallyPrecedes(right.value.utf8)
            }
            return left.name.utf8.lexicographicallyPrecedes(right.name.utf8)
        }
        var message = Array(url.utf8)
        for parameter in sorted {
            message.append(contentsOf: parameter.name.utf8)
            message.append(contentsOf: parameter.value.utf8)
        }
        let code = HMAC<Insecure.SHA1>.authenticationCode(
            for: message, using: SymmetricKey(data: Array(authToken.utf8)))
        return Data(code).base64EncodedString()
    }

    /// True when `signature` (the `X-Twilio-Signature` header) signs `url` and `parameters`;
    /// compared in constant time so a caller cannot learn the expected value byte by byte.
    package static func isValid(
        _ signature: String, for url: String, parameters: [(name: String, value: String)], authToken: String
    ) -> Bool {
        let expected = self.signature(for: url, parameters: parameters, authToken: authToken)
        return ConstantTime.equal(Array(expected.utf8), Array(signature.utf8))
    }
}
