import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import SQLKit
import Testing

// The plugin of the "Writing a plugin" article (HomeroomCore.docc/WritingAPlugin.md), as printed
// there, where it is the whole of Plugins/Bus/BusPlugin.swift: if this file stops compiling or its
// tests fail, the article is wrong too.

/// The school buses: `/bus` says when each route leaves; admins set a route's time and say when it
/// runs late, and every night at midnight the delays are cleared.
public struct BusPlugin: PluginWithoutSettings {
    /// The prefix of the plugin's tables and the name admins switch it by.
    public static let id = "bus"

    /// Creates the plugin; it has no settings.
    public init() {}

    /// No column of the plugin's table names a person.
    public var personalData: PersonalData { .keepsNothing }

    /// The table of routes, created once.
    public var migrations: [Migration] {
        [
            Migration(1, "departures") { context in
                try await context.database.create(table: context.table("departures"))
                    .column("route", type: .text, .primaryKey(autoIncrement: false))
                    .column("departs", type: .text, .notNull)
                    .column("late_minutes", type: .int, .notNull).run()
            }
        ]
    }

    /// Every night at midnight, in the school's time zone, no bus is late any more.
    public var jobs: [ScheduledJob] {
        [
            ScheduledJob("clear delays", schedule: try! CronSchedule("0 0 * * *")) { context in
                let departures = context.storage.table("departures")
                try await context.storage.write { db in
                    try await db.update(departures).set("late_minutes", to: SQLBind(0)).run()
                }
            }
        ]
    }

    /// `/bus`, `/bus set` and `/bus late`.
    public var commands: [Command] {
        [
            Command(
                "bus", summary: "when the school buses leave",
                examples: [.init("bus", "every route and when it leaves", answerContains: "Route 7: 15:40")],
                subcommands: [setCommand, lateCommand]
            ) { context in
                let departures = context.storage.table("departures")
                let rows: [any SQLRow] = try await context.storage.read { db in
                    try await db.select().columns("route", "departs", "late_minutes").from(departures)
                        .orderBy("departs").all()
                }
                guard !rows.isEmpty else {
                    return Reply("No bus routes yet — an admin adds one with \(context.typed("bus set")) ROUTE HH:MM")
                }
                return Reply(
                    lines: try rows.map { row in
                        let route = try row.decode(column: "route", as: String.self)
                        let departs = try row.decode(column: "departs", as: String.self)
                        let late = try row.decode(column: "late_minutes", as: Int.self)
                        return "Route \(route): \(departs)" + (late > 0 ? ", \(late) min late" : "")
                    })
            }
        ]
    }

    var setCommand: Command {
        Command(
            "set", summary: "set when a route leaves", usage: "ROUTE HH:MM",
            examples: [.init("bus set 7 15:40", "route 7 leaves at 15:40", answerContains: "Route 7 leaves at 15:40")],
            access: .restricted
        ) { context in
            guard context.arguments.count == 2, context.arguments[0].count <= 20,
                let time = ClockTime(parsing: context.arguments[1])
            else { throw context.usageError() }
            let route = context.arguments[0]
            let departures = context.storage.table("departures")
            _ = try await context.auditedWrite("bus.set", "route \(route) at \(time)") { db -> Bool? in
                try await db.delete(from: departures).where("route", .equal, SQLBind(route)).run()
                try await db.insert(into: departures).columns("route", "departs", "late_minutes")
                    .values(SQLBind(route), SQLBind(time.description), SQLBind(0)).run()
                return true
            }
            return Reply("Route \(route) leaves at \(time).")
        }
    }

    var lateCommand: Command {
        Command(
            "late", summary: "say that a route runs late today", usage: "ROUTE MINUTES",
            examples: [.init("bus late 7 10", "route 7 leaves 10 minutes late", answerContains: "10 min late")],
            access: .restricted
        ) { context in
            guard context.arguments.count == 2, let minutes = Int(context.arguments[1]), (0...180).contains(minutes)
            else { throw context.usageError("MINUTES is a number from 0 to 180") }
            let route = context.arguments[0]
            let departures = context.storage.table("departures")
            let changed = try await context.auditedWrite("bus.late", "route \(route) \(minutes) min") { db -> Bool? in
                let known = try await db.select().column("route").from(departures)
                    .where("route", .equal, SQLBind(route)).first()
                guard known != nil else { return nil }
                try await db.update(departures).set("late_minutes", to: SQLBind(minutes))
                    .where("route", .equal, SQLBind(route)).run()
                return true
            }
            guard changed != nil else {
                throw UserFacingError("no route \(route) — \(context.typed("bus")) lists them")
            }
            return Reply("Route \(route) runs \(minutes) min late.")
        }
    }
}

extension BusPlugin {
    /// When the buses leave, as people ask it in English and in Spanish.
    public var plainQuestions: [PlainQuestions] {
        [
            PlainQuestions(
                "en",
                [
                    PlainQuestion(
                        "bus", keywords: ["bus", "buses", "school bus", "ride home"], hints: ["leave", "late"],
                        example: "when does the bus leave?")
                ]),
            PlainQuestions(
                "es",
                [
                    PlainQuestion(
                        "bus", keywords: ["autobus", "autobuses", "camion", "transporte"], hints: ["sale", "tarde"],
                        example: "¿a qué hora sale el autobús?")
                ],
                glossary: ["ruta": ""]),
        ]
    }
}

@Suite struct ArticleBusPluginTests {
    static let admin = "console:admin"

    @Test func anAdminSetsRoutesAndEveryoneSeesThem() async throws {
        try await TestBot.with(plugins: [BusPlugin.self]) { bot in
            try await bot.expect("/bus", contains: "No bus routes yet — an admin adds one with /bus set ROUTE HH:MM")
            try await bot.expect("/bus set 7 15:40", contains: "you need the bus.set permission", error: true)
            try await bot.loginAsAdmin(Self.admin)
            try await bot.expect("/bus set 7 15:40", from: Self.admin, contains: "Route 7 leaves at 15:40.")
            try await bot.expect("/bus set 12 3:05pm", from: Self.admin, contains: "Route 12 leaves at 15:05.")
            try await bot.expect("/bus late 7 10", from: Self.admin, contains: "Route 7 runs 10 min late.")
            let reply = try await bot.expect("!bus", in: "#buses")
            #expect(reply.lines == ["Route 12: 15:05", "Route 7: 15:40, 10 min late"])
        }
    }

    @Test func theNightlyJobClearsEveryDelay() async throws {
        try await TestBot.with(plugins: [BusPlugin.self]) { bot in
            try await bot.loginAsAdmin(Self.admin)
            try await bot.expect("/bus set 7 15:40", from: Self.admin)
            try await bot.expect("/bus late 7 25", from: Self.admin)
            try await bot.expect("/bus", contains: "Route 7: 15:40, 25 min late")
            bot.clock.set(to: TestClock.instant("2026-11-24T00:00:00-05:00"))
            try await bot.runJob("clear delays", of: BusPlugin.self)
            let reply = try await bot.expect("/bus")
            #expect(reply.lines == ["Route 7: 15:40"])
            let storage = bot.storage(of: BusPlugin.self)
            let departures = storage.table("departures")
            let late = try await storage.read { db in
                try await db.select().column("late_minutes").from(departures)
                    .all(decodingColumn: "late_minutes", as: Int.self)
            }
            #expect(late == [0])
        }
    }

    @Test func badArgumentsAreRefusedAndChangeNothing() async throws {
        try await TestBot.with(plugins: [BusPlugin.self]) { bot in
            try await bot.loginAsAdmin(Self.admin)
            try await bot.expect("/bus set 7 15:40", from: Self.admin)
            try await bot.expect(
                "/bus set 7 25:00", from: Self.admin, contains: "usage: /bus set ROUTE HH:MM", error: true)
            try await bot.expect(
                "/bus late 7 999999999999999999999", from: Self.admin,
                contains: "MINUTES is a number from 0 to 180 — usage: /bus late ROUTE MINUTES", error: true)
            try await bot.expect(
                "/bus late 9 5", from: Self.admin, contains: "no route 9 — /bus lists them", error: true)
            let reply = try await bot.expect("/bus")
            #expect(reply.lines == ["Route 7: 15:40"])
        }
    }

    @Test func everyChangeIsAudited() async throws {
        try await TestBot.with(plugins: [BusPlugin.self]) { bot in
            try await bot.loginAsAdmin(Self.admin)
            try await bot.expect("/bus set 7 15:40", from: Self.admin)
            try await bot.expect("/bus late 7 10", from: Self.admin)
            let audit = try await AuditLog.recent(5, in: bot.runtime.database)
            #expect(audit.map(\.action).contains("bus.set"))
            #expect(audit.map(\.action).contains("bus.late"))
        }
    }

    @Test func busQuestionsInPlainWordsAnswerAsTheCommand() async throws {
        try await TestBot.with(plugins: [BusPlugin.self]) { bot in
            try await bot.loginAsAdmin(Self.admin)
            try await bot.expect("/bus set 7 15:40", from: Self.admin)
            let command = try await bot.expect("/bus")
            for question in ["when does the bus leave?", "wen does the buss leave"] {
                let answer = try await bot.expect(question)
                #expect(answer.lines == command.lines, "\(question)")
            }
            // Asked in Spanish, answered in the school's English: Homeroom offers Spanish, once.
            let spanish = try await bot.expect("¿A qué hora sale el autobús?")
            #expect(Array(spanish.lines.dropLast()) == command.lines)
            #expect(spanish.lines.last?.contains("/me language es") == true, "\(spanish.lines)")
            let again = try await bot.expect("¿a qué hora sale el autobús hoy?")
            #expect(again.lines == command.lines)
            let welcome = try await bot.expect("?")
            #expect(welcome.text.contains("• when does the bus leave?"), "\(welcome.text)")
        }
    }

    @Test func everyWorkedExampleAnswers() async throws {
        try await TestBot.with(plugins: [BusPlugin.self]) { bot in
            try await bot.loginAsAdmin(Self.admin)
            try await bot.expect("/bus set 7 15:40", from: Self.admin)
            try await bot.runExamples(of: BusPlugin.self)
        }
    }
}
