import Foundation
import HomeroomCore
import HomeroomTesting
import SQLKit
import Testing

/// A plugin whose nightly job writes down the instant it ran for.
private struct StampPlugin: PluginWithoutSettings {
    static let id = "stamp"
    var personalData: PersonalData { .keepsNothing }
    var commands: [Command] { [] }
    var migrations: [Migration] {
        [
            Migration(1, "stamps") { context in
                try await context.database.create(table: context.table("stamps"))
                    .column("at", type: .text, .notNull).run()
            }
        ]
    }
    var jobs: [ScheduledJob] {
        [
            ScheduledJob("stamp", schedule: try! CronSchedule("0 3 * * *")) { context in
                let stamps = context.storage.table("stamps")
                let at = context.scheduledFor.formatted(.iso8601)
                try await context.storage.write { db in
                    try await db.insert(into: stamps).columns("at").values(SQLBind(at)).run()
                }
            }
        ]
    }
}

/// A plugin with no job.
private struct QuietPlugin: PluginWithoutSettings {
    static let id = "quiet"
    var personalData: PersonalData { .keepsNothing }
    var commands: [Command] { [] }
}

@Suite struct RunJobTests {
    /// The instants `StampPlugin`'s job ran for, read through the plugin's public storage.
    static func stamps(_ bot: TestBot) async throws -> [String] {
        let storage = bot.storage(of: StampPlugin.self)
        let stamps = storage.table("stamps")
        return try await storage.read { db in
            try await db.select().column("at").from(stamps).orderBy("at").all(decodingColumn: "at", as: String.self)
        }
    }

    @Test func aJobRunsAtOnceAsIfDueAtTheClocksInstant() async throws {
        try await TestBot.with(plugins: [StampPlugin.self], at: "2026-11-23T12:00:00-05:00") { bot in
            let before = try await Self.stamps(bot)
            #expect(before.isEmpty)
            try await bot.runJob("stamp", of: StampPlugin.self)
            bot.clock.set(to: TestClock.instant("2026-11-24T03:00:00-05:00"))
            try await bot.runJob("stamp", of: StampPlugin.self)
            let after = try await Self.stamps(bot)
            #expect(after == ["2026-11-23T17:00:00Z", "2026-11-24T08:00:00Z"])
        }
    }

    @Test func aJobThePluginLacksIsRefusedNamingItsJobs() async throws {
        try await TestBot.with(plugins: [StampPlugin.self, QuietPlugin.self]) { bot in
            let wrongName = await #expect(throws: MissingJob.self) {
                try await bot.runJob("stamps", of: StampPlugin.self)
            }
            #expect(wrongName?.description == "stamp has no job \"stamps\" (its jobs: \"stamp\")")
            let none = await #expect(throws: MissingJob.self) {
                try await bot.runJob("stamp", of: QuietPlugin.self)
            }
            #expect(none?.description == "quiet has no job \"stamp\" (it has none)")
            let stamps = try await Self.stamps(bot)
            #expect(stamps.isEmpty)
        }
    }

    @Test func aPluginTheBotDoesNotRunIsNamed() async throws {
        try await TestBot.with(plugins: [QuietPlugin.self]) { bot in
            let missing = await #expect(throws: MissingJob.self) {
                try await bot.runJob("stamp", of: StampPlugin.self)
            }
            #expect(missing?.description == "stamp is not among the bot's plugins, so it has no job \"stamp\"")
        }
    }
}
