import Foundation
import HomeroomCore
import SQLKit

/// A small plugin for exercising the runtime: commands, a subcommand, a migration and a job.
struct EchoPlugin: ConfigurablePlugin {
    static let id = "echo"

    struct Settings: Decodable, Sendable {
        var shout = "!"
        enum CodingKeys: String, CodingKey { case shout }
        init(from decoder: any Decoder) throws {
            shout = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .shout) ?? "!"
        }
    }

    let settings: Settings
    init(settings: Settings) { self.settings = settings }

    var personalData: PersonalData { .keepsNothing }

    var migrations: [Migration] {
        [
            Migration(1, "notes") { context in
                try await context.database.create(table: context.table("notes")).column("text", type: .text, .notNull)
                    .run()
            }
        ]
    }

    var jobs: [ScheduledJob] {
        [
            ScheduledJob("morning note", schedule: try! CronSchedule("30 10 * * 1-5")) { context in
                let table = context.storage.table("notes")
                try await context.storage.write { db in
                    try await db.insert(into: table).columns("text").values(SQLBind("morning")).run()
                }
            }
        ]
    }

    var commands: [Command] {
        [
            Command(
                "echo", aliases: ["say"], summary: "repeat the words", usage: "WORDS",
                examples: [.init("echo hello", "answers hello", answerContains: "hello")],
                subcommands: [
                    Command(
                        "loud", summary: "repeat loudly", usage: "WORDS",
                        examples: [.init("echo loud hi", "HI!", answerContains: "HI!")],
                        access: .restricted
                    ) { [shout = settings.shout] context in
                        Reply(context.arguments.joined(separator: " ").uppercased() + shout)
                    },
                    Command("crash", summary: "fail on purpose") { _ in
                        struct Internal: Error {}
                        throw Internal()
                    },
                ]
            ) { context in
                guard !context.arguments.isEmpty else { throw context.usageError() }
                return Reply(context.arguments.joined(separator: " "))
            }
        ]
    }
}
