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
    /// The parts ``load(into:)`` loads, named as the startup line names them.
    enum Part: String {
        case menus, campus, recipes, clubs, events, news
    }

    /// What ``load(into:)`` loaded.
    struct Loaded {
        /// The server of the news files, to stop when serving ends; nil when the news did not load.
        let feeds: DemoFeedServer?
        /// The parts that loaded, in order.
        let parts: [Part]
        /// True when the console's user stands at ``startingPoint``.
        let standsAtStartingPoint: Bool
    }

    /// The configuration pointed at the demo: its own SQLite file, never the configured database.
    let configuration: ResolvedConfiguration
    /// The demo's folder.
    let folder: URL
    /// The folder as given on the command line, for the startup line.
    let shownFolder: String
    /// What the configuration reaches other machines with, switched off in the demo.
    let switchedOff: [String]

    /// The demo's SQLite file in `folder`.
    static func database(in folder: URL) -> URL { folder.appendingPathComponent("homeroom.sqlite") }

    /// Creates the folder, writes the files the configuration names (the bell schedule) and points
    /// `configuration` at them; prints one line and exits with code 1 when that fails. A folder
    /// whose demo database is the configured SQLite file is refused as a bad option before anything
    /// is written.
    static func prepare(in path: String, from configuration: ResolvedConfiguration, clock: any HomeroomClock)
        throws -> DemoSchool
    {
        let folder = URL(fileURLWithPath: path).standardizedFileURL
        let configured = configuration.configuration.storage.sqlite
        let database = database(in: folder).resolvedPath
        if !configured.isEmpty, database == URL(fileURLWithPath: configured).resolvedPath {
            throw ValidationError(
                "the demo's database \(database) would be the configured database \(configured); "
                    + "give --demo-folder another folder")
        }
        do {
            let switchedOff = try DemoOutsideDeliveries.names(in: configuration)
            let isNew = !FileManager.default.fileExists(atPath: folder.path)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // Generated data stays out of version control; a folder that was there keeps its own rules.
            if isNew {
                try "*\n".write(to: folder.appendingPathComponent(".gitignore"), atomically: true, encoding: .utf8)
            }
            let bellSchedule = try DemoBellSchedule.write(
                into: folder, today: configuration.school.localDate(at: clock.now), school: configuration.school,
                now: clock.now)
            let middleSchoolBells = try DemoBellSchedule.writeMiddleSchool(
                into: folder, today: configuration.school.localDate(at: clock.now), school: configuration.school,
                now: clock.now)
            let demo = try configuration.configuration.demo(
                in: folder, bellSchedule: bellSchedule, middleSchoolBells: middleSchoolBells
            ).resolve()
            return DemoSchool(configuration: demo, folder: folder, shownFolder: path, switchedOff: switchedOff)
        } catch let error as ConfigurationError {
            printError(error.description)
            throw ExitCode(2)
        } catch {
            printError("homeroom: cannot set up the demo school in \(path): \(error.localizedDescription)")
            throw ExitCode(1)
        }
    }

    /// Loads the menus, the campus, the recipes, the clubs, the events and the news into `runtime`'s
    /// storage, and stands the console's user at ``startingPoint`` when the campus loaded; a part
    /// that fails is skipped with a warning on standard error, and the rest is loaded.
    func load(into runtime: BotRuntime) async -> Loaded {
        let admin = DemoAdmin(runtime: runtime)
        // The demo reads its own answers back (which sources and events are there): in English,
        // whatever the school's language.
        _ = await Self.loads("admin") { try await runtime.access.setLanguage(.english, for: DemoAdmin.id) }
        let today = runtime.configuration.school.localDate(at: runtime.clock.now)
        let menus = await Self.loads("lunch menus") {
            try await DemoLunchMenus.load(into: folder, today: today, runtime: runtime)
        }
        let campus = await Self.loads("campus") {
            try await DemoCampus.load(from: DemoExamples.folder(), runtime: runtime)
        }
        let recipes = await Self.loads("recipe book") {
            try await DemoRecipeBook.load(from: DemoExamples.folder(), runtime: runtime)
        }
        // The translations of the clubs' and events' texts, as a district's translators give them.
        _ = await Self.loads("translations") { try await DemoTranslations.load(into: runtime) }
        let clubs = await Self.loads("clubs") { try await DemoClubs.load(admin) }
        let events = await Self.loads("events") { try await DemoEvents.load(admin, today: today) }
        var standing = false
        if campus {
            standing = await Self.loads("starting point") {
                try await admin.send("here \(DemoSchool.startingPoint)", as: runtime.configuration.consoleUser)
            }
        }
        var feeds: DemoFeedServer?
        let news = await Self.loads("news") { feeds = try await DemoNews.load(into: folder, admin, today: today) }
        let parts: [(Part, Bool)] = [
            (.menus, menus), (.campus, campus), (.recipes, recipes), (.clubs, clubs), (.events, events), (.news, news),
        ]
        return Loaded(feeds: feeds, parts: parts.filter(\.1).map(\.0), standsAtStartingPoint: standing)
    }

    /// The checkpoint the console's user stands at, so `/directions B-201` has a start.
    static let startingPoint = "A1-ENTRANCE"

    /// The line printed before serving: what `loaded` holds, what to try, and what was switched off.
    func welcome(_ loaded: Loaded) -> String {
        let words = Words(.homeroom, configuration.school.language)
        let contents = words.list(
            [words("its own SQLite file"), words("bell schedule")] + loaded.parts.map { Self.name(of: $0, words) })
        var tries = ["/now", "#jefferson /now"]
        if loaded.parts.contains(.menus) { tries += ["/lunch", "/lunch at Jefferson"] }
        if loaded.standsAtStartingPoint { tries.append("/directions B-201") }
        let schools = words.list(configuration.district.schools.map(\.name))
        let demo =
            loaded.standsAtStartingPoint
            ? words(
                "Demo district in {folder}: {schools} ({contents}, dated from today; you stand at {place}). Try {commands}.",
                [
                    "folder": shownFolder, "schools": schools, "contents": contents, "place": Self.startingPoint,
                    "commands": words.items(tries),
                ])
            : words(
                "Demo district in {folder}: {schools} ({contents}, dated from today). Try {commands}.",
                ["folder": shownFolder, "schools": schools, "contents": contents, "commands": words.items(tries)])
        guard !switchedOff.isEmpty else { return demo }
        return demo + " "
            + words("Off in the demo, so nothing reaches other machines: {names}.", ["names": words.items(switchedOff)])
    }

    /// What the demo part `part` is called, in the language of `words`.
    private static func name(of part: Part, _ words: Words) -> String {
        switch part {
        case .menus: words("menus")
        case .campus: words("campus")
        case .recipes: words("recipes")
        case .clubs: words("clubs")
        case .events: words("events")
        case .news: words("news")
        }
    }

    /// Runs `body`; true when it succeeded, otherwise prints a warning naming `part` on standard error.
    private static func loads(_ part: String, _ body: () async throws -> Void) async -> Bool {
        do {
            try await body()
            return true
        } catch let error as UserFacingError {
            printError("warning: demo \(part) not loaded: \(error.message)")
        } catch {
            printError("warning: demo \(part) not loaded: \(error)")
        }
        return false
    }
}
