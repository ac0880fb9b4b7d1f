import CivilDates

/// Which clock a DATE-TIME is read on.
public enum TimeReference: Hashable, Sendable {
    /// Ends in `Z`.
    case utc
    /// No zone: the same wall-clock time wherever the reader is.
    case floating
    /// `TZID=…`: a zone defined in the file or known by name.
    case zone(String)
}

/// A DATE or DATE-TIME value as written, before any zone is applied.
public enum CalendarTime: Hashable, Sendable, Comparable {
    case date(LocalDate)
    case dateTime(CivilDateTime, TimeReference)

    /// Whether this is a DATE (an all-day value).
    public var isDate: Bool {
        if case .date = self { return true }
        return false
    }

    /// The wall-clock reading; midnight for a DATE.
    public var civil: CivilDateTime {
        switch self {
        case .date(let date): return CivilDateTime(date: date)
        case .dateTime(let dateTime, _): return dateTime
        }
    }

    /// The zone reference, nil for a DATE.
    public var reference: TimeReference? {
        if case .dateTime(_, let reference) = self { return reference }
        return nil
    }

    /// The same kind of value at another wall-clock reading.
    func with(civil: CivilDateTime) -> CalendarTime {
        switch self {
        case .date: return .date(civil.date)
        case .dateTime(_, let reference): return .dateTime(civil, reference)
        }
    }

    public static func < (lhs: CalendarTime, rhs: CalendarTime) -> Bool { lhs.civil < rhs.civil }

    /// Reads `YYYYMMDD` or `YYYYMMDDTHHMMSS[Z]`; `tzid` applies to a DATE-TIME without `Z`.
    public static func parse(_ text: Substring, tzid: String? = nil) -> CalendarTime? {
        var text = text
        return text.withUTF8 { parse(bytes: $0, tzid: tzid) }
    }

    /// How ``appendList(_:tzid:to:limit:)`` ended.
    enum ListReading: Equatable {
        /// Every item was appended.
        case read
        /// The value has a backslash: only ``TextEscaping/splitList(_:)`` reads it, and nothing was appended.
        case escaped
        /// `dates` already held `limit` dates when another item came.
        case full
        /// This item (counting from 0, in the order of `splitList`) is not a date or date-time.
        case bad(item: Int)
    }

    /// Appends the items of a list value (`EXDATE`: split on commas, empty items dropped) to `dates`,
    /// read straight from its bytes, until one is bad or `dates` holds `limit`.
    static func appendList(_ text: Substring, tzid: String?, to dates: inout [CalendarTime], limit: Int)
        -> ListReading
    {
        var text = text
        return text.withUTF8 { bytes in
            guard !bytes.contains(UInt8(ascii: "\\")) else { return .escaped }
            var start = 0
            var item = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: ",") {
                defer { start = end + 1 }
                guard start < end else { continue }
                guard dates.count < limit else { return .full }
                guard let date = parse(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]), tzid: tzid) else {
                    return .bad(item: item)
                }
                dates.append(date)
                item += 1
            }
            return .read
        }
    }

    private static func parse(bytes all: UnsafeBufferPointer<UInt8>, tzid: String?) -> CalendarTime? {
        var lower = 0
        var upper = all.count
        while lower < upper, all[lower] == 0x20 { lower += 1 }
        while upper > lower, all[upper - 1] == 0x20 { upper -= 1 }
        let bytes = UnsafeBufferPointer(rebasing: all[lower..<upper])
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
            }
            return value
        }
        guard bytes.count >= 8, let year = number(0..<4), let month = number(4..<6), let day = number(6..<8) else {
            return nil
        }
        guard let date = LocalDate(year: year, month: month, day: day) else { return nil }
        if bytes.count == 8 { return .date(date) }
        guard bytes[8] == UInt8(ascii: "T") || bytes[8] == UInt8(ascii: "t"), let hour = number(9..<11),
            let minute = number(11..<13)
        else { return nil }
        var index = 13
        var second = 0
        if let seconds = number(13..<15) {
            second = seconds
            index = 15
        }
        guard hour < 24, minute < 60, second <= 60 else { return nil }
        let civil = CivilDateTime(date: date, hour: hour, minute: minute, second: min(second, 59))
        if index == bytes.count {
            if let tzid, !tzid.isEmpty { return .dateTime(civil, .zone(tzid)) }
            return .dateTime(civil, .floating)
        }
        guard index + 1 == bytes.count, bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") else {
            return nil
        }
        return .dateTime(civil, .utc)
    }
}
