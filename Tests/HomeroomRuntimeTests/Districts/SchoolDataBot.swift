import Events
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomStorage
import HomeroomTesting
import News
import RecipesPlugin
import SQLKit

/// A district for the news, events and recipes tests: Lincoln High and Jefferson Middle keep
/// their own, Adams and Washington Elementary share the elementary group's news, events and
/// recipes. `console:district` is a district admin, vouched for when a test says
/// `verified: true`; `#lincoln`, `#jefferson`, `#adams` and `#washington` are the schools'
/// channels. The clock stands on a Monday at 08:00 in New York.
func withSchoolDataBot(backend: DatabaseBackend = .sqlite, _ body: (TestBot) async throws -> Void) async throws {
    try await TestBot.with(
        plugins: [NewsPlugin.self, EventsPlugin.self, RecipesPlugin.self], at: "2026-11-23T08:00:00-05:00",
        backend: backend,
        configure: { configuration in
            configuration.timeZone = "America/New_York"
            configuration.district = "Riverside Unified"
            configuration.admins = ["console:district"]
            configuration.schools = [
                school("lincoln", "Lincoln High School"), school("jefferson", "Jefferson Middle School"),
                school("adams", "Adams Elementary School"), school("washington", "Washington Elementary School"),
            ]
            var elementary = HomeroomConfiguration.GroupSection()
            elementary.schools = ["adams", "washington"]
            elementary.share = [NewsPlugin.id, EventsPlugin.id, RecipesPlugin.id]
            configuration.groups = ["elementary": elementary]
        }
    ) { bot in
        for school in ["lincoln", "jefferson", "adams", "washington"] {
            try await bot.expect("/admin school \(school)", from: "console:district", in: "#\(school)", verified: true)
        }
        try await body(bot)
    }
}

/// The scope of each row of `plugin`'s table `name`, sorted.
func scopes(of name: String, _ plugin: any Plugin.Type, in bot: TestBot) async throws -> [String] {
    let storage = bot.storage(of: plugin)
    let table = storage.table(name)
    return try await storage.read { db in
        try await db.select().column(PluginStorage.scopeColumn).from(table).orderBy(PluginStorage.scopeColumn).all()
            .map { try $0.decode(column: PluginStorage.scopeColumn, as: String.self) }
    }
}

/// The answers to `questions`, each sent by `console:student` in a direct message.
func answers(_ bot: TestBot, _ questions: [String]) async -> [String] {
    var answers: [String] = []
    for question in questions { answers.append(await bot.send(question)?.text ?? "no answer") }
    return answers
}

/// Runs the migrations of the release before schools on `database`: core's 13 and `plugin`'s
/// first `steps`.
func releasedSchema(_ database: any Database, _ plugin: any ConfigurablePlugin, steps: Int) async throws {
    try await MigrationRunner(database: database, logger: TestBot.testLogger()).run([
        (id: CorePlugin.id, migrations: Array(CorePlugin.schemaMigrations.prefix(13))),
        (id: type(of: plugin).id, migrations: Array(plugin.migrations.prefix(steps))),
    ])
}

/// The Unix time of `instant` (ISO 8601 with offset), as the plugins store times.
func seconds(_ instant: String) -> Int64 { Int64(TestClock.instant(instant).timeIntervalSince1970) }
