import Synchronization

/// System zones built once per process, as building a table asks the tz database a few hundred
/// times. `Mutex` makes the shared table `Sendable`.
final class ZoneCache: Sendable {
    private let zones = Mutex<[String: ZoneRules?]>([:])

    func rules(for identifier: String, build: () -> ZoneRules?) -> ZoneRules? {
        if let cached = zones.withLock({ $0[identifier] }) { return cached }
        let built = build()
        zones.withLock { $0[identifier] = built }
        return built
    }
}
