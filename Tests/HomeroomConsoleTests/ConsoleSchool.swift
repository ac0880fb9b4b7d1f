import Directions
import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import Lunch
import Schedule

/// The school whose office the browser tests work for, on Monday, November 23, 2026 at noon in
/// New York: lunch; a bell schedule of day types with a regular day by default (period 5 runs
/// 11:40–12:30) and a minimum day to assign; the example campus imported. The admin is logged
/// in through chat.
enum ConsoleSchool {
    /// The plugins whose pages the office opens.
    static let plugins: [any ConfigurablePlugin.Type] = [LunchPlugin.self, SchedulePlugin.self, DirectionsPlugin.self]

    /// The day every school day runs unless another is assigned.
    static let regularDay = """
        /schedule daytype set regular "8:00-8:50 Period 1" "8:55-9:45 Period 2" "9:50-10:40 Period 3" \
        "10:45-11:35 Period 4" "11:40-12:30 Period 5" "12:35-13:25 Period 6" "13:30-14:20 Period 7"
        """
    /// The day type the office gives a Friday.
    static let minimumDay =
        #"/schedule daytype set "minimum day" "8:00-8:35 Period 1" "8:40-9:15 Period 2" "9:20-9:55 Period 3""#

    /// The configuration: school days run the regular day unless another is assigned.
    static func configure(_ configuration: inout HomeroomConfiguration) {
        configuration.plugins["schedule"] = .object(["defaultDayType": .string("regular")])
    }

    /// Runs `body` with a console harness for this school.
    static func with(_ body: (ConsoleHarness) async throws -> Void) async throws {
        try await ConsoleHarness.with(plugins: plugins, configure: configure) { console in
            let bot = console.bot
            try await bot.loginAsAdmin()
            try await bot.expect(regularDay, from: ConsoleHarness.admin)
            try await bot.expect(minimumDay, from: ConsoleHarness.admin)
            let campus = Corpus.packageRoot.appendingPathComponent("Examples/campus.json")
            _ = try await CampusImporter.importCampus(
                Array(try Data(contentsOf: campus)), into: bot.runtime.storage(for: DirectionsPlugin.id),
                audit: AuditEntry(
                    at: bot.clock.now, actor: AuditEntry.commandLine, action: "directions.import", detail: "test"))
            try await body(console)
        }
    }
}
