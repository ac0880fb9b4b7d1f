/// A chat platform the webhook adapter speaks to; the raw value is the adapter name in user ids
/// (`slack:T0001:U2147483697`) and in the outbox. Each platform's module names its own
/// (`WebhookPlatform.slack`).
package struct WebhookPlatform: RawRepresentable, Sendable, Hashable {
    package let rawValue: String

    /// The platform whose adapter name is `rawValue`.
    package init(rawValue: String) {
        self.rawValue = rawValue
    }
}
