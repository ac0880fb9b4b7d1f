import Foundation

/// Where the address of a fetch came from, which decides how far the `fetch` settings reach for it.
///
/// The settings' allowances (`fetch.allowPrivateNetworks`, `fetch.allowedHosts`) open private and
/// loopback addresses for the hosts of addresses an admin set: a feed, a calendar, a webhook. They
/// never open them for a link found inside what was fetched, unless the link stays on the host of
/// the admin's address, and never for a redirect that leaves that host: such a fetch reaches public
/// addresses only. So opening an intranet host for one feed does not let a story link in an outside
/// feed, or an outside site's redirect, read intranet pages into chat.
///
/// ```swift
/// // A news source an admin added: the settings apply to its host.
/// let feed = limits.request(for: sourceURL, provenance: .configured)
/// // A story's link in that feed: the settings apply only while it stays on the feed's host.
/// let page = limits.request(for: storyURL, provenance: .linked(from: sourceURL))
/// ```
public enum FetchProvenance: Sendable, Equatable {
    /// An address an admin set, in the configuration or with an admin command (a news source, a
    /// calendar feed, a recipe page to import, a service's base address).
    case configured
    /// An address found inside what was fetched from `source`, an address an admin set (a story's
    /// link in a feed, the key set an OpenID document names): the settings' allowances apply only
    /// on `source`'s host.
    case linked(from: URL)

    /// The admin-set address whose host the settings' allowances apply to, for a fetch of `url`.
    package func trustedAddress(for url: URL) -> URL {
        switch self {
        case .configured: url
        case .linked(let source): source
        }
    }
}
