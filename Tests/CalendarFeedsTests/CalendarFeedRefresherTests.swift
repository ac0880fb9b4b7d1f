import CalendarFeeds
import Foundation
import HomeroomCore
import HomeroomFetch
import HomeroomTesting
import Testing

/// The shared calendar feed refresher over real HTTP on loopback: a good copy kept with a bad event
/// skipped, and the last good copy kept through every kind of failure.
@Suite struct CalendarFeedRefresherTests {
    static let path = "/calendar/secret-70ken/basic.ics"
    let clock = TestClock("2026-11-23T08:00:00Z")

    /// Two events, and one whose start is not a date.
    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Lincoln High//Bells//EN\r
        BEGIN:VEVENT\r
        UID:first@lincoln\r
        DTSTAMP:20261101T000000Z\r
        DTSTART:20261123T130000Z\r
        DTEND:20261123T135000Z\r
        SUMMARY:Period 1\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:broken@lincoln\r
        DTSTAMP:20261101T000000Z\r
        DTSTART:99999T000000Z\r
        SUMMARY:Broken\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:second@lincoln\r
        DTSTAMP:20261101T000000Z\r
        DTSTART:20261123T140000Z\r
        DTEND:20261123T145000Z\r
        SUMMARY:Period 2\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    func refresher(_ server: LoopbackHTTPServer) throws -> CalendarFeedRefresher {
        CalendarFeedRefresher(
            url: server.url(Self.path),
            limits: try FetchLimits(maximumBytes: 2_000, timeoutSeconds: 60, bytesSetting: "maximumFeedBytes"))
    }

    func loopbackFetcher() throws -> HTTPFetcher {
        HTTPFetcher(policy: try FetchPolicy(allowedHosts: [LoopbackHTTPServer.host]))
    }

    @Test func aGoodCopyIsKeptWithItsBadEventSkippedAndNamed() async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve(Self.path, .text(Self.calendar, etag: "\"v1\""))
        let store = KeptFeeds()
        let log = LogRecorder()
        let refresher = try refresher(server)
        let outcome = try await refresher.refresh(
            into: store, fetcher: try loopbackFetcher(), now: clock.now, logger: log.logger(),
            metadata: ["feed": "1"])
        await server.stop()

        #expect(outcome == .updated(events: 2))
        let copy = try #require(store.copy(of: refresher.url))
        #expect(copy.body == Self.calendar)
        #expect(copy.validators.etag == "\"v1\"")
        let skipped = log.lines.filter { $0.contains("calendar feed: some events are skipped") }
        #expect(skipped.count == 1)
        #expect(skipped.first?.contains("broken@lincoln") == true)
        #expect(skipped.first?.contains("skipped=1") == true)
        #expect(skipped.first?.contains("feed=1") == true)
        let leaks = log.lines.filter { $0.contains("70ken") }
        #expect(leaks.isEmpty, "\(leaks)")
    }

    @Test func everyFailureKeepsTheLastGoodCopy() async throws {
        let server = try await LoopbackHTTPServer.start()
        let tooLarge = Self.calendar + String(repeating: "X-FILLER:padding\r\n", count: 200)
        server.serve(
            Self.path,
            sequence: [
                .text(Self.calendar, etag: "\"v1\""), .init(status: 503), .text("not a calendar", etag: "\"v2\""),
                .text(tooLarge, etag: "\"v3\""), .text(Self.calendar, etag: "\"v1\""),
            ])
        let store = KeptFeeds()
        let log = LogRecorder()
        let refresher = try refresher(server)
        let fetcher = try loopbackFetcher()
        var outcomes: [CalendarFeedRefresher.Outcome] = []
        for _ in 0..<5 {
            outcomes.append(
                try await refresher.refresh(into: store, fetcher: fetcher, now: clock.now, logger: log.logger()))
            clock.advance(by: 900)
        }
        let requests = server.requests.filter { $0.path == Self.path }
        await server.stop()

        try #require(outcomes.count == 5)
        #expect(outcomes[0] == .updated(events: 2))
        #expect(outcomes[1] == .failed("the server answered 503 Service Unavailable"))
        guard case .failed(let unreadable) = outcomes[2], case .failed(let large) = outcomes[3] else {
            Issue.record("a bad body or a body over the limit was kept: \(outcomes)")
            return
        }
        #expect(unreadable.hasPrefix("the feed is not a calendar we can read"))
        #expect(large.contains("the limit of 2000"))
        // The held copy's ETag is sent each time: the last request is answered 304.
        #expect(outcomes[4] == .unchanged)
        try #require(requests.count == 5)
        #expect(requests.dropFirst().allSatisfy { $0.headers["if-none-match"] == "\"v1\"" })
        #expect(store.copy(of: refresher.url)?.body == Self.calendar)
        #expect(store.copy(of: refresher.url)?.validators.etag == "\"v1\"")
        #expect(
            store.records == [
                .kept(events: 2), .failed(outcomes[1].problem), .failed(unreadable), .failed(large), .confirmed,
            ])
        let failures = log.lines.filter { $0.contains("calendar feed failed; its last good copy keeps serving") }
        #expect(failures.count == 3)
    }
}

extension CalendarFeedRefresher.Outcome {
    /// The reason of a failure; empty for any other outcome.
    var problem: String {
        guard case .failed(let problem) = self else { return "" }
        return problem
    }
}
