import Foundation

/// Where the address of a fetch or a post came from, which decides how far the `fetch` settings
/// reach for it.
///
/// The settings' allowances (`fetch.allowPrivateNetworks`, `fetch.allowedHosts`) open private and
/// loopback addresses for the hosts of addresses an admin set: a feed, a calendar, a webhook. A link
/// found inside what was fetched gets them only while it stays on the host of the admin's address,
/// and only when that host is named in `fetch.allowedHosts` (by name, or as a listed address): the
/// owner of an outside feed's name server could otherwise answer with a public address for the feed
/// and a private one for its story link. A redirect that leaves the host, an address given by
/// someone who is not an admin, or one that only a request's body names reaches public addresses
/// only unless the settings name its host. So opening an intranet host for one feed does not let a
/// story link in an outside feed, or an outside site's redirect, read intranet pages into chat.
///
/// ```swift
/// // A news source an admin added: the settings apply to its host.
/// let feed = limits.request(for: sourceURL, provenance: .configured)
/// // A story's link in that feed: the settings apply only on the feed's host, when it is listed.
/// let page = limits.request(for: storyURL, provenance: .linked(from: sourceURL))
/// ```
public enum FetchProvenance: Sendable, Equatable {
    /// An address an admin set, in the configuration or with an admin command (a news source, a
    /// calendar feed, a service's base address).
    case configured
    /// An address found inside what came from `source`, an address an admin set (a story's link in
    /// a feed, the key set an OpenID document names, a slash command's `response_url` as a link from
    /// the platform's configured address): the settings' allowances apply only on `source`'s host,
    /// and only when `fetch.allowedHosts` names that host.
    case linked(from: URL)
    /// An address someone who is not necessarily an admin gave (a recipe page to import, for
    /// whoever holds the command): the allowances apply only when `fetch.allowedHosts` names its host.
    case given
    /// An address only an incoming request's body names, with nothing the settings know vouching for
    /// its host (a slash command's `response_url`): public addresses only.
    case requestBody
}
