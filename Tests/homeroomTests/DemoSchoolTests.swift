import Foundation
import HomeroomTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `homeroom serve --demo`, run as a newcomer runs it, typing commands on standard input.
@Suite struct DemoSchoolTests: DemoSchoolSession {
    /// Phrases of an answer that has nothing to show, or of an error.
    static let emptyOrWrong = [
        "yet", "not set up", "no menu posted", "No menu is posted", "is empty", "homeroom import", "where are you",
        "went wrong", "cannot", "usage:", "no command",
    ]

    /// Each command, and what its answer must contain (one of them).
    static let commands: [(typed: String, contains: [String])] = [
        ("/help", ["/lunch"]),
        ("/now", ["Period", "Lunch"]),
        ("/next", ["Period", "Lunch"]),
        // The demo runs on the wall clock: on a weekend, /today says the day has no classes.
        ("/today", ["Period", "Lunch", "No school", "no school", "No classes", "no classes"]),
        ("/day", ["Lunch", "lunch"]),
        (
            "/lunch",
            ["Chicken", "tacos", "Spaghetti", "pizza", "Fish", "Turkey", "Teriyaki", "burger", "soup", "pancakes"]
        ),
        ("/events", ["Events on", "No events on"]),
        (
            "/events week",
            ["Robotics", "Drama", "Soccer", "concert", "Garden", "Chess", "Car wash", "Homework", "College"]
        ),
        ("/clubs", ["Robotics"]),
        ("/club robotics", ["Ms. Rivera"]),
        ("/contact", ["+1 555 0100"]),
        ("/news", ["Robotics team heads to the regional finals"]),
        ("/news sources", ["Lincoln High News — 4 stories"]),
        ("/directions B-201", ["B-201"]),
        ("/places", ["Library"]),
        ("/recipe cornbread", ["ornbread"]),
    ]

    @Test func everyCommandAnswersOnTheFirstStartAndASecondStartAddsNothing() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(#", "rateLimit": {"enabled": false}, "webhooks": {"enabled": false}"#)
        let first = try await answers(homeroom, config: config, to: Self.commands.map(\.typed))
        for (command, answer) in zip(Self.commands, first) {
            #expect(command.contains.contains { answer.contains($0) }, "\(command.typed) answered: \(answer)")
            let wrong = Self.emptyOrWrong.filter { answer.contains($0) }
            #expect(wrong.isEmpty, "\(command.typed) answered: \(answer)")
        }
        let demo = homeroom.folder.appendingPathComponent("homeroom-demo")
        #expect(FileManager.default.fileExists(atPath: demo.appendingPathComponent("homeroom.sqlite").path))
        #expect(FileManager.default.fileExists(atPath: demo.appendingPathComponent("bell-schedule.ics").path))
        let ignored = try String(contentsOf: demo.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(ignored == "*\n", "the folder the demo created keeps its data out of version control")
        let configured = homeroom.folder.appendingPathComponent("data/homeroom.sqlite").path
        #expect(!FileManager.default.fileExists(atPath: configured), "the configured database was opened")

        let again = try await answers(homeroom, config: config, to: Self.commands.map(\.typed))
        for (command, (before, after)) in zip(Self.commands, zip(first, again))
        where ["/clubs", "/events week", "/lunch", "/news", "/recipe cornbread", "/places"].contains(command.typed) {
            #expect(before == after, "\(command.typed) answered differently on the second start")
        }
        let sources = try #require(again.last { $0.contains("Lincoln High News —") })
        #expect(sources.components(separatedBy: "Lincoln High News —").count == 2, "\(sources)")
        #expect(sources.contains("4 stories"), "\(sources)")
    }

    @Test func aFolderThatCannotBeCreatedIsReportedAndNothingStarts() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(#", "webhooks": {"enabled": false}"#)
        try "not a folder".write(
            to: homeroom.folder.appendingPathComponent("occupied"), atomically: true, encoding: .utf8)
        let result = try await homeroom.run(["serve", "--demo", "--demo-folder", "occupied", "--config", config])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("homeroom: cannot set up the demo school in occupied: "), "\(result.errors)")
        #expect(!result.output.contains("Homeroom is serving"))
    }

    @Test func aDemoFolderHoldingTheConfiguredDatabaseIsRefusedAndNothingIsWritten() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(#", "webhooks": {"enabled": false}"#)
        let data = homeroom.folder.appendingPathComponent("data")
        let configured = data.appendingPathComponent("homeroom.sqlite")
        let problem = "data/homeroom.sqlite would be the configured database \(configured.path); give --demo-folder"

        let fresh = try await homeroom.run(["serve", "--demo", "--demo-folder", "./data/", "--config", config])
        #expect(fresh.status == 64)
        #expect(fresh.errors.contains(problem), "\(fresh.errors)")
        #expect(!fresh.output.contains("Homeroom is serving"))
        #expect(!FileManager.default.fileExists(atPath: data.path), "the configured folder was created")

        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data("the school's data".utf8).write(to: configured)
        try FileManager.default.createSymbolicLink(
            at: homeroom.folder.appendingPathComponent("alias"), withDestinationURL: data)
        let linked = try await homeroom.run(["serve", "--demo", "--demo-folder", "alias", "--config", config])
        #expect(linked.status == 64)
        #expect(linked.errors.contains(problem), "\(linked.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == ["homeroom.sqlite"])
        #expect(try Data(contentsOf: configured) == Data("the school's data".utf8))
    }

    @Test func aFolderThatWasThereKeepsItsGitignore() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(#", "webhooks": {"enabled": false}"#)
        let gitignore = homeroom.folder.appendingPathComponent(".gitignore")
        try ".build/\n".write(to: gitignore, atomically: true, encoding: .utf8)
        let running = try await serving(homeroom, ["--demo-folder", ".", "--config", config])
        try await stop(running)
        #expect(try String(contentsOf: gitignore, encoding: .utf8) == ".build/\n")
        #expect(FileManager.default.fileExists(atPath: homeroom.folder.appendingPathComponent("homeroom.sqlite").path))
    }

    @Test func theConfiguredIRCChatPlatformsAndNotifyURLsStayOff() async throws {
        let outside = try await LoopbackHTTPServer.start()
        defer { Task { await outside.stop() } }
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(
            #", "webhooks": {"port": 0, "slack": {"signingSecret": "slack-signing-secret-0123456789", "#
                + #""incomingWebhooks": {"general": "\#(outside.url("/slack"))"}}, "#
                + #""api": {"clients": {"kiosk": {"token": "kiosk-token-0123456789abcdef", "#
                + #""notifyURL": "\#(outside.url("/notify"))"}}}}, "#
                + #""irc": {"networks": [{"name": "school", "host": "127.0.0.1", "port": \#(outside.port), "tls": false}]}"#
        )
        let running = try await serving(homeroom, ["--config", config])
        try await running.waitFor("/api/v1/messages")
        let lines = running.printed.split(separator: "\n")
        let welcome = try #require(lines.first { $0.hasPrefix("Demo district in") })
        #expect(
            welcome.hasSuffix(
                "Off in the demo, so nothing reaches other machines: IRC, chat platforms, API notify URLs."),
            "\(welcome)")
        let webhooks = try #require(lines.first { $0.hasPrefix("Webhooks on http://127.0.0.1:") })
        #expect(webhooks.contains("/api/v1/messages") && !webhooks.contains("/slack/commands"), "\(webhooks)")
        let base = try #require(webhooks.split(separator: " ").dropFirst(2).first).dropLast()
        let (health, _) = try await URLSession.shared.data(from: try #require(URL(string: "\(base)/healthz")))
        let report = try #require(try JSONSerialization.jsonObject(with: health) as? [String: Any])
        let adapters = try #require(report["adapters"] as? [String: Any])
        #expect(Set(adapters.keys) == ["console", "webhooks"], "\(adapters.keys)")
        #expect(report["status"] as? String == "ok")
        try await stop(running)
        #expect(outside.connections == 0, "the demo reached the configured IRC network or webhook URLs")
    }

    @Test func aFeedSourceThatCannotBeAddedStopsTheFeedServer() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(
            #", "webhooks": {"enabled": false}, "plugins": {"news": {"maximumFeedBytes": 1000}}"#)
        let running = try await serving(homeroom, ["--config", config])
        let errors = try String(contentsOf: homeroom.folder.appendingPathComponent("stderr.log"), encoding: .utf8)
        let warning = try #require(
            errors.split(separator: "\n").first { $0.hasPrefix("warning: demo news not loaded: /news source add ") },
            "\(errors)")
        let address = try #require(warning.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") })
        let reached = try? await URLSession.shared.data(from: try #require(URL(string: String(address))))
        #expect(reached == nil, "the feed server at \(address) still answers")
        let welcome = try #require(running.printed.split(separator: "\n").first { $0.hasPrefix("Demo district in") })
        #expect(!welcome.contains("news"), "\(welcome)")
        try await stop(running)
    }

    @Test func aCampusThatDidNotLoadIsNotPromisedInTheWelcome() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(#", "webhooks": {"enabled": false}"#)
        let examples = homeroom.folder.appendingPathComponent("Examples")
        try FileManager.default.createDirectory(at: examples, withIntermediateDirectories: true)
        try "not a campus".write(to: examples.appendingPathComponent("campus.json"), atomically: true, encoding: .utf8)
        let running = try await serving(homeroom, ["--config", config])
        try await stop(running)
        let welcome = try #require(running.printed.split(separator: "\n").first { $0.hasPrefix("Demo district in") })
        #expect(
            welcome
                == "Demo district in homeroom-demo: Lincoln High School, Jefferson Middle School, and Adams Elementary "
                + "School (its own SQLite file, bell schedule, menus, clubs, events, and news, dated from today). "
                + "Try /now, #jefferson /now, /lunch, /lunch at Jefferson.", "\(welcome)")
        let errors = try String(contentsOf: homeroom.folder.appendingPathComponent("stderr.log"), encoding: .utf8)
        #expect(errors.contains("warning: demo campus not loaded: "), "\(errors)")
        #expect(!errors.contains("starting point"), "\(errors)")
    }
}
