import Events
import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTesting

/// Runs `body` with a bot carrying the events plugin on a Monday morning in New York, with a
/// `staff` role that may add public events granted to `console:teacher` (logged in). `language` is
/// the school's.
func withEventsBot(
    backend: DatabaseBackend = .sqlite, at instant: String = "2026-11-23T08:00:00-05:00",
    settings: [String: JSONValue] = [:], language: String = "en", _ body: (TestBot) async throws -> Void
) async throws {
    try await TestBot.with(
        plugins: [EventsPlugin.self], at: instant, backend: backend,
        configure: {
            $0.timeZone = "America/New_York"
            $0.language = language
            $0.roles = ["staff": ["event.public"]]
            $0.plugins["events"] = .object(settings)
        }
    ) { bot in
        let teacher = UserID("console:teacher")!
        try await bot.runtime.access.grant("staff", to: teacher, by: AuditEntry.commandLine)
        try await bot.runtime.login.setPIN(TestBot.adminPIN, for: teacher, by: AuditEntry.commandLine)
        try await bot.expect("/login \(TestBot.adminPIN)", from: "console:teacher")
        try await body(bot)
    }
}
