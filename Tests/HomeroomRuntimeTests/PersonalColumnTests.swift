import HomeroomCore
import HomeroomRuntime
import HomeroomTesting
import InstalledPlugins
import SQLKit
import Testing

/// Every column of every plugin's real schema that names a person is declared by that plugin's
/// `personalData`: erased by `/me forget`, or kept for a stated reason.
@Suite struct PersonalColumnTests {
    /// The words a column that names a person is spelt with in this project's schemas: a column
    /// names a person when one of its `_`-separated words is one of these (`user_id`, `owner`,
    /// `identity`, `home`, `actor`, a delivery `target` such as `user:slack:T1:U1`), or when it ends
    /// in `_by` (`added_by`, `created_by`, `granted_by`, `invited_by`, `imported_by`, `updated_by`).
    /// A column that only sounds like one (a story's `author` byline, a switch's `target` plugin)
    /// is declared kept, with the reason, rather than left out of the rule.
    static let personWords: Set<String> = [
        "user", "users", "person", "people", "identity", "identities", "home", "actor", "owner", "member", "members",
        "author", "sender", "recipient", "reader", "student", "target", "nick", "account", "invitee",
    ]

    static func namesPerson(_ column: String) -> Bool {
        let words = column.lowercased().split(separator: "_").map(String.init)
        return words.last == "by" || words.contains(where: personWords.contains)
    }

    @Test func theRuleTellsPersonColumnsFromOthers() {
        let people = ["user_id", "owner", "added_by", "granted_by", "identity", "home", "actor", "target", "author"]
        let others = ["updated_at", "added_at", "circle", "title", "homeroom", "story_id", "byline_date"]
        let missed = people.filter { !Self.namesPerson($0) }
        let mistaken = others.filter(Self.namesPerson)
        #expect(missed == [])
        #expect(mistaken == [])
    }

    @Test func everyPersonColumnIsDeclared() async throws {
        try await TestBot.with(plugins: installedPlugins) { bot in
            let plugins = bot.runtime.plugins
            let running = plugins.map { $0.id }.sorted()
            let installed = (["core"] + installedPlugins.map { $0.id }).sorted()
            #expect(running == installed)
            let schema = try await Self.schema(of: bot)
            #expect(schema.count > 20, "the real schema has the plugins' tables")
            let findings = Self.undeclaredColumns(schema: schema, plugins: plugins)
            #expect(findings == [])
        }
    }

    @Test func aPersonColumnThatKeepsNothingFails() async throws {
        try await TestBot.with(plugins: [LedgerPlugin.self]) { bot in
            let findings = Self.undeclaredColumns(schema: try await Self.schema(of: bot), plugins: bot.runtime.plugins)
            #expect(
                findings == [
                    "ledger_entries.user_id names a person, but ledger's personalData does not declare it",
                    "ledger declares ledger_notes.written_by, which its tables do not have",
                ])
        }
    }

    /// Each table of the SQLite database with its columns, from `sqlite_master` and `PRAGMA table_info`.
    static func schema(of bot: TestBot) async throws -> [String: [String]] {
        try await bot.runtime.database.read { db in
            let tables = try await db.raw("SELECT name FROM sqlite_master WHERE type = 'table'").all()
                .map { try $0.decode(column: "name", as: String.self) }
            var schema: [String: [String]] = [:]
            for table in tables {
                schema[table] = try await db.raw("PRAGMA table_info(\(ident: table))").all()
                    .map { try $0.decode(column: "name", as: String.self) }
            }
            return schema
        }
    }

    /// What is wrong, one line each: a person column of a plugin's table that its `personalData` does
    /// not declare, a declared column its tables do not have, and an erased column of a plugin that
    /// says it keeps nothing (`/me forget` would never call its `forget`).
    static func undeclaredColumns(schema: [String: [String]], plugins: [any Plugin]) -> [String] {
        var findings: [String] = []
        for plugin in plugins.sorted(by: { $0.id < $1.id }) {
            let data = plugin.personalData
            let storage = "\(plugin.id)_"
            let declared = Set(data.columns.map { "\(storage)\($0.table).\($0.column)" })
            let tables = schema.keys.filter { table in
                table.hasPrefix(storage)
                    && !plugins.contains { $0.id.count > plugin.id.count && table.hasPrefix("\($0.id)_") }
            }
            for table in tables.sorted() {
                for column in schema[table, default: []] where Self.namesPerson(column) {
                    if !declared.contains("\(table).\(column)") {
                        findings.append(
                            "\(table).\(column) names a person, but \(plugin.id)'s personalData does not declare it")
                    }
                }
            }
            for entry in data.columns {
                let table = "\(storage)\(entry.table)"
                if !(schema[table]?.contains(entry.column) ?? false) {
                    findings.append("\(plugin.id) declares \(table).\(entry.column), which its tables do not have")
                }
                if data.summary == nil, entry.keptBecause == nil {
                    findings.append("\(plugin.id) keeps nothing, yet declares \(table).\(entry.column) erased")
                }
            }
        }
        return findings
    }
}

/// A plugin with a person column that says it keeps nothing, and a declared column it lacks.
private struct LedgerPlugin: PluginWithoutSettings {
    static let id = "ledger"
    var commands: [Command] { [] }
    var migrations: [Migration] {
        [
            Migration(1, "entries") { context in
                try await context.database.create(table: context.table("entries"))
                    .column("user_id", type: .text, .notNull).column("amount", type: .int, .notNull).run()
            }
        ]
    }
    var personalData: PersonalData {
        .keepsNothing(but: [.kept("notes", "written_by", because: "the record of who wrote a note")])
    }
}
