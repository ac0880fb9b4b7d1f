import Foundation
import HomeroomCore

extension OutgoingResponse {
    /// 408, 429 or 5xx: the platform may take the request later, so the outbox retries it.
    package var isWorthRetrying: Bool { status == 408 || status == 429 || status >= 500 }

    /// The wait the answer's `Retry-After` asks for, in seconds from `now`, if it names one.
    package func retryAfterSeconds(now: Date = Date()) -> Double? {
        retryAfter.flatMap { WebhookPoster.seconds(retryAfter: $0, now: now) }
    }

    /// `": "` and the start of the body (200 bytes), or nothing when the body is empty: what a
    /// refusal's description quotes of the platform's own words.
    package var quotedBody: String {
        let said = String(decoding: body.prefix(200), as: UTF8.self)
        return said.isEmpty ? "" : ": \(said)"
    }
}
