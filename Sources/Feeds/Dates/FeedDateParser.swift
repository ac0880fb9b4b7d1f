import CivilDates
import Foundation

/// Reads the dates feeds write: RFC 822 and its many variants (`Sun, 06 Nov 1994 08:49:37 GMT`,
/// two-digit years, no day name, no seconds, `EST` or `+0500` or `GMT-05:00` or a military
/// letter), W3CDTF and ISO 8601 (`2003-12-13T18:30:02.25+01:00`, `2003-12-13`, `2003`,
/// `20031213T183002Z`, a space for the `T`), and C's `asctime` (`Sun Nov  6 08:49:37 1994`).
/// A date without a zone is UTC. Nil when the text is none of these, or when its year is outside
/// 1–9999 or its offset is not a clock reading (`+2400`, `+0099`).
public enum FeedDateParser {
    /// The instant `text` names, or nil.
    public static func date(from text: String) -> Date? {
        let trimmed = text.trimmingWhitespaceAndNewlines
        guard !trimmed.isEmpty else { return nil }
        if let first = trimmed.unicodeScalars.first, CharacterSet.decimalDigits.contains(first),
            let date = iso8601(trimmed)
        {
            return date
        }
        return rfc822(trimmed) ?? asctime(trimmed)
    }

    private static let months: [String: Int] = [
        "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10,
        "nov": 11, "dec": 12,
    ]

    private static let dayNames: Set<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// Zone names in hours from UTC, as feedparser knows them.
    private static let zoneHours: [String: Int] = [
        "ut": 0, "gmt": 0, "z": 0, "utc": 0, "adt": -3, "ast": -4, "at": -4, "edt": -4, "est": -5, "et": -5,
        "cdt": -5, "cst": -6, "ct": -6, "mdt": -6, "mst": -7, "mt": -7, "pdt": -7, "pst": -8, "pt": -8, "a": -1,
        "n": 1, "m": -12, "y": 12, "met": 1, "mest": 2,
    ]

    private static func rfc822(_ text: String) -> Date? {
        var parts = text.lowercased().split { $0 == " " || $0 == "," }.map(String.init)
        if let first = parts.first, dayNames.contains(String(first.prefix(3))) { parts.removeFirst() }
        guard parts.count >= 3 else { return nil }
        if parts.count < 5 { parts += ["00:00:00", "+0000"].suffix(5 - parts.count) }
        var month = months[String(parts[1].prefix(3))]
        var dayText = parts[0]
        if month == nil {
            month = months[String(parts[0].prefix(3))]
            dayText = parts[1]
        }
        guard let month, let day = Int(dayText) else { return nil }
        return instant(year: parts[2], month: month, day: day, clock: parts[3], zone: parts[4])
    }

    /// The instant of a day (a two-digit year read as 1990–2089), a clock reading `hh[:mm[:ss]]`
    /// and a zone as ``zoneOffset(_:)`` reads it.
    private static func instant(year yearText: String, month: Int, day: Int, clock: String, zone: String) -> Date? {
        guard var year = Int(yearText) else { return nil }
        if yearText.count <= 2 { year += year < 90 ? 2000 : 1900 }
        let fields = clock.split(separator: ":").map { Int($0) }
        guard fields.count <= 3, fields.allSatisfy({ $0 != nil }) else { return nil }
        let numbers = fields.map { $0! } + Array(repeating: 0, count: 3 - fields.count)
        guard let offset = zoneOffset(zone) else { return nil }
        return instant(
            year: year, month: month, day: day, hour: numbers[0], minute: numbers[1], second: numbers[2],
            offsetSeconds: offset)
    }

    /// Seconds east of UTC for `+0500`, `-05:00`, `gmt-05:00`, `etc/gmt`, `est`; an unknown name is UTC.
    private static func zoneOffset(_ raw: String) -> Int? {
        var zone = raw
        if zone.hasPrefix("etc/") { zone.removeFirst(4) }
        if zone.hasPrefix("gmt") {
            let rest = String(zone.dropFirst(3).filter { $0 != ":" })
            zone = rest.isEmpty ? "gmt" : rest
        }
        guard let sign = zone.first, sign == "+" || sign == "-" else { return (zoneHours[zone] ?? 0) * 3600 }
        let digits = zone.dropFirst().filter { $0 != ":" }
        guard digits.allSatisfy(\.isNumber), !digits.isEmpty, digits.count <= 4 else { return nil }
        let hours = Int(digits.prefix(2)) ?? 0
        let minutes = digits.count > 2 ? Int(digits.dropFirst(2)) ?? 0 : 0
        return offsetSeconds(negative: sign == "-", hours: hours, minutes: minutes)
    }

    /// Seconds east of UTC for an offset of at most 23:59 (four digits, so no product can overflow);
    /// nil for a larger one.
    private static func offsetSeconds(negative: Bool, hours: Int, minutes: Int) -> Int? {
        guard (0...23).contains(hours), (0...59).contains(minutes) else { return nil }
        return (negative ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// `Sun Nov  6 08:49:37 1994`, optionally with a zone before the year.
    private static func asctime(_ text: String) -> Date? {
        var parts = text.lowercased().split(separator: " ").map(String.init)
        if let first = parts.first, dayNames.contains(String(first.prefix(3))) { parts.removeFirst() }
        guard parts.count == 4 || parts.count == 5, let month = months[String(parts[0].prefix(3))],
            let day = Int(parts[1])
        else { return nil }
        return instant(
            year: parts[parts.count - 1], month: month, day: day, clock: parts[2],
            zone: parts.count == 5 ? parts[3] : "gmt")
    }

    /// W3CDTF and the ISO 8601 forms feeds use.
    private static func iso8601(_ text: String) -> Date? {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4) else { return nil }
        var month = 1
        var day = 1
        let dashed = scanner.skip("-")
        if let value = scanner.number(digits: 2) {
            month = value
            if dashed ? scanner.skip("-") : true, let value = scanner.number(digits: 2) { day = value }
        }
        var hour = 0
        var minute = 0
        var second = 0
        if scanner.skip("T") || scanner.skip("t") || scanner.skip(" ") {
            guard let h = scanner.number(digits: 2) else { return nil }
            hour = h
            let colons = scanner.skip(":")
            guard let m = scanner.number(digits: 2) else { return nil }
            minute = m
            if colons ? scanner.skip(":") : true, let s = scanner.number(digits: 2) {
                second = s
                if scanner.skip(".") || scanner.skip(",") { scanner.skipDigits() }
            }
        }
        scanner.skipSpaces()
        var offset = 0
        if scanner.skip("Z") || scanner.skip("z") {
            offset = 0
        } else if let sign = scanner.peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            scanner.advance()
            guard let hours = scanner.number(digits: 2) else { return nil }
            _ = scanner.skip(":")
            let minutes = scanner.number(digits: 2) ?? 0
            guard let seconds = offsetSeconds(negative: sign == UInt8(ascii: "-"), hours: hours, minutes: minutes)
            else { return nil }
            offset = seconds
        }
        scanner.skipSpaces()
        guard scanner.atEnd else { return nil }
        return instant(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, offsetSeconds: offset)
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The instant of a UTC-offset wall-clock reading; nil for an impossible one (February 30, 25:00)
    /// and for a year outside 1–9999.
    private static func instant(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offsetSeconds: Int
    ) -> Date? {
        guard (1...12).contains(month), day >= 1, day <= 31, (0...23).contains(hour), (0...59).contains(minute),
            (0...60).contains(second), (1...9999).contains(year)
        else { return nil }
        let date: Date
        if year > gregorianReformYear {
            guard let civilDay = LocalDate(year: year, month: month, day: day) else { return nil }
            let seconds = civilDay.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60
            date = Date(timeIntervalSince1970: TimeInterval(seconds + min(second, 59)))
        } else {
            // Before the reform Foundation's Gregorian calendar counts Julian days.
            let components = DateComponents(
                year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59))
            guard let found = utc.date(from: components), utc.component(.day, from: found) == day else { return nil }
            date = found
        }
        return date.addingTimeInterval(TimeInterval(-offsetSeconds))
    }

    /// The last year Foundation's Gregorian calendar reads with Julian days in part (1582).
    private static let gregorianReformYear = 1582
}

/// A cursor over ASCII digits and separators.
private struct DigitScanner {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position == bytes.count }
    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }
    mutating func advance() { position += 1 }

    mutating func number(digits: Int) -> Int? {
        guard position + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[position..<position + digits] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        position += digits
        return value
    }

    mutating func skip(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, peek == ascii else { return false }
        position += 1
        return true
    }

    mutating func skipDigits() {
        while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
    }

    mutating func skipSpaces() {
        while peek == UInt8(ascii: " ") { position += 1 }
    }
}
