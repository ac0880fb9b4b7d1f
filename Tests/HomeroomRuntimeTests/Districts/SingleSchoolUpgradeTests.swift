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
/// is what the same data, entered today, answers. The core's rows from before schools (daily
/// subscriptions of no school, a role, a plugin switched off in a channel) go on working.
@Suite struct SingleSchoolUpgradeTests {
    static let plugins: [any ConfigurablePlugin.Type] = [LunchPlugin.self, SchedulePlugin.self, DirectionsPlugin.self]
    static let instant = "2026-11-23T08:10:00-05:00"
    static let questions = [
        "/lunch", "/lunch week", "/now", "/today", "/schedule 2026-11-25", "/schedule daytype list",
        "/directions B-201", "/here",
    ]
    /// Questions about the core's rows, each with who asks it and where (nil: a direct message).
    static let coreQuestions: [(text: String, from: String, channel: String?)] = [
        ("/subscriptions", "console:student", "#homeroom"), ("/subscriptions", "console:parent", nil),
        ("/admin disabled", "console:admin", "#homeroom"), ("/directions B-201", "console:student", "#homeroom"),
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
            try await releasedCoreRows(db)
        }
    }

    /// The core's rows that release wrote: a channel's and a parent's daily lunch, the cook's role,
    /// and directions switched off in `#homeroom`.
    static func releasedCoreRows(_ db: any SQLDatabase) async throws {
        for (target, time) in [("channel:#homeroom", "10:30"), ("user:console:parent", "12:15")] {
            try await db.insert(into: "core_subscriptions")
                .columns("topic", "adapter", "target", "time", "created_by", "created_at")
                .values(
                    SQLBind("lunch"), SQLBind("console"), SQLBind(target), SQLBind(time), SQLBind("console:admin"),
                    SQLBind(1_795_000_000)
                ).run()
        }
        try await db.insert(into: "core_roles").columns("identity", "role", "granted_by", "granted_at")
            .values(SQLBind("console:cook"), SQLBind("cook"), SQLBind("console:admin"), SQLBind(1_795_000_000)).run()
        try await db.insert(into: "core_channel_switches").columns("adapter", "channel", "target")
            .values(SQLBind("console"), SQLBind("#homeroom"), SQLBind("directions")).run()
    }

    /// The same core rows, made by today's commands.
    static func coreRowsEnteredToday(_ bot: TestBot) async throws {
        try await bot.expect("/subscribe lunch", from: "console:admin", in: "#homeroom")
        try await bot.expect("/subscribe lunch 12:15", from: "console:parent")
        try await bot.runtime.access.grant("cook", to: UserID("console:cook")!, by: AuditEntry.commandLine)
        try await bot.expect("/admin disable directions", from: "console:admin", in: "#homeroom")
    }

    static func configure(_ configuration: inout HomeroomConfiguration) {
        configuration.timeZone = "America/New_York"
        configuration.plugins["schedule"] = .object(["defaultDayType": .string("regular")])
        configuration.plugins["directions"] = .object(["locationMinutes": .number(1440)])
        configuration.roles = ["cook": ["lunch.set"]]
    }

    static func answers(_ bot: TestBot) async -> [String] {
        var answers: [String] = []
        for question in questions { answers.append(await bot.send(question)?.text ?? "no answer") }
        return answers
    }

    /// The answers to ``coreQuestions``, in their order.
    static func coreAnswers(_ bot: TestBot) async -> [String] {
        var answers: [String] = []
        for question in coreQuestions {
            answers.append(
                await bot.send(question.text, from: question.from, in: question.channel)?.text ?? "no answer")
        }
        return answers
    }

    /// The daily posts that go out at 10:30 and at 12:15, each as its target and its lines.
    static func dailyPosts(_ bot: TestBot) async throws -> [String] {
        var posts: [String] = []
        for instant in ["2026-11-23T10:30:00-05:00", "2026-11-23T12:15:00-05:00"] {
            let sent = try await bot.sendSubscriptions(at: instant)
            posts += sent.map { "\($0.target): \($0.lines.joined(separator: "\n"))" }
            try await bot.runtime.outbox.markDelivered(sent)
        }
        return posts
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func anUpgradedDatabaseAnswersAsTheSameDataEnteredToday(backend: DatabaseBackend) async throws {
        var expected: [String] = []
        var expectedCore: [String] = []
        var expectedPosts: [String] = []
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
            try await Self.coreRowsEnteredToday(bot)
            expectedCore = await Self.coreAnswers(bot)
            expectedPosts = try await Self.dailyPosts(bot)
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
            // The core's rows from before schools: the same subscriptions, switches and posts.
            let core = await Self.coreAnswers(bot)
            #expect(core == expectedCore)
            #expect(core[0].contains("lunch at 10:30") && core[1].contains("lunch at 12:15"))
            #expect(core[2].contains("directions") && core[3].contains("switched off in this channel"))
            let posts = try await Self.dailyPosts(bot)
            #expect(posts == expectedPosts)
            #expect(posts.count == 2)
            #expect(
                posts.first?.hasPrefix("channel:#homeroom: ") == true && posts.first?.contains("Chicken tacos") == true)
            #expect(posts.last?.hasPrefix("user:console:parent: ") == true)
            // The cook's role still sets the menu, and nothing more.
            try await bot.expect(
                #"/lunch set 2026-11-24 specials "Turkey chili""#, from: "console:cook", verified: true)
            try await bot.expect(
                #"/schedule daytype set regular "8:00-8:50 Period 1""#, from: "console:cook", verified: true,
                contains: "permission", error: true)
            try await bot.expect(#"/lunch set 2026-11-23 specials "Fish sticks""#, from: "console:admin")
            try await bot.expect("/lunch", contains: "Fish sticks")
        }
    }
}
