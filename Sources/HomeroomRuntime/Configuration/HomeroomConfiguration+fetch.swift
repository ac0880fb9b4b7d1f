import HomeroomCore
import HomeroomFetch

extension HomeroomConfiguration {
    /// Where outgoing fetches and posts may go (the `fetch` section). By default only public
    /// addresses: a school whose feeds live on its own network opens it here.
    public struct FetchSettings: Sendable, Decodable {
        /// True lets fetches reach private networks (10/8, 172.16/12, 192.168/16, fc00::/7) and
        /// shared addresses (100.64/10). Loopback and link-local addresses still need `allowedHosts`.
        public var allowPrivateNetworks = false
        /// Host names (`intranet.school.local`), addresses (`127.0.0.1`) and CIDR ranges
        /// (`10.20.0.0/16`) fetches may reach whatever kind of address they are.
        public var allowedHosts: [String] = []

        enum CodingKeys: String, CodingKey, CaseIterable { case allowPrivateNetworks, allowedHosts }

        /// The defaults: public addresses only.
        public init() {}

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            allowPrivateNetworks = try container.decode(.allowPrivateNetworks, or: allowPrivateNetworks)
            allowedHosts = try container.decode(.allowedHosts, or: allowedHosts)
        }

        /// The checked policy; a bad entry is a configuration error naming it.
        func policy() throws(ConfigurationError) -> FetchPolicy {
            do {
                return try FetchPolicy(allowPrivateNetworks: allowPrivateNetworks, allowedHosts: allowedHosts)
            } catch {
                throw ConfigurationError(key: "fetch.allowedHosts[\(error.index)]", problem: error.problem)
            }
        }
    }
}
