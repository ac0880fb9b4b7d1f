import Directions
import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import News
import Testing

/// A school's campus file and news feeds in the configuration: each school answers from its own,
/// a bad campus file is warned about once while the stored campus keeps answering, and a restart
/// adds no source twice.
@Suite struct SchoolFeedsAndCampusTests {
    /// Jefferson's campus: one building, one checkpoint.
    static let jeffersonCampus = #"""
        {"name": "Jefferson Middle School", "buildings": [{"id": "J", "name": "Jefferson Hall"}],
         "checkpoints": [{"id": "J1", "building": "J", "floor": 1, "name": "the lobby"}]}
        """#

    /// A new folder for a test's files.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("campus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Lincoln and Jefferson, each with its campus file and its feed in its own `plugins` sections.
    static func configure(
        _ configuration: inout HomeroomConfiguration, lincolnCampus: URL, jeffersonCampus: URL,
        server: LoopbackHTTPServer
    ) {
        configuration.timeZone = "America/New_York"
        configuration.district = "Riverside Unified"
        configuration.admins = ["console:district"]
        func plugins(campus: URL, feed: String, name: String) -> [String: JSONValue] {
            [
                "directions": .object(["campusFile": .string(campus.path)]),
                "news": .object([
                    "feeds": .array([.object(["url": .string(server.url(feed).absoluteString), "name": .string(name)])])
                ]),
            ]
        }
        configuration.schools = [
            school(
                "lincoln", "Lincoln High School",
                plugins: plugins(campus: lincolnCampus, feed: "/lincoln", name: "Lincoln News")),
            school(
                "jefferson", "Jefferson Middle School",
                plugins: plugins(campus: jeffersonCampus, feed: "/jefferson", name: "Jefferson News")),
        ]
    }

    /// Runs the scheduler until each school's first poll has fetched its feed (08:15), and stops it.
    static func pollOnce(_ bot: TestBot, at instant: String, server: LoopbackHTTPServer, fetchesBefore: Int)
        async throws
    {
        let scheduler = Task { await bot.runtime.scheduler.run() }
        defer { scheduler.cancel() }
        try await eventually("every job waits on the clock") {
            bot.clock.sleeperCount >= bot.runtime.scheduler.entries.count
        }
        bot.clock.set(to: TestClock.instant(instant))
        try await eventually("each school's feed fetched") {
            Set(server.requests.dropFirst(fetchesBefore).map(\.path)).isSuperset(of: ["/lincoln", "/jefferson"])
        }
        try await eventually("every poll done") { bot.clock.sleeperCount >= bot.runtime.scheduler.entries.count }
    }

    @Test func eachSchoolAnswersFromItsOwnCampusFileAndFeedsAndARestartAddsNoSourceTwice() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let jeffersonCampus = folder.appendingPathComponent("jefferson.json")
        try Data(Self.jeffersonCampus.utf8).write(to: jeffersonCampus)
        let lincolnCampus = Corpus.packageRoot.appendingPathComponent("Examples/campus.json")
        try await DistrictNewsTests.withServer { server in
            server.serve(
                "/lincoln",
                DistrictNewsTests.feed(
                    "Lincoln", [("l1", "Lincoln Winter Concert", DistrictNewsTests.concert.date, "")]))
            server.serve(
                "/jefferson",
                DistrictNewsTests.feed(
                    "Jefferson", [("j1", "Jefferson Science Fair", DistrictNewsTests.concert.date, "")]))
            let bot = try await TestBot.start(
                plugins: [DirectionsPlugin.self, NewsPlugin.self], at: "2026-11-23T08:00:00-05:00",
                configure: {
                    Self.configure(
                        &$0, lincolnCampus: lincolnCampus, jeffersonCampus: jeffersonCampus, server: server)
                })
            var restarted: TestBot?
            do {
                for school in ["lincoln", "jefferson"] {
                    try await bot.expect(
                        "/admin school \(school)", from: "console:district", in: "#\(school)", verified: true)
                }
                let lincoln = try await bot.expect("/rooms", in: "#lincoln", contains: "Main building")
                #expect(!lincoln.text.contains("Jefferson Hall"))
                let jefferson = try await bot.expect("/rooms", in: "#jefferson", contains: "Jefferson Hall")
                #expect(!jefferson.text.contains("Main building"))

                try await Self.pollOnce(bot, at: "2026-11-23T08:15:00-05:00", server: server, fetchesBefore: 0)
                let lincolnSources = try await bot.expect("/news sources", in: "#lincoln")
                // The two schools' polls run at once: either source may be number 1.
                #expect(lincolnSources.lines.count == 1)
                #expect(
                    lincolnSources.lines.first?.hasSuffix(". Lincoln News — 1 story — \(server.url("/lincoln"))")
                        == true)
                try await bot.expect("/news", in: "#jefferson", contains: "Jefferson Science Fair")
                let jeffersonSources = try await bot.expect("/news sources", in: "#jefferson")
                #expect(jeffersonSources.lines.count == 1)
                #expect(jeffersonSources.text.contains("Jefferson News"))
                // Added by the configuration, as the audit log says.
                let audit = try await bot.runtime.storage(for: NewsPlugin.id).read { db in
                    try await db.select().column("actor").from("core_audit").where("action", .equal, "news.source.add")
                        .all().map { try $0.decode(column: "actor", as: String.self) }
                }
                #expect(audit == ["homeroom:config", "homeroom:config"])

                let again = try await bot.restarted()
                restarted = again
                let fetched = server.requests.count
                try await Self.pollOnce(again, at: "2026-11-23T08:30:00-05:00", server: server, fetchesBefore: fetched)
                #expect(try await scopes(of: "sources", NewsPlugin.self, in: again) == ["jefferson", "lincoln"])
                try await again.expect("/rooms", in: "#jefferson", contains: "Jefferson Hall")
                let revisions = try await again.runtime.storage(for: DirectionsPlugin.id).read { db in
                    try await db.select().column("revision").from("directions_campus").all()
                        .map { try $0.decode(column: "revision", as: Int64.self) }
                }
                // The same files are not imported again.
                #expect(revisions == [1, 1])
            } catch {
                await (restarted ?? bot).stop()
                throw error
            }
            await (restarted ?? bot).stop()
        }
    }

    @Test func aBadCampusFileIsWarnedAboutOnceAndTheStoredCampusKeepsAnswering() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let campus = folder.appendingPathComponent("campus.json")
        try Data(contentsOf: Corpus.packageRoot.appendingPathComponent("Examples/campus.json")).write(to: campus)
        let database = try await TemporaryDatabase.make(.sqlite)
        defer { Task { try? await database.destroy() } }
        var configuration = TestBot.testConfiguration()
        guard case .sqlite(let path) = database.location else { return }
        configuration.storage.sqlite = path
        configuration.plugins["directions"] = .object(["campusFile": .string(campus.path)])
        let clock = TestClock("2026-11-23T08:00:00-05:00")

        /// Starts the service with `campus` as it is, asks `/rooms` twice, and returns the answers
        /// with the warnings logged.
        func serve() async throws -> (answers: [String], warnings: [String]) {
            let recorder = LogRecorder()
            let runtime = try await BotRuntime.start(
                configuration: try configuration.resolve(), plugins: [DirectionsPlugin.self], clock: clock,
                logger: recorder.logger(level: .warning))
            var answers: [String] = []
            for _ in 0..<2 {
                let reply = await runtime.handle(
                    IncomingMessage(
                        sender: UserID("console:student")!, senderIsVerified: false, conversation: .direct,
                        text: "/rooms", receivedAt: clock.now))
                answers.append(reply?.text ?? "no answer")
            }
            await runtime.close()
            return (answers, recorder.entries.map(\.message))
        }

        let first = try await serve()
        #expect(first.answers.allSatisfy { $0.contains("Main building") })
        #expect(first.warnings.isEmpty)
        try Data(#"{"name": "Broken", "buildings": ["#.utf8).write(to: campus)
        let second = try await serve()
        #expect(second.answers.allSatisfy { $0.contains("Main building") })
        #expect(second.warnings.count == 1)
        #expect(second.warnings.first?.contains(campus.path) == true)
        #expect(second.warnings.first?.contains("line 1") == true)
    }

    /// The configuration problem starting a bot with `plugins` (JSON) names; nil when it starts.
    static func problem(starting plugins: String) async -> String? {
        do {
            let bot = try await TestBot.start(plugins: [DirectionsPlugin.self, NewsPlugin.self]) { configuration in
                configuration.plugins = try! JSONDecoder().decode([String: JSONValue].self, from: Data(plugins.utf8))
            }
            await bot.stop()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func feedsAndCampusFileSettingsAreCheckedByKey() async throws {
        #expect(
            await Self.problem(starting: #"{"news": {"feeds": [{"url": "https://a.example/feed", "name": "A"}]}}"#)
                == nil)
        #expect(
            await Self.problem(starting: #"{"news": {"feeds": [{"url": "ftp://a.example/feed", "name": "A"}]}}"#)
                == "config error: plugins.news: feeds[0].url must be an http or https address")
        #expect(
            await Self.problem(
                starting:
                    #"{"news": {"feeds": [{"url": "https://a.example/1", "name": "A"}, {"url": "https://a.example/2", "name": "a"}]}}"#
            )
                == "config error: plugins.news: feeds[1].name repeats feeds[0]")
        #expect(
            await Self.problem(starting: #"{"news": {"feeds": [{"url": "https://a.example/feed", "name": " "}]}}"#)
                == "config error: plugins.news: feeds[0].name must be 1 to 200 characters")
        #expect(
            await Self.problem(starting: #"{"news": {"feeds": [{"url": "https://a.example/feed"}]}}"#)?
                .contains("plugins.news.feeds") == true)
        #expect(
            await Self.problem(starting: #"{"directions": {"campusFile": ""}}"#)
                == "config error: plugins.directions: campusFile must be the path of a campus .json file, or be left out"
        )
        // A missing file is no configuration error: it is warned about, and the service starts.
        #expect(await Self.problem(starting: #"{"directions": {"campusFile": "/nonexistent/campus.json"}}"#) == nil)
    }
}
