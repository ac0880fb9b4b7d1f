import Foundation
import HomeroomCore
import Synchronization
import Testing

/// Shared caches: the generation that keeps a read from before a change out, and the channel that
/// announces this instance's changes by name and empties a cache named by another instance.

@Suite struct SharedCacheTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aValueReadBeforeAChangeIsNotKept() {
        let cache = ExpiringCache<Int, String>(timeToLive: 60, capacity: 10)
        let before = cache.generation
        cache.forget(2)
        cache.store("old", for: 1, at: now, readSince: before)
        #expect(cache.value(for: 1, at: now) == nil)
        let after = cache.generation
        cache.store("new", for: 1, at: now, readSince: after)
        #expect(cache.value(for: 1, at: now) == "new")
    }

    @Test func aChangeHereIsAnnouncedByNameAndEmptiesTheCache() {
        let channel = CacheChannel()
        let answers = ExpiringCache<Int, String>(timeToLive: 60, capacity: 10)
        let other = ExpiringCache<Int, String>(timeToLive: 60, capacity: 10)
        channel.register(SharedCache(answers), as: "lunch.answers")
        channel.register(SharedCache(other), as: "schedule.days")
        answers.store("menu", for: 1, at: now)
        answers.invalidate()
        other.forget(7)
        #expect(answers.value(for: 1, at: now) == nil)
        #expect(channel.takeAnnounced() == ["lunch.answers", "schedule.days"])
        #expect(channel.takeAnnounced().isEmpty)
    }

    @Test func anAnnouncementFromElsewhereEmptiesTheNamedCacheWithoutAnnouncingAgain() {
        let channel = CacheChannel()
        let answers = ExpiringCache<Int, String>(timeToLive: 60, capacity: 10)
        let dropped = DroppedCount()
        channel.register(SharedCache(answers) { dropped.add() }, as: "lunch.answers")
        answers.store("menu", for: 1, at: now)
        #expect(channel.received("lunch.answers"))
        #expect(!channel.received("nosuch.cache"))
        #expect(answers.value(for: 1, at: now) == nil)
        #expect(dropped.count == 1)
        #expect(channel.takeAnnounced().isEmpty)
    }

    @Test func anImportAnnouncesEveryCacheOfItsPlugin() {
        let channel = CacheChannel()
        let days = ExpiringCache<Int, String>(timeToLive: 60, capacity: 10)
        let viewers = ExpiringCache<Int, String>(timeToLive: 60, capacity: 10)
        let menus = ExpiringCache<Int, String>(timeToLive: 60, capacity: 10)
        channel.register(SharedCache(days), as: "schedule.days")
        channel.register(SharedCache(viewers), as: "schedule.viewers")
        channel.register(SharedCache(menus), as: "lunch.answers")
        days.store("day", for: 1, at: now)
        menus.store("menu", for: 1, at: now)
        channel.changed(plugin: "schedule")
        #expect(days.value(for: 1, at: now) == nil)
        #expect(menus.value(for: 1, at: now) == "menu")
        #expect(channel.takeAnnounced() == ["schedule.days", "schedule.viewers"])
    }

    @Test func aCacheNameOutsideTheAlphabetIsRefused() {
        let channel = CacheChannel()
        #expect(throws: UserFacingError.self) { try channel.register(BadlyNamed()) }
        let registered = channel.received("bad.two words")
        #expect(!registered, "a refused cache is not registered")
    }

    /// A plugin declaring a cache named with a space.
    struct BadlyNamed: Plugin {
        static let id = "bad"
        let cache = ExpiringCache<Int, Int>(timeToLive: 1, capacity: 1)
        var commands: [Command] { [] }
        var personalData: PersonalData { .keepsNothing }
        var caches: [String: SharedCache] { ["two words": SharedCache(cache)] }
    }

    /// Counts how often a dependent was dropped.
    final class DroppedCount: Sendable {
        private let value = Mutex(0)
        var count: Int { value.withLock { $0 } }
        func add() { value.withLock { $0 += 1 } }
    }
}
