/// A DURATION value: nominal days (which follow the wall clock across a DST change) plus exact seconds.
public struct CalendarDuration: Hashable, Sendable {
    public var days: Int
    public var seconds: Int64

    public init(days: Int = 0, seconds: Int64 = 0) {
        self.days = days
        self.seconds = seconds
    }

    /// Reads `[+-]P[nW][nD][T[nH][nM][nS]]`; nil for anything else, and for a duration longer than
    /// ``CalendarLimits/maximumDurationDays`` (its days, or its seconds, whatever the digits say).
    public static func parse(_ text: Substring) -> CalendarDuration? {
        var bytes = Substring(text).utf8.drop { $0 == 0x20 }[...]
        while let last = bytes.last, last == 0x20 { bytes.removeLast() }
        var sign = 1
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            sign = first == UInt8(ascii: "-") ? -1 : 1
            bytes.removeFirst()
        }
        guard let p = bytes.first, p == UInt8(ascii: "P") || p == UInt8(ascii: "p") else { return nil }
        bytes.removeFirst()
        let dayLimit = Int64(CalendarLimits.maximumDurationDays)
        let secondLimit = dayLimit * 86_400
        var days: Int64 = 0
        var seconds: Int64 = 0
        var inTime = false
        var number: Int64? = nil
        var sawPart = false
        for byte in bytes {
            switch byte {
            case 0x30...0x39:
                // Each part, and each sum, stays within the limit, so nothing here can overflow.
                let value = (number ?? 0) * 10 + Int64(byte - 0x30)
                guard value <= secondLimit else { return nil }
                number = value
            case UInt8(ascii: "T"), UInt8(ascii: "t"):
                guard number == nil, !inTime else { return nil }
                inTime = true
            default:
                guard let value = number else { return nil }
                switch (byte | 0x20, inTime) {
                case (UInt8(ascii: "w"), false): days += value * 7
                case (UInt8(ascii: "d"), false): days += value
                case (UInt8(ascii: "h"), true): seconds += value * 3600
                case (UInt8(ascii: "m"), true): seconds += value * 60
                case (UInt8(ascii: "s"), true): seconds += value
                default: return nil
                }
                guard days <= dayLimit, seconds <= secondLimit else { return nil }
                number = nil
                sawPart = true
            }
        }
        guard sawPart, number == nil else { return nil }
        return CalendarDuration(days: Int(days) * sign, seconds: seconds * Int64(sign))
    }
}

/// A UTC offset such as `-0800` or `+053000`, in seconds east of UTC.
enum UTCOffset {
    static func parse(_ text: String) -> Int? {
        let bytes = Array(text.utf8.filter { $0 != 0x20 })
        guard bytes.count == 5 || bytes.count == 7, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-")
        else {
            return nil
        }
        var digits: [Int] = []
        for byte in bytes.dropFirst() {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            digits.append(Int(byte - 0x30))
        }
        let hours = digits[0] * 10 + digits[1]
        let minutes = digits[2] * 10 + digits[3]
        let seconds = digits.count == 6 ? digits[4] * 10 + digits[5] : 0
        guard hours < 24, minutes < 60, seconds < 60 else { return nil }
        let total = hours * 3600 + minutes * 60 + seconds
        return bytes[0] == UInt8(ascii: "-") ? -total : total
    }
}
