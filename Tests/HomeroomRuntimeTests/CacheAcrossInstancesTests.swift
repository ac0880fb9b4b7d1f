import Directions
import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import Lunch
import RecipesPlugin
import Schedule
import Testing

/// Two runtimes on one PostgreSQL database, each running its cache notifications, as two
/// `homeroom serve` processes do: B answers first (so its caches are warm), A changes something,
/// and B must answer with the change within 5 s (its notification arrives in milliseconds when idle,
/// but the whole suite runs beside it).
@Suite(.enabled(if: TemporaryDatabase.postgresServerURL != nil, "needs HOMEROOM_TEST_POSTGRES_URL"))
struct CacheAcrossInstancesTests {
    static let plugins: [any ConfigurablePlugin.Type] = [
        LunchPlugin.self, SchedulePlugin.self, DirectionsPlugin.self, RecipesPlugin.self,
    ]
    static let admin = "console:admin"

    /// Instance B beside the test bot A: another runtime on A's database and clock.
    struct Pair {
        let a: TestBot
        let b: BotRuntime
        let listening: [Task<Void, Never>]

        /// Sends `text` to B as `user` and returns the reply's text ("" when silent).
        func askB(
            _ text: String, from user: String = "console:student", in channel: String? = nil,
            verified: Bool = false
        ) async -> String {
            let message = IncomingMessage(
                sender: UserID(user)!, senderIsVerified: verified,
                conversation: channel.map { .channel($0) } ?? .direct, text: text, receivedAt: a.clock.now)
            return await b.handle(message)?.text ?? ""
        }

        /// Asks B `text` until the answer satisfies `done`, for at most 5 s; throws with the last answer.
        func untilB(
            _ text: String, from user: String = "console:student", in channel: String? = nil, verified: Bool = false,
            _ done: (String) -> Bool
        ) async throws {
            var answer = ""
            try await eventually("B's answer to \"\(text)\" to change (still: \(answer))", within: .seconds(5)) {
                answer = await askB(text, from: user, in: channel, verified: verified)
                return done(answer)
            }
        }
    }

    static func withTwoInstances(_ body: (Pair) async throws -> Void) async throws {
        try await TestBot.with(
            plugins: plugins, at: "2026-11-23T12:00:00-05:00", backend: .postgres,
            configure: { $0.timeZone = "America/New_York" }
        ) { a in
            let b = try await BotRuntime.start(
                configuration: try a.configuration.resolve(), plugins: plugins, clock: a.clock,
                logger: TestBot.testLogger())
            let runtimes = [a.runtime, b]
            let listening = try runtimes.map { runtime in
                let notifications = try #require(runtime.cacheNotifications)
                return Task { await notifications.run() }
            }
            let pair = Pair(a: a, b: b, listening: listening)
            do {
                for runtime in runtimes {
                    let notifications = try #require(runtime.cacheNotifications)
                    try await eventually("the cache notifications listening", within: .seconds(5)) {
                        notifications.listenerProcessID != nil
                    }
                }
                try await a.loginAsAdmin(admin)
                try await body(pair)
            } catch {
                await stop(pair)
                throw error
            }
            await stop(pair)
        }
    }

    static func stop(_ pair: Pair) async {
        for task in pair.listening { task.cancel() }
        for task in pair.listening { await task.value }
        await pair.b.close()
    }

    @Test func aMenuSetThroughOneInstanceIsAnsweredByTheOther() async throws {
        try await Self.withTwoInstances { pair in
            let before = await pair.askB("/lunch 2026-11-24")
            #expect(before.contains("no lunch menu"))
            try await pair.a.expect("/lunch set 2026-11-24 specials Pierogi", from: Self.admin)
            try await pair.untilB("/lunch 2026-11-24") { $0.contains("Pierogi") }
        }
    }

    @Test func aScheduleOverrideIsAnsweredByTheOther() async throws {
        try await Self.withTwoInstances { pair in
            let before = await pair.askB("/schedule 2026-11-24")
            #expect(!before.contains("Snow day"))
            try await pair.a.expect("/schedule assign 2026-11-24 off \"Snow day\"", from: Self.admin)
            try await pair.untilB("/schedule 2026-11-24") { $0.contains("Snow day") }
        }
    }

    @Test func aCampusImportIsAnsweredByTheOther() async throws {
        try await Self.withTwoInstances { pair in
            let island = """
                {"name": "Two halls", "buildings": [{"id": "A", "name": "Main"}, {"id": "P", "name": "Portable"}],
                 "checkpoints": [{"id": "A1", "building": "A", "floor": 1, "name": "the hall"},
                                 {"id": "P1", "building": "P", "floor": 1, "name": "the portable"}],
                 "links": [{"from": "A1", "to": "P1", "length": 10, "kind": "walk"}],
                 "rooms": [{"number": "P-1", "at": "P1"}]}
                """
            try await Self.importCampus(Array(island.utf8), through: pair.a)
            let before = await pair.askB("/rooms")
            #expect(before.contains("Portable"))
            let example = try Data(contentsOf: Corpus.packageRoot.appendingPathComponent("Examples/campus.json"))
            try await Self.importCampus(Array(example), through: pair.a)
            try await pair.untilB("/rooms") { $0.contains("Science building") }
        }
    }

    /// As `homeroom import campus` does: the importer, then the announcement.
    static func importCampus(_ bytes: [UInt8], through bot: TestBot) async throws {
        _ = try await CampusImporter.importCampus(
            bytes, into: bot.runtime.storage(for: DirectionsPlugin.id),
            audit: AuditEntry(
                at: bot.clock.now, actor: AuditEntry.commandLine, action: "directions.import", detail: "test"))
        bot.runtime.caches.changed(plugin: DirectionsPlugin.id)
    }

    /// The recipe book is read from storage on every search (nothing is cached), so an import is
    /// seen by every instance at once.
    @Test func aRecipeImportIsAnsweredByTheOther() async throws {
        try await Self.withTwoInstances { pair in
            let before = await pair.askB("/recipe cornbread")
            #expect(!before.contains("Skillet Cornbread"))
            let book = try Data(contentsOf: Corpus.packageRoot.appendingPathComponent("Examples/recipe-book.json"))
            _ = try await RecipeImporter.save(
                try RecipeImporter.recipes(inBook: book), into: pair.a.runtime.storage(for: RecipesPlugin.id),
                audit: AuditEntry(
                    at: pair.a.clock.now, actor: AuditEntry.commandLine, action: "recipes.import", detail: "test"))
            let after = await pair.askB("/recipe cornbread")
            #expect(after.contains("Skillet Cornbread"))
        }
    }

    @Test func aGrantAndARevocationAreAnsweredByTheOther() async throws {
        try await Self.withTwoInstances { pair in
            let teacher = "console:teacher"
            let refused = await pair.askB("/lunch set 2026-11-25 specials Soup", from: teacher, verified: true)
            #expect(refused.contains("you need the lunch.set permission"))
            // As `homeroom admin grant` does, through A's runtime.
            try await pair.a.runtime.access.grant("admin", to: UserID(teacher)!, by: AuditEntry.commandLine)
            try await pair.untilB("/lunch set 2026-11-25 specials Soup", from: teacher, verified: true) {
                !$0.contains("permission")
            }
            try await pair.a.runtime.access.revoke("admin", from: UserID(teacher)!, by: AuditEntry.commandLine)
            try await pair.untilB("/lunch set 2026-11-25 specials Stew", from: teacher, verified: true) {
                $0.contains("you need the lunch.set permission")
            }
        }
    }

    @Test func aChannelSwitchedOffIsAnsweredByTheOther() async throws {
        try await Self.withTwoInstances { pair in
            let before = await pair.askB("/lunch", in: "#cafeteria")
            #expect(!before.contains("switched off"))
            try await pair.a.expect("/admin disable lunch", from: Self.admin, in: "#cafeteria", contains: "now off")
            try await pair.untilB("/lunch", in: "#cafeteria") { $0.contains("switched off in this channel") }
        }
    }

    @Test func aLogoutIsAnsweredByTheOther() async throws {
        try await Self.withTwoInstances { pair in
            let loggedIn = await pair.askB("/lunch set 2026-11-26 specials Turkey", from: Self.admin)
            #expect(!loggedIn.contains("permission"))
            try await pair.a.expect("/logout", from: Self.admin, contains: "logged out")
            try await pair.untilB("/lunch set 2026-11-26 specials Ham", from: Self.admin) {
                $0.contains("permission")
            }
        }
    }
}
