import ArgumentParser
import Foundation
import HomeroomCore
import HomeroomRuntime
import InstalledPlugins
import OneRoster

/// `homeroom import IMPORTER SOURCE`: runs one of the importers the installed plugins contribute.
struct ImportCommand: AsyncParsableCommand {
    static let importers = PluginImporters(plugins: installedPlugins)

    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import data from a file.", discussion: rosterHelp + "\n\n" + importers.help)

    /// The roster importer, which is Homeroom's own rather than a plugin's.
    static let rosterImporter = "oneroster"

    static let rosterHelp = """
        homeroom import oneroster <folder-or-zip>
        The school's roster from its student information system, as a OneRoster 1.1 or 1.2 CSV export: \
        orgs, users (students, teachers, parents and guardians, with their email, sms and phone), classes and \
        enrollments. Guardians are linked to their students, and each person's number and address reach them \
        (texts from that number are theirs). A bulk file replaces its part of the roster, a delta file changes it \
        row by row; everything lands in one transaction, and a bad row is skipped and named with its file and line.
        <folder-or-zip>: a folder holding manifest.csv and the other files, or a ZIP of them.
        """

    @OptionGroup var options: RuntimeOptions
    @Argument(
        help: "The importer: \(([rosterImporter] + importers.entries.map(\.importer.name)).joined(separator: ", ")).")
    var importer: String
    @Argument(help: "The file the importer reads; a web address for those that read pages.") var source: String
    @Option(help: "The school (id or name) whose data it is; the first configured school when left out.")
    var school: String?

    func validate() throws {
        guard importer != Self.rosterImporter else { return }
        do {
            _ = try Self.importers.entry(named: importer)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() async throws {
        if importer == Self.rosterImporter { return try await importRoster() }
        let entry = try Self.importers.entry(named: importer)
        let bytes: [UInt8]
        var address: URL?
        switch entry.importer.source {
        case .fileOrWebPage:
            bytes = try await readInspectSource(source)
            address = webAddress(source)
        case .file:
            do {
                bytes = Array(try Data(contentsOf: URL(fileURLWithPath: source)))
            } catch {
                printError("cannot read \(source): \(error.localizedDescription)")
                throw ExitCode(1)
            }
        }
        let runtime = try await options.startRuntime(quietest: .warning)
        let report: Importer.Report
        do {
            report = try await entry.run(
                bytes: bytes, source: source, webAddress: address, school: school, on: runtime)
        } catch let error as UserFacingError {
            await runtime.close()
            printError(error.message)
            throw ExitCode(1)
        } catch {
            await runtime.close()
            throw error
        }
        await runtime.close()
        for line in report.lines { print(line) }
        for warning in report.warnings { printError(warning) }
    }

    /// Reads the OneRoster export at `source` and imports it, printing what it did and each problem.
    private func importRoster() async throws {
        let export: RosterExport
        do {
            export = try RosterExport.read(atPath: source)
        } catch {
            printError("cannot read the roster: \(error)")
            throw ExitCode(1)
        }
        let runtime = try await options.startRuntime(quietest: .warning)
        let outcome: RosterImport.Outcome
        do {
            outcome = try await RosterImport.run(export, on: runtime, actor: AuditEntry.commandLine)
        } catch {
            await runtime.close()
            throw error
        }
        await runtime.close()
        // The command line has no reader's language: the admin who runs it reads English.
        let words = Words(.homeroom, .english)
        let summary = outcome.summary
        print(
            words(
                "Imported the roster: {people} people ({students} students, {guardians} guardians), {links} guardian links, {classes} classes, {enrollments} enrollments; {contacts} contacts reach their people.",
                [
                    "people": String(summary.people), "students": String(summary.students),
                    "guardians": String(summary.guardians), "links": String(summary.guardianLinks),
                    "classes": String(summary.classes), "enrollments": String(summary.enrollments),
                    "contacts": String(summary.linkedContacts),
                ]))
        for problem in outcome.problems { printError(problem) }
        if outcome.problemsLeftOut > 0 {
            printError(words("… and {count} more problems", ["count": String(outcome.problemsLeftOut)]))
        }
    }
}
