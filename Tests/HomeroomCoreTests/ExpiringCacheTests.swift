import Foundation
import HomeroomCore
import HomeroomTesting
import Testing

/// The shared time-limited cache: expiry at an instant read from a test clock, the cap on entries,
/// and invalidation.
@Suite struct ExpiringCacheTests {
    let clock = TestClock("2026-11-23T08:00:00Z")

    @Test func anEntryIsFreshUntilItsTimeToLiveHasPassed() {
        let cache = ExpiringCache<String, Int>(timeToLive: 60, capacity: 10)
        cache.store(7, for: "a", at: clock.now)
        clock.advance(by: 59.9)
        let justBefore = cache.value(for: "a", at: clock.now)
        clock.advance(by: 0.1)
        let atTheEnd = cache.value(for: "a", at: clock.now)
        #expect(justBefore == 7)
        #expect(atTheEnd == nil)
        // Past its time the value is still held for a caller that can check it, until stored again.
        #expect(cache.heldValue(for: "a") == 7)
        cache.store(8, for: "a", at: clock.now)
        #expect(cache.value(for: "a", at: clock.now) == 8)
    }

    @Test func anEntryStoredLaterThanNowIsNotFresh() {
        let cache = ExpiringCache<String, Int>(timeToLive: 60, capacity: 10)
        cache.store(1, for: "a", at: clock.now)
        clock.advance(by: -1)
        #expect(cache.value(for: "a", at: clock.now) == nil)
    }

    @Test func aDeadlineSoonerThanTheTimeToLiveEndsTheEntry() {
        let cache = ExpiringCache<String, Int>(timeToLive: 60, capacity: 10)
        cache.store(1, for: "a", at: clock.now, expiringBy: clock.now.addingTimeInterval(5))
        cache.store(2, for: "b", at: clock.now, expiringBy: clock.now.addingTimeInterval(600))
        clock.advance(by: 5)
        #expect(cache.value(for: "a", at: clock.now) == nil)
        #expect(cache.value(for: "b", at: clock.now) == 2)
        clock.advance(by: 55)
        #expect(cache.value(for: "b", at: clock.now) == nil)
    }

    @Test func noTimeToLiveLeavesNothingFreshButHoldsTheValue() {
        let cache = ExpiringCache<String, Int>(timeToLive: 0, capacity: 10)
        cache.store(1, for: "a", at: clock.now)
        #expect(cache.value(for: "a", at: clock.now) == nil)
        #expect(cache.heldValue(for: "a") == 1, "a caller that re-checks a revision still finds it")
    }

    @Test func forgettingAKeyLeavesTheOthers() {
        let cache = ExpiringCache<String, Int>(timeToLive: 60, capacity: 10)
        cache.store(1, for: "a", at: clock.now)
        cache.store(2, for: "b", at: clock.now)
        cache.forget("a")
        #expect(cache.value(for: "a", at: clock.now) == nil)
        #expect(cache.heldValue(for: "a") == nil)
        #expect(cache.value(for: "b", at: clock.now) == 2)
    }

    @Test func invalidatingDropsEveryEntry() {
        let cache = ExpiringCache<String, Int>(timeToLive: 60, capacity: 10)
        cache.store(1, for: "a", at: clock.now)
        cache.store(2, for: "b", at: clock.now)
        cache.invalidate()
        #expect(cache.value(for: "a", at: clock.now) == nil)
        #expect(cache.value(for: "b", at: clock.now) == nil)
    }

    @Test func aFullCacheDropsExpiredEntriesFirst() {
        let cache = ExpiringCache<Int, Int>(timeToLive: 60, capacity: 4)
        cache.store(0, for: 0, at: clock.now, expiringBy: clock.now.addingTimeInterval(1))
        for key in 1..<4 {
            clock.advance(by: 1)
            cache.store(key, for: key, at: clock.now)
        }
        clock.advance(by: 1)
        cache.store(4, for: 4, at: clock.now)
        let kept = (0...4).filter { cache.heldValue(for: $0) != nil }
        #expect(kept == [1, 2, 3, 4])
    }

    @Test func aFullCacheOfFreshEntriesDropsTheOlderHalf() {
        let cache = ExpiringCache<Int, Int>(timeToLive: 600, capacity: 4)
        for key in 0..<4 {
            cache.store(key, for: key, at: clock.now)
            clock.advance(by: 1)
        }
        // Replacing a kept key takes no new place.
        cache.store(30, for: 3, at: clock.now)
        let beforeTheCap = (0..<4).filter { cache.value(for: $0, at: clock.now) != nil }
        #expect(beforeTheCap == [0, 1, 2, 3])
        cache.store(4, for: 4, at: clock.now)
        let kept = (0...4).filter { cache.value(for: $0, at: clock.now) != nil }
        #expect(kept == [2, 3, 4])
        #expect(cache.value(for: 3, at: clock.now) == 30)
    }

    @Test func manyKeysNeverPassTheCap() {
        let cache = ExpiringCache<Int, Int>(timeToLive: 600, capacity: 8)
        for key in 0..<1_000 {
            cache.store(key, for: key, at: clock.now)
            clock.advance(by: 0.01)
        }
        let held = (0..<1_000).filter { cache.heldValue(for: $0) != nil }
        #expect(held.count <= 8)
        #expect(held.contains(999))
    }
}
