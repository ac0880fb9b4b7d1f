import Foundation
import HomeroomCore
import HomeroomFetch

extension ResolvedConfiguration {
    /// Stops start-up when `url`, the address set at `key` (an API client's `notifyURL`), is on
    /// addresses the `fetch` settings refuse: every post to it would fail, retried for ever. The
    /// error names both keys on one line. A host that does not resolve now is let through.
    package func requireReachable(_ url: URL, key: String) async throws(ConfigurationError) {
        guard let use = await fetchPolicy.refusalOfEveryAddress(of: url) else { return }
        guard let setting = use.openingSetting else {
            throw ConfigurationError(
                key: key, problem: "\(url.redacted) is not an address anything can be posted to, whatever fetch says")
        }
        throw ConfigurationError(
            key: key,
            problem: "\(url.redacted) is on \(use.place), which the fetch settings refuse: "
                + "nothing can be posted there unless \(setting) allows it")
    }
}
