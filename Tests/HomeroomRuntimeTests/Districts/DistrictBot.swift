import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTesting
import Lunch
import Schedule

/// A district of four schools for the tests: Lincoln High and Jefferson Middle with bells of their
/// own (Jefferson's schedule plugin configured apart), Adams and Washington Elementary sharing the
/// elementary schools' menu. `console:district` is a district admin, `console:jeff-admin`
/// Jefferson's; both are vouched for when a test says `verified: true`. `#lincoln` is Lincoln's
/// channel and `#jefferson` Jefferson's. The clock stands on a Monday at 08:00 in New York.
func withDistrictBot(
    backend: DatabaseBackend = .sqlite, at instant: String = "2026-11-23T08:00:00-05:00",
    _ body: (TestBot) async throws -> Void
) async throws {
    try await TestBot.with(
        plugins: [SchedulePlugin.self, LunchPlugin.self], at: instant, backend: backend,
        configure: { configuration in
            configuration.timeZone = "America/New_York"
            configuration.district = "Riverside Unified"
            configuration.admins = ["console:district"]
            configuration.plugins["schedule"] = .object(["defaultDayType": .string("regular")])
            configuration.schools = [
                school("lincoln", "Lincoln High School", aliases: ["LHS"]),
                school(
                    "jefferson", "Jefferson Middle School", admins: ["console:jeff-admin"],
                    plugins: ["schedule": .object(["cacheSeconds": .number(30)])]),
                school("adams", "Adams Elementary School"),
                school("washington", "Washington Elementary School", timeZone: "America/Los_Angeles"),
            ]
            var elementary = HomeroomConfiguration.GroupSection()
            elementary.schools = ["adams", "washington"]
            elementary.share = ["lunch"]
            configuration.groups = ["elementary": elementary]
        }
    ) { bot in
        try await bot.expect("/admin school lincoln", from: "console:district", in: "#lincoln", verified: true)
        try await bot.expect("/admin school Jefferson", from: "console:district", in: "#jefferson", verified: true)
        try await body(bot)
    }
}

/// A school's section of the configuration.
func school(
    _ id: String, _ name: String, aliases: [String] = [], admins: [String] = [], timeZone: String? = nil,
    plugins: [String: JSONValue] = [:]
) -> HomeroomConfiguration.SchoolSection {
    var school = HomeroomConfiguration.SchoolSection()
    school.timeZone = timeZone
    school.id = id
    school.name = name
    school.aliases = aliases
    school.admins = admins
    school.plugins = plugins
    return school
}
