import Foundation

/// What a homeserver's error answer says (Client-Server API v3, Standard error response:
/// `{"errcode": …, "error": …}`, and `retry_after_ms` on `M_LIMIT_EXCEEDED`), read leniently:
/// either field may be missing or of another type, the body may not be JSON at all.
package struct MatrixErrorAnswer: Sendable, Equatable {
    /// The longest piece of the server's `error` text kept in a description.
    package static let longestErrorText = 200
    /// The wait a rate limit gets when the server named none.
    package static let defaultRateLimitWait = Duration.seconds(1)

    /// `M_FORBIDDEN`, `M_LIMIT_EXCEEDED`, …
    package var errcode: String?
    /// The server's words.
    package var error: String?
    /// `retry_after_ms` when it is a JSON number (any size or sign; clamped where it is used).
    package var retryAfterMilliseconds: Double?

    /// Reads `body` (nil or not JSON: every field nil).
    package init(body: [UInt8]?) {
        guard let body, let answer = try? JSONDecoder().decode(Fields.self, from: Data(body)) else { return }
        errcode = answer.errcode
        error = answer.error
        retryAfterMilliseconds = answer.retryAfterMilliseconds
    }

    /// The error for an answer with `status` (not 2xx) to the request called `what`: a rate limit
    /// (`429`, or errcode `M_LIMIT_EXCEEDED`) waits `retry_after_ms`, else the `Retry-After` header's
    /// seconds, else ``defaultRateLimitWait``, clamped to `0…`
    /// ``MatrixAPIError/longestRateLimitWait``; any other status is refused. The server's text is
    /// cut to ``longestErrorText`` characters, put on one line, and `accessToken` never appears in it.
    package func error(status: Int, retryAfterHeader: String?, what: String, accessToken: String?) -> MatrixAPIError {
        let said = error.map { ": " + Self.shown($0, hiding: accessToken) } ?? ""
        if status == 429 || errcode == "M_LIMIT_EXCEEDED" {
            let wait = Self.wait(milliseconds: retryAfterMilliseconds, header: retryAfterHeader)
            return MatrixAPIError(
                .rateLimited(retryAfter: wait), "\(what) rate-limited, retry in \(Self.seconds(wait)) s\(said)")
        }
        let code = errcode.map { " " + Self.shown($0, hiding: accessToken, limit: 60) } ?? ""
        return MatrixAPIError(.refused(status: status, errcode: errcode), "\(what) refused (\(status)\(code))\(said)")
    }

    /// The wait a rate limit names, clamped.
    static func wait(milliseconds: Double?, header: String?) -> Duration {
        let longest = Double(MatrixAPIError.longestRateLimitWait.components.seconds) * 1000
        let chosen: Double
        if let milliseconds, !milliseconds.isNaN {
            chosen = milliseconds
        } else if let header, let seconds = Double(header.trimmingCharacters(in: .whitespaces)), !seconds.isNaN {
            chosen = seconds * 1000
        } else {
            return defaultRateLimitWait
        }
        return .milliseconds(min(max(chosen, 0), longest).rounded(.up))
    }

    /// `text` on one line, cut to `limit` characters, with `secret` blotted out.
    static func shown(_ text: String, hiding secret: String?, limit: Int = longestErrorText) -> String {
        var text = text
        if let secret, !secret.isEmpty { text = text.replacingOccurrences(of: secret, with: "[token]") }
        let line = String(
            text.prefix(limit).map { character in
                let isControl = character.unicodeScalars.contains { $0.properties.generalCategory == .control }
                return character.isNewline || isControl ? " " : character
            })
        return text.count > limit ? line + "…" : line
    }

    /// A wait in seconds with at most one decimal, for a description.
    static func seconds(_ wait: Duration) -> String {
        let tenths = wait.components.seconds * 10 + wait.components.attoseconds / 100_000_000_000_000_000
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }

    private struct Fields: Decodable {
        var errcode: String?
        var error: String?
        var retryAfterMilliseconds: Double?

        private enum Keys: String, CodingKey { case errcode, error, retry_after_ms }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            errcode = (try? container.decodeIfPresent(String.self, forKey: .errcode)) ?? nil
            error = (try? container.decodeIfPresent(String.self, forKey: .error)) ?? nil
            retryAfterMilliseconds = (try? container.decodeIfPresent(Double.self, forKey: .retry_after_ms)) ?? nil
        }
    }
}
