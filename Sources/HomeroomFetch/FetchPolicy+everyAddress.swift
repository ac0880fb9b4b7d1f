import Foundation
import HomeroomCore

extension FetchPolicy {
    /// Why nothing can ever be sent to `url`, an address an admin set: the kind of the first of its
    /// host's addresses when this policy refuses every one of them. Nil when one is allowed, and
    /// when the host does not resolve within `timeout` (it may later: a delivery that fails then
    /// says so in the log).
    package func refusalOfEveryAddress(
        of url: URL, resolver: any HostResolving = SystemHostResolver.shared, timeout: Duration = .seconds(5)
    ) async -> SpecialUse? {
        guard let host = url.fetchHost,
            let addresses = try? await FetchDeadline.run(within: timeout, { try await resolver.addresses(of: host) })
        else { return nil }
        guard case .refused(_, let use) = verdict(host: host, addresses: addresses) else { return nil }
        return use
    }
}
