import Foundation
import HomeroomCore
import HomeroomTestbed
import HomeroomTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `homeroom` tool as a new user meets it: real processes, a real SQLite file, one command at a time.
@Suite(.serialized) struct CommandLineTests {
    @Test func sayAnswersOnAnEmptyDatabaseWithTheEmbeddedDefaults() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let result = try await homeroom.run(["say", "/lunch"])
        #expect(result.status == 0, "\(result.errors)")
        let today = SchoolCalendar(timeZone: TimeZone(identifier: "America/New_York")!).localDate(at: Date())
        #expect(result.output.contains(today.longName), "\(result.output)")
        #expect(
            FileManager.default.fileExists(
                atPath: homeroom.folder.appendingPathComponent("homeroom-data/homeroom.sqlite").path))
        let chatter = try await homeroom.run(["say", "--channel", "#general", "hello all"])
        #expect(chatter.status == 0)
        #expect(chatter.output.isEmpty)
    }

    @Test func aBadConfigStopsStartUpWithOneLineAndExitCode2() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(#", "timeZone": "Mars/Olympus""#)
        let result = try await homeroom.run(["say", "--config", config, "/lunch"])
        #expect(result.status == 2)
        #expect(
            result.errors
                == "config error: timeZone: \"Mars/Olympus\" is not an IANA time zone such as America/New_York\n")
        let typo = try await homeroom.run(["serve", "--config", try homeroom.writeConfig(#", "rateLimits": {}"#)])
        #expect(typo.status == 2)
        #expect(typo.errors.hasPrefix("config error: rateLimits: unknown key"))
    }

    @Test func anAdminLogsInSetsTheMenuAndTheAuditShowsIt() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig()
        let student = try await homeroom.run([
            "say", "--config", config, #"/lunch set today specials "Chicken tacos" fries yes"#,
        ])
        #expect(student.status == 1)
        #expect(student.output.contains("you need the lunch.set permission"))

        #expect(
            try await homeroom.run(["admin", "grant", "console:alice", "--role", "admin", "--config", config]).status
                == 0)
        let pin = try await homeroom.run(["admin", "set-pin", "console:alice", "--config", config], input: "4321\n")
        #expect(pin.status == 0, "\(pin.errors)")
        let inChannel = try await homeroom.run([
            "say", "--config", config, "--as", "console:alice", "--channel", "#staff", "/login 4321",
        ])
        #expect(inChannel.status == 1)
        #expect(inChannel.output.contains("never type your PIN in a channel"))
        let login = try await homeroom.run(["say", "--config", config, "--as", "console:alice", "/login 4321"])
        #expect(login.output.contains("logged in until"), "\(login.output)\(login.errors)")
        let set = try await homeroom.run(
            [
                "say", "--config", config, "--as", "console:alice",
                #"/lunch set today specials "Chicken tacos" fries yes"#,
            ])
        #expect(set.status == 0, "\(set.output)")
        let lunch = try await homeroom.run(["say", "--config", config, "/lunch"])
        #expect(lunch.output.contains("Specials: Chicken tacos"))
        #expect(lunch.output.contains("Fries: yes"))
        let audit = try await homeroom.run(["admin", "audit", "--config", config])
        #expect(audit.output.contains("console:alice  lunch.set"))
        #expect(audit.output.contains("login.pin-in-channel"))
        #expect(audit.output.contains("homeroom:cli  role.grant"))
    }

    @Test func sixWrongPINsLockTheIdentity() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig()
        _ = try await homeroom.run(["admin", "set-pin", "console:bob", "--config", config], input: "2468\n")
        var last = ""
        for _ in 0..<6 {
            last = try await homeroom.run(["say", "--config", config, "--as", "console:bob", "/login 1111"]).output
        }
        #expect(last.contains("locked until"))
        let right = try await homeroom.run(["say", "--config", config, "--as", "console:bob", "/login 2468"])
        #expect(right.output.contains("locked until"))
        let short = try await homeroom.run(["admin", "set-pin", "console:bob", "--config", config], input: "12\n")
        #expect(short.status == 1)
        #expect(short.errors.contains("4 or more digits"))
    }

    @Test func importReportsBadRowsAndImportsGoodFiles() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig()
        let bad = homeroom.folder.appendingPathComponent("bad.csv")
        try "date,specials,vegetables,fries\n2026-12-01,Soup,,yes\n2026-12-02,Stew,,sometimes\n".write(
            to: bad, atomically: true, encoding: .utf8)
        let rejected = try await homeroom.run(["import", "lunch", bad.path, "--config", config])
        #expect(rejected.status == 1)
        #expect(rejected.errors.contains("line 3: fries is yes or no, not \"sometimes\""))
        let good = homeroom.folder.appendingPathComponent("good.csv")
        try "date,specials,vegetables,fries\n2026-12-01,Soup,,yes\n2026-12-02,Stew,Kale,no\n".write(
            to: good, atomically: true, encoding: .utf8)
        let imported = try await homeroom.run(["import", "lunch", good.path, "--config", config])
        #expect(
            imported.output == "imported 2 menus and 0 days without lunch, 2026-12-01 to 2026-12-02\n",
            "\(imported.errors)")
        let lunch = try await homeroom.run(["say", "--config", config, "/lunch 2026-12-02"])
        #expect(lunch.output.contains("Vegetables: Kale"))
    }

    /// `homeroom import` lists the importers the installed plugins contribute and refuses a name none has.
    @Test func importListsThePluginsImportersAndRefusesAnUnknownOne() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let help = try await homeroom.run(["import", "--help"])
        #expect(help.status == 0)
        for line in [
            "homeroom import lunch <file>", "homeroom import catalog <file>",
            "homeroom import recipes <file-or-address>", "homeroom import campus <file>",
        ] {
            #expect(help.output.contains(line), "\(line)")
        }
        let unknown = try await homeroom.run(["import", "menus", "menus.csv"])
        #expect(unknown.status == 64)
        #expect(
            unknown.errors.contains(
                "no importer is called \"menus\"; the importers are lunch, catalog, recipes, campus"))
        let missing = try await homeroom.run([
            "import", "lunch", homeroom.folder.appendingPathComponent("none.csv").path,
        ])
        #expect(missing.status == 1 && missing.errors.hasPrefix("cannot read "))
    }

    @Test func theSampleRecipeBookImportsOnceAndAnswersSearches() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig()
        let book = Corpus.packageRoot.appendingPathComponent("Examples/recipe-book.json").path
        let first = try await homeroom.run(["import", "recipes", book, "--config", config])
        #expect(first.output == "imported 26 new and 0 updated recipes from \(book)\n", "\(first.errors)")
        let again = try await homeroom.run(["import", "recipes", book, "--config", config])
        #expect(again.output == "imported 0 new and 26 updated recipes from \(book)\n")
        let found = try await homeroom.run(["say", "--config", config, "/recipe cornbread"])
        #expect(found.output.contains("#1 Skillet Cornbread — 35 min, 8 servings"))
        let bad = homeroom.folder.appendingPathComponent("bad.json")
        try #"{"recipes": [{"title": "Toast", "ingredients": ["bread"]}]}"#.write(
            to: bad, atomically: true, encoding: .utf8)
        let rejected = try await homeroom.run(["import", "recipes", bad.path, "--config", config])
        #expect(rejected.status == 1 && rejected.errors.contains("recipe 1: steps is missing"))
        let page = homeroom.folder.appendingPathComponent("page.html")
        try "<html><body><p>No recipe</p></body></html>".write(to: page, atomically: true, encoding: .utf8)
        let notRecipe = try await homeroom.run(["import", "recipes", page.path, "--config", config])
        #expect(notRecipe.status == 1 && notRecipe.errors.contains("no recipe in the page"))
    }

    @Test func anAnsweredWriteSurvivesKill9AndBackupsCopyIt() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig()
        _ = try await homeroom.run(["admin", "grant", "console:alice", "--role", "admin", "--config", config])
        _ = try await homeroom.run(["admin", "set-pin", "console:alice", "--config", config], input: "4321\n")
        let console = try RunningHomeroom(homeroom, ["console", "--as", "console:alice", "--config", config])
        console.type("/login 4321")
        console.type(#"/lunch set 2026-12-03 specials "Durable dumplings""#)
        try await console.waitFor("Saved the menu")
        kill(console.process.processIdentifier, SIGKILL)
        _ = try await console.waitForExit()
        let lunch = try await homeroom.run(["say", "--config", config, "/lunch 2026-12-03"])
        #expect(lunch.output.contains("Durable dumplings"))

        let copy = homeroom.folder.appendingPathComponent("backup.sqlite").path
        let backup = try await homeroom.run(["backup", copy, "--config", config])
        #expect(backup.status == 0, "\(backup.errors)")
        let fromCopy = try await homeroom.run([
            "say", "--config", try homeroom.writeCopyConfig(copy), "/lunch 2026-12-03",
        ])
        #expect(fromCopy.output.contains("Durable dumplings"))
        let again = try await homeroom.run(["backup", copy, "--config", config])
        #expect(again.status == 1)
        #expect(again.errors.contains("already exists"))
    }

    @Test func serveSaysWhereItsDataLivesAndStopsCleanlyOnSIGTERM() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let server = try RunningHomeroom(homeroom, ["serve"])
        try await server.waitFor("data: SQLite file ./homeroom-data/homeroom.sqlite")
        try await server.waitFor("Webhooks on http://127.0.0.1:8080: /healthz /metrics")
        // Serving, not merely started: it answers a health check before it is told to stop.
        let healthz = try #require(URL(string: "http://127.0.0.1:8080/healthz"))
        let (_, health) = try await URLSession.shared.data(from: healthz)
        #expect((health as? HTTPURLResponse)?.statusCode == 200)
        #expect(server.process.isRunning, "serve stopped by itself")
        kill(server.process.processIdentifier, SIGTERM)
        #expect(try await server.waitForExit() == 0)
        #expect(!server.process.isRunning)
    }
}

extension HomeroomProcess {
    /// A configuration that points at another SQLite file.
    func writeCopyConfig(_ path: String) async throws -> String {
        let config = folder.appendingPathComponent("copy.json").path
        try #"{"storage": {"sqlite": "\#(path)"}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        return config
    }
}
