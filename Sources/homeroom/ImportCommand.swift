import ArgumentParser
import Foundation
import HomeroomCore
import HomeroomRuntime
import Lunch
import Schedule

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import data from a file.", subcommands: [LunchMenus.self, CourseCatalog.self])

    struct LunchMenus: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lunch",
            abstract:
                "Import lunch menus from CSV (date,specials,vegetables,fries) or menu-service JSON (days[].menu_items[]).",
            discussion: "All or nothing: a bad row is reported with its line and nothing is imported.")
        @OptionGroup var options: RuntimeOptions
        @Argument(help: "The CSV or JSON file.") var file: String

        func run() async throws {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                printError("cannot read \(file): \(error.localizedDescription)")
                throw ExitCode(1)
            }
            let runtime = try await options.startRuntime(quietest: .warning)
            do {
                let summary = try await LunchImporter.importMenus(
                    data, named: file, into: runtime.storage(for: LunchPlugin.id), by: AuditEntry.commandLine,
                    at: runtime.clock.now)
                await runtime.close()
                print(
                    "imported \(summary.menus) menus and \(summary.daysWithoutLunch) days without lunch, "
                        + "\(summary.range.lowerBound.iso) to \(summary.range.upperBound.iso)")
            } catch let error as LunchImportError {
                await runtime.close()
                printError(error.description)
                throw ExitCode(1)
            }
        }
    }

    struct CourseCatalog: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "catalog",
            abstract: "Replace the course catalog from CSV: grade,block,course,teacher,room.",
            discussion: "All or nothing: a bad row is reported with its line and nothing is imported.")
        @OptionGroup var options: RuntimeOptions
        @Argument(help: "The CSV file.") var file: String

        func run() async throws {
            guard let data = FileManager.default.contents(atPath: file) else {
                printError("cannot read \(file)")
                throw ExitCode(1)
            }
            let runtime = try await options.startRuntime(quietest: .warning)
            do {
                let summary = try await CourseCatalogImporter.importCatalog(
                    String(decoding: data, as: UTF8.self), named: file, into: runtime.storage(for: SchedulePlugin.id),
                    by: AuditEntry.commandLine, at: runtime.clock.now)
                await runtime.close()
                print("imported \(summary.courses) courses for grades \(summary.grades.joined(separator: ", "))")
            } catch let error as CourseCatalogImporter.Problem {
                await runtime.close()
                printError(error.description)
                throw ExitCode(1)
            }
        }
    }
}
