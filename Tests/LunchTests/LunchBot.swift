import HomeroomCore
import HomeroomTesting
import Lunch

/// Runs `body` with a bot carrying the lunch plugin on `backend`, standing at `instant`, and stops it afterwards.
/// `language` is the school's.
func withLunchBot(
    at instant: String = "2026-11-23T12:00:00-05:00", backend: DatabaseBackend = .sqlite, language: String = "en",
    _ body: (TestBot) async throws -> Void
) async throws {
    try await TestBot.with(
        plugins: [LunchPlugin.self], at: instant, backend: backend, configure: { $0.language = language }, body)
}

/// The admin every lunch test logs in as.
let admin = "console:admin"
