import ArgumentParser
import Campus
import Directions
import Foundation
import HomeroomCore
import HomeroomRuntime
import Lunch
import Recipes
import RecipesPlugin
import Schedule

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import data from a file.",
        subcommands: [LunchMenus.self, CourseCatalog.self, RecipeBook.self, CampusMap.self])

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
                runtime.caches.changed(plugin: LunchPlugin.id)
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
                runtime.caches.changed(plugin: SchedulePlugin.id)
                await runtime.close()
                print("imported \(summary.courses) courses for grades \(summary.grades.joined(separator: ", "))")
            } catch let error as CourseCatalogImporter.Problem {
                await runtime.close()
                printError(error.description)
                throw ExitCode(1)
            }
        }
    }

    struct RecipeBook: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "recipes",
            abstract: "Add recipes from a recipe book file (JSON) or from a web page's schema.org Recipe.",
            discussion: """
                All or nothing: a bad recipe is named and nothing is imported. Importing the same page or \
                book again updates its recipes instead of adding copies.
                Example: homeroom import recipes Examples/recipe-book.json
                """)
        @OptionGroup var options: RuntimeOptions
        @Argument(help: "A recipe book .json file, an HTML page, or an http or https address.") var source: String

        func run() async throws {
            let bytes = try await readInspectSource(source)
            let address = webAddress(source)
            let recipes: [Recipe]
            do {
                let text = bytes.drop {
                    $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
                }
                if address == nil, text.first == UInt8(ascii: "{") || text.first == UInt8(ascii: "[") {
                    recipes = try RecipeImporter.recipes(inBook: Data(bytes))
                } else {
                    recipes = [try RecipeImporter.recipe(inPage: bytes, address: address)]
                }
            } catch {
                printError("\(source): \(error.message)")
                throw ExitCode(1)
            }
            let runtime = try await options.startRuntime(quietest: .warning)
            let summary = try await RecipeImporter.save(
                recipes, into: runtime.storage(for: RecipesPlugin.id),
                audit: AuditEntry(
                    at: runtime.clock.now, actor: AuditEntry.commandLine, action: "recipes.import",
                    detail: "\(recipes.count) from \(source)"))
            await runtime.close()
            print("imported \(summary.added.count) new and \(summary.updated.count) updated recipes from \(source)")
        }
    }
}

extension ImportCommand {
    struct CampusMap: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "campus",
            abstract: "Replace the campus map (buildings, checkpoints, links, rooms, places) from a campus file.",
            discussion: """
                All or nothing: the first problem is reported with its line and the current map stays. \
                The format is in the README. Example: homeroom import campus Examples/campus.json
                """)
        @OptionGroup var options: RuntimeOptions
        @Argument(help: "The campus .json file.") var file: String

        func run() async throws {
            guard let data = FileManager.default.contents(atPath: file) else {
                printError("cannot read \(file)")
                throw ExitCode(1)
            }
            let runtime = try await options.startRuntime(quietest: .warning)
            let summary: CampusImporter.Summary
            do {
                summary = try await CampusImporter.importCampus(
                    Array(data), into: runtime.storage(for: DirectionsPlugin.id),
                    audit: AuditEntry(
                        at: runtime.clock.now, actor: AuditEntry.commandLine, action: "directions.import",
                        detail: "campus from \(file)"))
                runtime.caches.changed(plugin: DirectionsPlugin.id)
                await runtime.close()
            } catch let error as CampusFileError {
                await runtime.close()
                printError("\(file):\(error.line): \(error.message)")
                throw ExitCode(1)
            }
            print(
                "imported \(summary.buildings) buildings, \(summary.floors) floors, \(summary.rooms) rooms, "
                    + "\(summary.places) places and \(summary.checkpoints) checkpoints (\(summary.codes) with QR codes)"
            )
            if !summary.unreachable.isEmpty {
                printError(
                    "warning: no walk reaches \(summary.unreachable.count) checkpoint(s) from the first one: "
                        + summary.unreachable.prefix(10).joined(separator: ", ")
                        + (summary.unreachable.count > 10 ? ", …" : "") + " — is a link missing?")
            }
        }
    }
}
