import Feeds
import Foundation
import Testing

@Suite struct FeedDateParserTests {
    @Test(arguments: [
        ("Sun, 06 Nov 1994 08:49:37 GMT", "1994-11-06T08:49:37Z"),
        ("Sun, 6 Nov 94 08:49:37 GMT", "1994-11-06T08:49:37Z"),
        ("06 Nov 1994 08:49 EST", "1994-11-06T13:49:00Z"),
        ("Tue, 03 Nov 2025 08:30:00 -0800", "2025-11-03T16:30:00Z"),
        ("Tue, 03 Nov 2025 08:30:00 GMT-08:00", "2025-11-03T16:30:00Z"),
        ("Nov 6 1994 08:49:37 +0000", "1994-11-06T08:49:37Z"),
        ("Sunday, 06 November 2005", "2005-11-06T00:00:00Z"),
        ("2003-12-13T18:30:02Z", "2003-12-13T18:30:02Z"),
        ("2003-12-13T18:30:02.25+01:00", "2003-12-13T17:30:02Z"),
        ("2003-12-13 18:30:02-0500", "2003-12-13T23:30:02Z"),
        ("2003-12-13", "2003-12-13T00:00:00Z"),
        ("2003-12", "2003-12-01T00:00:00Z"),
        ("2003", "2003-01-01T00:00:00Z"),
        ("20031213T183002Z", "2003-12-13T18:30:02Z"),
        ("Sun Nov  6 08:49:37 1994", "1994-11-06T08:49:37Z"),
    ])
    func readsTheFormsFeedsWrite(text: String, expected: String) throws {
        let date = try #require(FeedDateParser.date(from: text), "\(text)")
        #expect(date == (try Date(expected, strategy: .iso8601)))
    }

    @Test(arguments: ["", "soon", "2003-13-01", "Mon, 31 Feb 2025 10:00:00 GMT", "31 Foo 2025", "2003-12-13T25:00:00Z"])
    func refusesWhatIsNotADate(text: String) {
        #expect(FeedDateParser.date(from: text) == nil)
    }

    /// Numbers no clock or calendar reads: offsets past 23:59, years past 9999, more digits than
    /// an integer holds.
    @Test(arguments: [
        "Mon, 01 Jan 2024 00:00:00 +9999", "Mon, 01 Jan 2024 00:00:00 -2400", "Mon, 01 Jan 2024 00:00:00 GMT+05:99",
        "2024-01-01T00:00:00+99:99", "2024-01-01T00:00:00-24:00", "Mon, 01 Jan 99999999 00:00:00 GMT",
        "Mon, 01 Jan 10000 00:00:00 GMT", "01 Jan 99999999999999999999 00:00:00 GMT",
        "99999999999999999999 Jan 2024 99999999999999999999:00:00 GMT", "Sun Nov  6 08:49:37 99999999",
    ])
    func refusesNumbersOutOfRange(text: String) {
        #expect(FeedDateParser.date(from: text) == nil)
    }

    /// Days are counted by arithmetic from 1583 on; the instants agree with Foundation's Gregorian
    /// calendar, leap days included, and an impossible day is still refused.
    @Test(arguments: [1583, 1600, 1700, 1900, 1970, 1999, 2000, 2024, 2100, 2400, 9999])
    func instantsAgreeWithFoundationsCalendar(year: Int) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for month in 1...12 {
            for day in [1, 15, 28, 29, 30, 31] {
                let text = String(format: "%04d-%02d-%02dT13:45:59Z", year, month, day)
                let components = DateComponents(year: year, month: month, day: day, hour: 13, minute: 45, second: 59)
                let expected = calendar.date(from: components).flatMap {
                    calendar.component(.day, from: $0) == day ? $0 : nil
                }
                #expect(FeedDateParser.date(from: text) == expected, "\(text)")
            }
        }
    }

    @Test func datesBeforeTheGregorianReformAreReadAsFoundationReadsThem() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let expected = calendar.date(from: DateComponents(year: 1582, month: 10, day: 1))
        #expect(expected != nil)
        #expect(FeedDateParser.date(from: "1582-10-01") == expected)
    }
}
