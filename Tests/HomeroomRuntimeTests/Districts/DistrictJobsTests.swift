import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import Lunch
import Schedule
import Testing

/// Jobs in a district: each school's subscriptions at its own local time with its own data, and
/// each school's bell calendar polled by a job of its own.
@Suite struct DistrictJobsTests {
    @Test func eachSchoolsMenuIsPostedAtTenThirtyInItsOwnZone() async throws {
        try await withDistrictBot { bot in
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Lincoln tacos" at lincoln"#, from: "console:district",
                verified: true)
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Elementary pizza" at adams"#, from: "console:district",
                verified: true)
            try await bot.expect(
                "/admin school washington", from: "console:district", in: "#washington", verified: true)
            try await bot.expect("/subscribe lunch", from: "console:district", in: "#lincoln", verified: true)
            try await bot.expect("/subscribe lunch", from: "console:district", in: "#washington", verified: true)

            let eastern = try await bot.sendSubscriptions(at: "2026-11-23T10:30:00-05:00")
            #expect(eastern.map(\.target) == [.channel("#lincoln")])
            #expect(eastern.first?.lines.joined().contains("Lincoln tacos") == true)
            // 10:30 in Washington is 13:30 in New York.
            let pacific = try await bot.sendSubscriptions(at: "2026-11-23T10:30:00-08:00")
                .filter { $0.target == .channel("#washington") }
            #expect(pacific.count == 1)
            #expect(pacific.first?.lines.joined().contains("Elementary pizza") == true)
        }
    }

    @Test func aPersonsSubscriptionFollowsTheirSchool() async throws {
        try await withDistrictBot { bot in
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Elementary pizza" at adams"#, from: "console:district",
                verified: true)
            try await bot.expect("/me school adams", from: "console:parent")
            try await bot.expect("/subscribe lunch", from: "console:parent")
            let sent = try await bot.sendSubscriptions(at: "2026-11-23T10:30:00-05:00")
            #expect(sent.count == 1)
            #expect(sent.first?.lines.joined().contains("Elementary pizza") == true)
        }
    }
}

/// A generated district of 100 schools, each with its own bell calendar feed, in five zones.
@Suite struct LargeDistrictTests {
    static let zones = ["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "Asia/Kolkata"]

    static func bells(zone: String) -> String {
        [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Homeroom tests//EN", "BEGIN:VEVENT", "UID:p1@test",
            "DTSTAMP:20261101T000000Z", "DTSTART;TZID=\(zone):20261123T080000", "DTEND;TZID=\(zone):20261123T085000",
            "SUMMARY:Period 1", "END:VEVENT", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
    }

    @Test func aHundredSchoolsFeedsArePolledEachByItsOwnJobOnTime() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.stop() } }
        let ids = (1...100).map { "school-\($0 < 10 ? "00" : $0 < 100 ? "0" : "")\($0)" }
        for (index, id) in ids.enumerated() {
            server.serve("/\(id).ics", .text(Self.bells(zone: Self.zones[index % 5]), contentType: "text/calendar"))
        }
        try await TestBot.with(
            plugins: [SchedulePlugin.self, LunchPlugin.self], at: "2026-11-23T08:07:00-05:00",
            configure: { configuration in
                configuration.schools = ids.enumerated().map { index, id in
                    school(
                        id, "School \(index + 1)", timeZone: Self.zones[index % 5],
                        plugins: [
                            "schedule": .object(["calendarURL": .string(server.url("/\(id).ics").absoluteString)])
                        ])
                }
            }
        ) { bot in
            let scheduler = Task { await bot.runtime.scheduler.run() }
            defer { scheduler.cancel() }
            // Every school's refresh waits on the clock, beside the district's own jobs.
            let refreshes = bot.runtime.scheduler.entries.filter { $0.job.name == "refresh feed" }
            #expect(refreshes.count == 100)
            #expect(Set(refreshes.compactMap(\.school?.id)) == Set(ids))
            try await eventually("every job waits on the clock") {
                bot.clock.sleeperCount >= bot.runtime.scheduler.entries.count
            }
            bot.clock.set(to: TestClock.instant("2026-11-23T08:14:59-05:00"))
            #expect(server.requests.isEmpty)
            // Quarter hours fall together in these zones: at 08:15 in New York each feed is due.
            bot.clock.set(to: TestClock.instant("2026-11-23T08:15:00-05:00"))
            try await eventually("each school's feed fetched once", within: .seconds(120)) {
                Set(server.requests.map(\.path)).count == 100
            }
            #expect(server.requests.count == 100)
            // Each school reads its own copy, in its own zone: Kolkata's 08:00 period is long over.
            try await bot.expect("/now at school-001", contains: "Period 1")
            let kolkata = try await bot.expect("/now at school-005")
            #expect(!kolkata.text.contains("Period 1"))
        }
    }
}
