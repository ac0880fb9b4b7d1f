import Synchronization

/// The shared caches of one runtime, by name (`lunch.answers`, `core.access`), and the changes
/// this instance announces for them.
///
/// When code here forgets or invalidates an entry of a registered cache, the cache empties here at
/// once and its name waits in ``takeAnnounced()`` until the notification service (PostgreSQL
/// LISTEN/NOTIFY) sends it; when another instance's announcement arrives, ``received(_:)`` empties
/// the named cache here. Waiting names are a set, so what waits is bounded by the caches registered.
package final class CacheChannel: Sendable {
    private let caches = Mutex<[String: SharedCache]>([:])
    private let waiting = Mutex<Set<String>>([])
    private let signal = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))

    /// An empty channel.
    package init() {}

    /// Registers `cache` as `name`: from now on its changes here are announced under that name.
    package func register(_ cache: SharedCache, as name: String) {
        caches.withLock { $0[name] = cache }
        cache.announcer.connect { [weak self] in self?.announce(name) }
    }

    /// Registers the caches `plugin` declares, each as `PLUGIN.NAME`; throws naming a cache whose
    /// name is not lowercase letters, digits, `-` and `_`.
    /// `school` names the school (``School/id``) a plugin configured apart for it belongs to:
    /// its caches are `plugin.name.school`.
    package func register(_ plugin: any Plugin, school: String? = nil) throws {
        for (name, cache) in plugin.caches.sorted(by: { $0.key < $1.key }) {
            guard !name.isEmpty, name.count <= 40, name.allSatisfy({ Self.nameCharacters.contains($0) }) else {
                throw UserFacingError(
                    "the cache \"\(name)\" of \(plugin.id) needs a name of lowercase letters, digits, - and _")
            }
            register(cache, as: "\(plugin.id).\(name)" + (school.map { ".\($0)" } ?? ""))
        }
    }

    private static let nameCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789-_")

    /// Yields once whenever a name starts waiting to be announced (several may have, by then).
    package var announcements: AsyncStream<Void> { signal.stream }

    /// The names announced here since the last call, sorted; they no longer wait.
    package func takeAnnounced() -> [String] {
        waiting.withLock { waiting in
            defer { waiting.removeAll() }
            return waiting.sorted()
        }
    }

    /// Puts `names` back to wait for the next announcement (sending them failed).
    package func announceAgain(_ names: [String]) {
        guard !names.isEmpty else { return }
        waiting.withLock { $0.formUnion(names) }
    }

    /// Code outside the plugin (an import from the command line) changed its data: empties its
    /// caches here and announces them.
    package func changed(plugin pluginID: String) {
        let prefix = "\(pluginID)."
        let named = caches.withLock { $0.filter { $0.key.hasPrefix(prefix) } }
        for (name, cache) in named {
            cache.empty()
            announce(name)
        }
    }

    /// Another instance changed the data behind `name`: empties that cache here. False when no
    /// cache is registered under it (a plugin this instance does not run).
    /// The copies of a cache that schools' own plugins keep (`lunch.answers.jefferson` beside
    /// `lunch.answers`) are emptied with it: data a group of schools shares is read by several.
    @discardableResult
    package func received(_ name: String) -> Bool {
        let named = copies(of: name)
        for cache in named { cache.empty() }
        return !named.isEmpty
    }

    /// The caches registered as `name` or as a school's copy of the same cache (`PLUGIN.NAME`,
    /// `PLUGIN.NAME.SCHOOL`), but `excluded`.
    private func copies(of name: String, besides excluded: String? = nil) -> [SharedCache] {
        let base = name.split(separator: ".", maxSplits: 2).prefix(2).joined(separator: ".")
        return caches.withLock {
            $0.filter { $0.key != excluded && ($0.key == base || $0.key.hasPrefix(base + ".")) }.map(\.value)
        }
    }

    /// Empties every registered cache here: announcements may have been missed.
    /// Empties every cache here but `name`, announcing nothing: for a change that any cached
    /// answer may show (a translation of a dish), made or heard of by the cache `name`.
    package func emptyAll(except name: String) {
        for cache in caches.withLock({ $0.filter { $0.key != name }.map(\.value) }) { cache.empty() }
    }

    package func emptyAll() {
        for cache in caches.withLock({ Array($0.values) }) { cache.empty() }
    }

    /// Announces a change of the cache `name` made here; its other copies here (schools' own
    /// plugins) are emptied too.
    private func announce(_ name: String) {
        for cache in copies(of: name, besides: name) { cache.empty() }
        waiting.withLock { _ = $0.insert(name) }
        signal.continuation.yield()
    }
}
