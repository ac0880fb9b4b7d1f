import Directions
import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting

/// The example campus shipped in `Examples/`.
let exampleCampus = Corpus.packageRoot.appendingPathComponent("Examples/campus.json")

/// Imports `bytes` as the bot's campus map, as `homeroom import campus` does.
@discardableResult
func importCampus(_ bytes: [UInt8], into bot: TestBot) async throws -> CampusImporter.Summary {
    try await CampusImporter.importCampus(
        bytes, into: bot.runtime.storage(for: DirectionsPlugin.id),
        audit: AuditEntry(at: bot.clock.now, actor: AuditEntry.commandLine, action: "directions.import", detail: "test")
    )
}

/// Runs `body` with a bot carrying the directions plugin and, unless `imported` is false, the
/// example campus imported. `language` is the school's; `roles` are configured roles and their capabilities.
func withDirectionsBot(
    backend: DatabaseBackend = .sqlite, imported: Bool = true, settings: [String: JSONValue] = [:],
    language: String = "en", roles: [String: [String]] = [:], _ body: (TestBot) async throws -> Void
) async throws {
    try await TestBot.with(
        plugins: [DirectionsPlugin.self], at: "2026-11-24T08:05:00-05:00", backend: backend,
        configure: {
            $0.timeZone = "America/New_York"
            $0.language = language
            $0.plugins["directions"] = .object(settings)
            $0.roles = roles
        }
    ) { bot in
        if imported { try await importCampus(Array(try Data(contentsOf: exampleCampus)), into: bot) }
        try await body(bot)
    }
}
