import Directions
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomStorage
import HomeroomTestbed
import HomeroomTesting
import Lunch
import SQLKit
import Schedule
import Testing

/// A school's database made and filled by the release before schools (its migrations stop short
/// of them: core 13, lunch 1, schedule 2, directions 1) becomes a district of one when this
/// release starts on it: every row is kept, under the scope of the one school, and every answer
/// is what the same data, entered today, answers.
@Suite struct SingleSchoolUpgradeTests {
    static let plugins: [any ConfigurablePlugin.Type] = [LunchPlugin.self, SchedulePlugin.self, DirectionsPlugin.self]
    static let instant = "2026-11-23T08:10:00-05:00"
    static let questions = [
        "/lunch", "/lunch week", "/now", "/today", "/schedule 2026-11-25", "/schedule daytype list",
        "/directions B-201", "/here",
    ]

    static func campusDocument() throws -> String {
        try String(contentsOf: Corpus.packageRoot.appendingPathComponent("Examples/campus.json"), encoding: .utf8)
    }

    /// What the released steps made, and the rows that release wrote, as it wrote them.
    static func releasedDatabase(_ database: any Database) async throws {
        let released: [(id: String, migrations: [Migration])] = [
            (CorePlugin.id, Array(CorePlugin.schemaMigrations.prefix(13))),
            (LunchPlugin.id, Array(try LunchPlugin(settings: .init()).migrations.prefix(1))),
            (SchedulePlugin.id, Array(try SchedulePlugin(settings: .init()).migrations.prefix(2))),
            (DirectionsPlugin.id, Array(try DirectionsPlugin(settings: .init()).migrations.prefix(1))),
        ]
        try await MigrationRunner(database: database, logger: TestBot.testLogger()).run(released)
        let document = try campusDocument()
        let scanned = Int64(TestClock.instant(instant).timeIntervalSince1970) - 300
        try await database.write { db in
            try await db.insert(into: "lunch_menus")
                .columns("day", "specials", "vegetables", "fries", "updated_at", "updated_by")
                .values(
                    SQLBind("2026-11-23"), SQLBind("Chicken tacos\nVeggie burger"), SQLBind("Corn"), SQLBind(1),
                    SQLBind(1_795_000_000), SQLBind("console:admin")
                ).run()
            try await db.insert(into: "lunch_always").columns("dish_key", "dish", "position")
                .values(SQLBind("salad bar"), SQLBind("Salad bar"), SQLBind(1)).run()
            for (position, slot) in [("Period 1", 480, 530), ("Period 2", 535, 585)].enumerated() {
                try await db.insert(into: "schedule_day_types")
                    .columns("name", "position", "period", "start_minute", "end_minute")
                    .values(SQLBind("regular"), SQLBind(position), SQLBind(slot.0), SQLBind(slot.1), SQLBind(slot.2))
                    .run()
            }
            try await db.insert(into: "schedule_days").columns("day", "day_type", "note", "updated_by", "updated_at")
                .values(
                    SQLBind("2026-11-25"), SQLBind(String?.none), SQLBind("Staff development"),
                    SQLBind("console:admin"), SQLBind(1_795_000_000)
                ).run()
            try await db.insert(into: "schedule_catalog")
                .columns("grade", "block", "course", "course_key", "teacher", "room")
                .values(
                    SQLBind("10"), SQLBind(3), SQLBind("AP Chemistry"), SQLBind("ap chemistry"), SQLBind("Ms. Lee"),
                    SQLBind("B-201")
                ).run()
            try await db.insert(into: "directions_campus")
                .columns("id", "revision", "document", "imported_by", "imported_at")
                .values(SQLBind(1), SQLBind(1), SQLBind(document), SQLBind("homeroom:cli"), SQLBind(1_795_000_000))
                .run()
            try await db.insert(into: "directions_locations").columns("user_id", "checkpoint", "set_at")
                .values(SQLBind("console:student"), SQLBind("A1-ENTRANCE"), SQLBind(scanned)).run()
        }
    }

    static func configure(_ configuration: inout HomeroomConfiguration) {
        configuration.timeZone = "America/New_York"
        configuration.plugins["schedule"] = .object(["defaultDayType": .string("regular")])
        configuration.plugins["directions"] = .object(["locationMinutes": .number(1440)])
    }

    static func answers(_ bot: TestBot) async -> [String] {
        var answers: [String] = []
        for question in questions { answers.append(await bot.send(question)?.text ?? "no answer") }
        return answers
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func anUpgradedDatabaseAnswersAsTheSameDataEnteredToday(backend: DatabaseBackend) async throws {
        var expected: [String] = []
        try await TestBot.with(plugins: Self.plugins, at: Self.instant, backend: backend, configure: Self.configure) {
            bot in
            try await bot.loginAsAdmin()
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Chicken tacos; Veggie burger" vegetables "Corn" fries yes"#,
                from: "console:admin")
            try await bot.expect("/lunch always add Salad bar", from: "console:admin")
            try await bot.expect(
                #"/schedule daytype set regular "8:00-8:50 Period 1" "8:55-9:45 Period 2""#, from: "console:admin")
            try await bot.expect(#"/schedule assign 2026-11-25 off "Staff development""#, from: "console:admin")
            _ = try await CampusImporter.importCampus(
                Array(try Self.campusDocument().utf8), into: bot.runtime.storage(for: DirectionsPlugin.id),
                audit: AuditEntry(at: bot.clock.now, actor: AuditEntry.commandLine, action: "import", detail: "test"))
            try await bot.expect("/here A1-ENTRANCE")
            expected = await Self.answers(bot)
        }
        try await TestBot.with(
            plugins: Self.plugins, at: Self.instant, backend: backend, configure: Self.configure,
            preparing: Self.releasedDatabase
        ) { bot in
            let upgraded = await Self.answers(bot)
            #expect(upgraded == expected)
            #expect(upgraded[0].contains("Chicken tacos") && upgraded[0].contains("Salad bar"))
            #expect(upgraded[2].contains("Period 1"))
            #expect(upgraded[4].contains("Staff development"))
            // The rows are the one school's now, and its admins go on changing them.
            let storage = bot.storage(of: LunchPlugin.self)
            let table = storage.table("menus")
            let scopes = try await storage.read { db in
                try await db.select().column("scope").from(table).all()
                    .map { try $0.decode(column: "scope", as: String.self) }
            }
            #expect(scopes == [School.soleSchoolID])
            let schedule = bot.storage(of: SchedulePlugin.self)
            let catalog = schedule.table("catalog")
            let courses = try await schedule.read { db in
                try await db.select().columns("scope", "course").from(catalog).all()
                    .map {
                        "\(try $0.decode(column: "scope", as: String.self)) \(try $0.decode(column: "course", as: String.self))"
                    }
            }
            #expect(courses == ["main AP Chemistry"])
            try await bot.loginAsAdmin()
            try await bot.expect(#"/lunch set 2026-11-23 specials "Fish sticks""#, from: "console:admin")
            try await bot.expect("/lunch", contains: "Fish sticks")
        }
    }
}
