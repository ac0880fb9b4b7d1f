import ArgumentParser
import Foundation
import HomeroomCore
import HomeroomRuntime

/// The sample school `homeroom serve --demo` starts on, in a folder of its own: a bell schedule,
/// lunch menus, the example campus and recipe book, clubs, the office's contact details, events and
/// a news feed, so that every command answers something real on the first start.
///
/// Everything dated is generated from the serve command's clock, in the school's time zone, and
/// written again on every start, so the demo never goes stale. Each part goes in through the path
/// a school uses: files the configuration names, the import commands, and admin commands sent by
/// ``DemoAdmin``. Loading twice adds nothing twice.
struct DemoSchool {
    /// The configuration pointed at the demo: its own SQLite file, never the configured database.
    let configuration: ResolvedConfiguration
    /// The demo's folder.
    let folder: URL
    /// The folder as given on the command line, for the startup line.
    let shownFolder: String

    /// Creates the folder, writes the files the configuration names (the bell schedule) and points
    /// `configuration` at them; prints one line and exits with code 1 when that fails.
    static func prepare(in path: String, from configuration: ResolvedConfiguration, clock: any HomeroomClock)
        throws -> DemoSchool
    {
        let folder = URL(fileURLWithPath: path).standardizedFileURL
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // Generated data stays out of version control wherever the folder is.
            try "*\n".write(to: folder.appendingPathComponent(".gitignore"), atomically: true, encoding: .utf8)
            let bellSchedule = try DemoBellSchedule.write(
                into: folder, today: configuration.school.localDate(at: clock.now), school: configuration.school,
                now: clock.now)
            let demo = try configuration.configuration.demo(in: folder, bellSchedule: bellSchedule).resolve()
            return DemoSchool(configuration: demo, folder: folder, shownFolder: path)
        } catch let error as ConfigurationError {
            printError(error.description)
            throw ExitCode(2)
        } catch {
            printError("homeroom: cannot set up the demo school in \(path): \(error.localizedDescription)")
            throw ExitCode(1)
        }
    }

    /// Loads the menus, the campus, the recipes, the clubs, the events and the news into `runtime`'s
    /// storage; a part that fails is skipped with a warning on standard error, and the rest is
    /// loaded. Returns the server of the news files, to stop when serving ends.
    func load(into runtime: BotRuntime) async -> DemoFeedServer? {
        let admin = DemoAdmin(runtime: runtime)
        let today = runtime.configuration.school.localDate(at: runtime.clock.now)
        await Self.warnOnFailure("lunch menus") {
            try await DemoLunchMenus.load(into: folder, today: today, runtime: runtime)
        }
        await Self.warnOnFailure("campus") { try await DemoCampus.load(from: DemoExamples.folder(), runtime: runtime) }
        await Self.warnOnFailure("recipe book") {
            try await DemoRecipeBook.load(from: DemoExamples.folder(), runtime: runtime)
        }
        await Self.warnOnFailure("clubs") { try await DemoClubs.load(admin) }
        await Self.warnOnFailure("events") { try await DemoEvents.load(admin, today: today) }
        await Self.warnOnFailure("starting point") {
            try await admin.send("here \(DemoSchool.startingPoint)", as: runtime.configuration.consoleUser)
        }
        var server: DemoFeedServer?
        await Self.warnOnFailure("news") { server = try await DemoNews.load(into: folder, admin, today: today) }
        return server
    }

    /// The checkpoint the console's user stands at, so `/directions B-201` has a start.
    static let startingPoint = "A1-ENTRANCE"

    /// The line printed before serving.
    var welcome: String {
        "Demo school in \(shownFolder) (its own SQLite file, bell schedule, menus, campus, recipes, clubs, events "
            + "and news, dated from today; you stand at \(Self.startingPoint)). Try /now, /lunch, /directions B-201."
    }

    private static func warnOnFailure(_ part: String, _ body: () async throws -> Void) async {
        do {
            try await body()
        } catch let error as UserFacingError {
            printError("warning: demo \(part) not loaded: \(error.message)")
        } catch {
            printError("warning: demo \(part) not loaded: \(error)")
        }
    }
}
