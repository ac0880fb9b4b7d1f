import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTesting
import Schedule

/// The corpus's school calendars.
enum SchoolCalendars {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/school")

    /// Lincoln High, Los Angeles: periods 1–6, two nutrition waves, a minimum day on 2025-11-05,
    /// Veterans Day off on 2025-11-11, DST ending on 2025-11-02.
    static let lincoln = folder.appendingPathComponent("lincoln_high_la_fall2025.ics").path
}

/// Runs `body` with a bot carrying the schedule plugin, in Los Angeles, standing at `instant`.
/// `language` is the school's.
func withScheduleBot(
    at instant: String, settings: [String: JSONValue] = ["calendarFile": .string(SchoolCalendars.lincoln)],
    backend: DatabaseBackend = .sqlite, language: String = "en", _ body: (TestBot) async throws -> Void
) async throws {
    try await TestBot.with(
        plugins: [SchedulePlugin.self], at: instant, backend: backend,
        configure: {
            $0.timeZone = "America/Los_Angeles"
            $0.language = language
            $0.plugins["schedule"] = .object(settings)
        }, body)
}

/// The course catalog the class tests import.
let catalogCSV = """
    grade,block,course,teacher,room
    10,1,English 10,Mr. Ortiz,A-104
    10,2,Geometry,Ms. Chen,C-12
    10,3,AP Chemistry,Ms. Lee,B-201
    10,3,Biology,Mr. Park,B-105
    11,3,Physics,Dr. Ruiz,B-210
    """
