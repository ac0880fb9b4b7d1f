import ArgumentParser
import Foundation
import HomeroomCore
import HomeroomRuntime
import InstalledPlugins

/// `homeroom import IMPORTER SOURCE`: runs one of the importers the installed plugins contribute.
struct ImportCommand: AsyncParsableCommand {
    static let importers = PluginImporters(plugins: installedPlugins)

    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import data from a file.", discussion: importers.help)

    @OptionGroup var options: RuntimeOptions
    @Argument(help: "The importer: \(importers.entries.map(\.importer.name).joined(separator: ", ")).")
    var importer: String
    @Argument(help: "The file the importer reads; a web address for those that read pages.") var source: String
    @Option(help: "The school (id or name) whose data it is; the first configured school when left out.")
    var school: String?

    func validate() throws {
        do {
            _ = try Self.importers.entry(named: importer)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() async throws {
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
}
