import Foundation

/// The UTC offsets of one time zone over time, as a sorted table of transitions.
///
/// Built from a VTIMEZONE of the file or from the system's tz database (through Foundation, once per
/// zone per process); lookups are a binary search, so expanding thousands of instances stays cheap.
public struct ZoneRules: Sendable {
    /// The zone's name as the calendar wrote it.
    public let identifier: String
    private let transitionInstants: [Int64]
    private let offsetsAfter: [Int]
    private let initialOffset: Int
    /// For system zones: the zone itself, asked directly outside the table's years.
    private let systemZone: TimeZone?
    private let tableRange: ClosedRange<Int64>

    init(identifier: String, transitions: [(instant: Int64, offsetAfter: Int)], initialOffset: Int) {
        let sorted = transitions.sorted { $0.instant < $1.instant }
        self.identifier = identifier
        transitionInstants = sorted.map(\.instant)
        offsetsAfter = sorted.map(\.offsetAfter)
        self.initialOffset = initialOffset
        systemZone = nil
        tableRange = Int64.min...Int64.max
    }

    /// A zone that is always `offset` seconds east of UTC.
    public static func fixed(_ identifier: String, offset: Int) -> ZoneRules {
        ZoneRules(identifier: identifier, transitions: [], initialOffset: offset)
    }

    private init(system zone: TimeZone, identifier: String) {
        let range = ZoneRules.systemTableStart...ZoneRules.systemTableEnd
        var instants: [Int64] = []
        var offsets: [Int] = []
        var cursor = Date(timeIntervalSince1970: TimeInterval(range.lowerBound))
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor),
            next.timeIntervalSince1970 < Double(range.upperBound)
        {
            instants.append(Int64(next.timeIntervalSince1970.rounded()))
            offsets.append(zone.secondsFromGMT(for: next))
            cursor = next
        }
        self.identifier = identifier
        transitionInstants = instants
        offsetsAfter = offsets
        initialOffset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(range.lowerBound)))
        systemZone = zone
        tableRange = range
    }

    private static let systemTableStart: Int64 = -2_208_988_800  // 1900-01-01
    private static let systemTableEnd: Int64 = 4_102_444_800  // 2100-01-01
    static let systemCache = ZoneCache()

    /// The system's zone of that IANA name (or alias), or nil when the tz database does not know it.
    public static func system(_ identifier: String) -> ZoneRules? {
        systemCache.rules(for: identifier) {
            guard let zone = TimeZone(identifier: identifier) else { return nil }
            return ZoneRules(system: zone, identifier: identifier)
        }
    }

    /// Seconds east of UTC at that instant (seconds since 1970 UTC).
    public func offset(atUTC instant: Int64) -> Int {
        if let systemZone, !tableRange.contains(instant) {
            return systemZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
        }
        var low = 0
        var high = transitionInstants.count
        while low < high {
            let middle = (low + high) / 2
            if transitionInstants[middle] <= instant { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? initialOffset : offsetsAfter[low - 1]
    }

    /// The instant a wall-clock reading names. In a gap (spring forward) the reading is taken with the
    /// offset before the gap, so 02:30 becomes 03:30; in an overlap (fall back) the first of the two
    /// instants is chosen — both as RFC 5545 §3.3.5 says.
    public func instant(forLocal local: CivilDateTime) -> Int64 {
        let wall = local.secondsSinceEpoch
        let before = offset(atUTC: wall - 86_400)
        let after = offset(atUTC: wall + 86_400)
        if before == after { return wall - Int64(before) }
        let earlier = wall - Int64(max(before, after))
        let later = wall - Int64(min(before, after))
        let earlierFits = offset(atUTC: earlier) == max(before, after)
        let laterFits = offset(atUTC: later) == min(before, after)
        if earlierFits { return earlier }
        if laterFits { return later }
        return wall - Int64(before)
    }

    /// The wall-clock reading at that instant.
    public func local(atUTC instant: Int64) -> CivilDateTime {
        CivilDateTime(secondsSinceEpoch: instant + Int64(offset(atUTC: instant)))
    }
}
