extension FetchPolicy {
    /// What the policy makes of the addresses a host resolved to.
    enum Verdict: Sendable, Equatable {
        /// The first address the policy allows: the one to connect to.
        case allowed(IPAddress)
        /// Every address refused: the first of them, and its kind.
        case refused(IPAddress, SpecialUse)
        /// The host resolved to no address.
        case noAddress
    }

    /// The verdict on `addresses`, those the URL host `host` resolved to, in the order they are tried.
    func verdict(host: String, addresses: [IPAddress]) -> Verdict {
        var firstRefused: (address: IPAddress, use: SpecialUse)?
        for address in addresses {
            guard let use = refusal(host: host, address: address) else { return .allowed(address) }
            firstRefused = firstRefused ?? (address, use)
        }
        guard let firstRefused else { return .noAddress }
        return .refused(firstRefused.address, firstRefused.use)
    }
}
