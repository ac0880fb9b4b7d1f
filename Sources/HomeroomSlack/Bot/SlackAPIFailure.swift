import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks

/// A Web API call that did not succeed, with Slack's error code when Slack gave one
/// (`{"ok": false, "error": "not_in_channel"}`), so that a caller can act on the code (open a
/// direct-message channel again, report a refused token on `/healthz`) before handing the
/// ``DeliveryFailure`` to the outbox.
package struct SlackAPIFailure: Error, CustomStringConvertible {
    /// What the outbox sees: a short description saying what to do, whether to retry, and when.
    package let delivery: DeliveryFailure
    /// Slack's `error` field, or nil when the failure was not Slack's answer (no answer, 5xx, 429).
    package let code: String?

    /// The codes that mean the token itself is refused: nothing will get through until an admin
    /// sets a new one.
    static let refusedTokenCodes: Set<String> = [
        "invalid_auth", "not_authed", "account_inactive", "token_revoked", "token_expired",
    ]

    /// True when Slack refused the token (`invalid_auth`, `token_revoked`, …).
    package var refusedToken: Bool { code.map(Self.refusedTokenCodes.contains) ?? false }

    package var description: String { delivery.description }

    /// A failure without a Slack error code.
    init(_ delivery: DeliveryFailure, code: String? = nil) {
        self.delivery = delivery
        self.code = code
    }
}
