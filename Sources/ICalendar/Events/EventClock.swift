/// The clock an event's wall-clock readings are on, and how they map to instants.
enum EventClock: Sendable {
    case utc
    /// Floating times and dates: read in the query's local zone when it names one, else as UTC.
    case floating
    case zone(ZoneRules)

    func instant(_ reading: CivilDateTime, local: ZoneRules?) -> Int64 {
        switch self {
        case .utc: return reading.secondsSinceEpoch
        case .floating: return local?.instant(forLocal: reading) ?? reading.secondsSinceEpoch
        case .zone(let rules): return rules.instant(forLocal: reading)
        }
    }

    func reading(at instant: Int64, local: ZoneRules?) -> CivilDateTime {
        switch self {
        case .utc: return CivilDateTime(secondsSinceEpoch: instant)
        case .floating: return local?.local(atUTC: instant) ?? CivilDateTime(secondsSinceEpoch: instant)
        case .zone(let rules): return rules.local(atUTC: instant)
        }
    }

    /// The UTC offset to print at that instant; nil for floating.
    func offset(at instant: Int64) -> Int? {
        switch self {
        case .utc: return 0
        case .floating: return nil
        case .zone(let rules): return rules.offset(atUTC: instant)
        }
    }
}
