import Synchronization

/// System zones built once per process, as building a table asks the tz database a few hundred
/// times. `Mutex` makes the shared table `Sendable`.
///
/// It keeps at most ``capacity`` names (the tz database has about 600 with its aliases): a feed full of
/// made-up TZIDs is answered without growing the process, each such name asked again.
final class ZoneCache: Sendable {
    static let capacity = 2_000
    private let zones = Mutex<[String: ZoneRules?]>([:])

    func rules(for identifier: String, build: () -> ZoneRules?) -> ZoneRules? {
        if let cached = zones.withLock({ $0[identifier] }) { return cached }
        let built = build()
        zones.withLock { if $0.count < Self.capacity { $0[identifier] = built } }
        return built
    }

    /// How many names are kept.
    var count: Int { zones.withLock { $0.count } }
}
