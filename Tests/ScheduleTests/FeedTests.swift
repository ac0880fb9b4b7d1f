import Foundation
import HomeroomCore
import HomeroomTesting
import Testing

/// The calendar feed over real HTTP on loopback: conditional GET, the last good copy serving while
/// the feed is down, and admins told once.
@Suite struct FeedTests {
    static let lincoln = try! String(contentsOfFile: SchoolCalendars.lincoln, encoding: .utf8)

    func withFeedBot(
        at instant: String, backend: DatabaseBackend = .sqlite,
        _ body: (TestBot, LoopbackHTTPServer) async throws -> Void
    ) async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve("/bells.ics", .text(Self.lincoln, etag: "\"v1\""))
        do {
            try await withScheduleBot(
                at: instant,
                settings: [
                    "calendarURL": .string(server.url("/bells.ics").absoluteString),
                    "feedAlerts": .array([.string("console:#staff")]),
                ], backend: backend
            ) { bot in try await body(bot, server) }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func theFirstQuestionFetchesTheFeedAndLaterRefreshesAskConditionally() async throws {
        try await withFeedBot(at: "2025-10-20T08:25:00-07:00") { bot, server in
            try await bot.expect("/now", contains: "Period 1, 25 min left")
            #expect(server.requests.count == 1)
            #expect(server.requests[0].headers["if-none-match"] == nil)
            #expect(await bot.runtime.scheduler.runNow(pluginID: "schedule", name: "refresh feed"))
            #expect(server.requests.count == 2)
            #expect(server.requests[1].headers["if-none-match"] == "\"v1\"")
            try await bot.loginAsAdmin()
            try await bot.expect(
                "/schedule status", from: "console:admin", contains: "Last good copy", "refreshed every 15 min")
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aFeedThatGoesDownKeepsServingTheLastCopyAndAdminsAreToldOnce(backend: DatabaseBackend) async throws {
        try await withFeedBot(at: "2025-10-20T08:25:00-07:00", backend: backend) { bot, server in
            try await bot.expect("/now", contains: "Period 1")
            server.serve("/bells.ics", .init(status: 503, body: Array("maintenance".utf8)))
            bot.clock.advance(by: 15 * 60)
            #expect(await bot.runtime.scheduler.runNow(pluginID: "schedule", name: "refresh feed"))
            bot.clock.advance(by: 15 * 60)
            #expect(await bot.runtime.scheduler.runNow(pluginID: "schedule", name: "refresh feed"))
            // 08:55: still answered from the stored copy.
            try await bot.expect("/now", contains: "Passing period: Period 2 starts in 1 min")
            let alerts = try await bot.runtime.outbox.due(for: "console")
            #expect(alerts.count == 1)
            #expect(alerts.first?.target == .channel("#staff"))
            #expect(
                alerts.first?.lines.first
                    == "The bell schedule feed is failing: the server answered 503 Service Unavailable.")
            try await bot.loginAsAdmin()
            try await bot.expect(
                "/schedule status", from: "console:admin", contains: "Failing since 15 min ago: the server answered 503"
            )
            try await bot.expect(
                "/schedule refresh", from: "console:admin", contains: "last good copy keeps serving", error: true)

            // A restart loads the stored copy without asking the feed first.
            let restarted = try await bot.restarted()
            try await restarted.expect("/now", contains: "Passing period: Period 2")

            server.serve("/bells.ics", .text(Self.lincoln, etag: "\"v2\""))
            #expect(await restarted.runtime.scheduler.runNow(pluginID: "schedule", name: "refresh feed"))
            let messages = try await restarted.runtime.outbox.due(for: "console")
            #expect(
                messages.map { $0.lines.first ?? "" }.contains { $0.hasPrefix("The bell schedule feed works again") })
            #expect(messages.count == 2)
            await restarted.stop()
        }
    }

    @Test func aBodyThatIsNotACalendarIsRefusedAndTheCopyStays() async throws {
        try await withFeedBot(at: "2025-10-20T08:25:00-07:00") { bot, server in
            try await bot.expect("/now", contains: "Period 1")
            server.serve("/bells.ics", .text("<html><body>Sign in to continue</body></html>", contentType: "text/html"))
            try await bot.loginAsAdmin()
            try await bot.expect(
                "/schedule refresh", from: "console:admin", contains: "not a calendar we can read", error: true)
            try await bot.expect("/now", contains: "Period 1, 25 min left")
        }
    }

    @Test func aFeedThatNeverLoadedSaysSo() async throws {
        let server = try await LoopbackHTTPServer.start()
        let url = server.url("/missing.ics").absoluteString
        try await withScheduleBot(at: "2025-10-20T08:25:00-07:00", settings: ["calendarURL": .string(url)]) { bot in
            try await bot.expect(
                "/now", contains: "has not loaded yet (the server answered 404 Not Found)", error: true)
        }
        await server.stop()
    }

    @Test func aFeedLargerThanTheLimitIsRefused() async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve("/big.ics", .text(String(repeating: "X", count: 5000)))
        try await withScheduleBot(
            at: "2025-10-20T08:25:00-07:00",
            settings: [
                "calendarURL": .string(server.url("/big.ics").absoluteString), "maximumFeedBytes": .number(1000),
            ]
        ) { bot in
            try await bot.expect("/now", contains: "more than the limit of 1000", error: true)
        }
        await server.stop()
    }
}
