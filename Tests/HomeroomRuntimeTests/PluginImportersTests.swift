import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import InstalledPlugins
import SQLKit
import Testing

/// `homeroom import` offers what the plugins contribute: the list, the lookup by name and the run
/// come from ``Plugin/importers``, so a plugin adds an importer without an edit to the executable.
@Suite struct PluginImportersTests {
    @Test func anImporterAPluginContributesIsListedFoundAndRunOnItsStorage() async throws {
        let importers = PluginImporters(plugins: [TallyPlugin.self])
        #expect(importers.entries.map(\.importer.name) == ["tally"])
        #expect(
            importers.help == """
                The importers of the installed plugins:

                homeroom import tally <file>
                Count the lines of a text file.
                One row a line.
                <file>: The text file.
                """)
        try await TestBot.with(plugins: [TallyPlugin.self]) { bot in
            let entry = try importers.entry(named: "tally")
            #expect(entry.pluginID == "tally")
            let report = try await entry.run(
                bytes: Array("one\ntwo\n".utf8), source: "two.txt", webAddress: nil, on: bot.runtime)
            #expect(report == Importer.Report(["imported 2 lines from two.txt"]))
            let storage = bot.runtime.storage(for: "tally")
            let lines = try await storage.read { db in
                try await db.select().column("line").from(storage.table("lines")).all()
                    .map { try $0.decode(column: "line", as: String.self) }
            }
            #expect(lines.sorted() == ["one", "two"])
            let audit = try await AuditLog.recent(1, in: bot.runtime.database)
            #expect(audit.first?.detail == "2 lines from two.txt")
            #expect(audit.first?.at == bot.clock.now)
            #expect(audit.first?.actor == AuditEntry.commandLine)
        }
    }

    @Test func aBadInputIsTheImportersOwnErrorAndWritesNothing() async throws {
        let importers = PluginImporters(plugins: [TallyPlugin.self])
        try await TestBot.with(plugins: [TallyPlugin.self]) { bot in
            await #expect(throws: UserFacingError("empty.txt: the file has no lines")) {
                _ = try await importers.entry(named: "tally").run(
                    bytes: [], source: "empty.txt", webAddress: nil, on: bot.runtime)
            }
            let storage = bot.runtime.storage(for: "tally")
            let count = try await storage.read { db in
                try await db.select().column("line").from(storage.table("lines")).all().count
            }
            #expect(count == 0)
        }
    }

    @Test func anUnknownNameIsAnsweredWithTheNamesThereAre() {
        let importers = PluginImporters(plugins: [TallyPlugin.self, QuietPlugin.self])
        #expect(throws: UserFacingError("no importer is called \"menus\"; the importers are tally")) {
            try importers.entry(named: "menus")
        }
        let none = PluginImporters(plugins: [QuietPlugin.self])
        #expect(none.entries.isEmpty)
        #expect(throws: UserFacingError("no installed plugin imports anything")) { try none.entry(named: "tally") }
    }

    /// The installed plugins' importers, each name once: `homeroom import` finds them by name.
    @Test func theInstalledImportersHaveOneNameEach() {
        let names = PluginImporters(plugins: installedPlugins).entries.map(\.importer.name)
        #expect(names.sorted() == ["campus", "catalog", "lunch", "recipes"])
        #expect(Set(names).count == names.count)
    }
}

/// A plugin that imports the lines of a text file into its table.
private struct TallyPlugin: PluginWithoutSettings {
    static let id = "tally"
    var commands: [Command] { [] }
    var personalData: PersonalData { .keepsNothing }
    var migrations: [Migration] {
        [
            Migration(1, "lines") { context in
                try await context.database.create(table: context.table("lines")).column("line", type: .text).run()
            }
        ]
    }

    static var importers: [Importer] {
        [
            Importer(
                name: "tally", summary: "Count the lines of a text file.", discussion: "One row a line.",
                sourceHelp: "The text file."
            ) { request in
                let lines = String(decoding: request.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
                guard !lines.isEmpty else { throw UserFacingError("\(request.source): the file has no lines") }
                let table = request.storage.table("lines")
                try await request.storage.write { db in
                    for line in lines { try await db.insert(into: table).columns("line").values(SQLBind(line)).run() }
                    try await AuditLog.insert(
                        AuditEntry(
                            at: request.now, actor: request.actor, action: "tally.import",
                            detail: "\(lines.count) lines from \(request.source)"),
                        into: db)
                }
                return Importer.Report(["imported \(lines.count) lines from \(request.source)"])
            }
        ]
    }
}

/// A plugin that imports nothing.
private struct QuietPlugin: PluginWithoutSettings {
    static let id = "quiet"
    var commands: [Command] { [] }
    var personalData: PersonalData { .keepsNothing }
}
