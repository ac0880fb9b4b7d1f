import Foundation
import HomeroomCore

extension FetchProvenance {
    /// The host on which `policy`'s allowances apply for a fetch or post of `url` from this
    /// provenance (as ``URL/fetchHost`` reads it); nil when there is none and only public
    /// addresses are reached.
    func trustedHost(for url: URL, under policy: FetchPolicy) -> String? {
        switch self {
        case .configured: url.fetchHost
        case .linked(let source): source.fetchHost.flatMap { policy.names($0) ? $0 : nil }
        case .given: url.fetchHost.flatMap { policy.names($0) ? $0 : nil }
        case .requestBody: nil
        }
    }
}
