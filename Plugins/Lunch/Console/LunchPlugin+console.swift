import CivilDates
import HomeroomCore

extension LunchPlugin {
    /// The office's lunch page, `/console/lunch`: a week of menus edited cell by cell, the dishes
    /// served every day, and a file import. Every change but the import runs the chat command that
    /// makes it, as the signed-in person.
    public var consolePages: [ConsolePage] {
        [
            ConsolePage(
                "lunch", capability: "lunch.set", title: { words in words("Lunch") },
                show: { request in try await consoleView(request) },
                change: { request in try await consoleChange(request) })
        ]
    }

    /// The week `?week=` names (any date of it; this week when it names none), the dishes served
    /// every day and the import form.
    private func consoleView(_ request: ConsoleRequest) async throws -> ConsoleView {
        let today = request.school.localDate(at: request.clock.now)
        var monday = today.mondayOfWeek
        if let week = request.query["week"] {
            do {
                monday = try DateExpression.parse(week, today: today).mondayOfWeek
            } catch {
                throw UserFacingError(error.message(in: request.words.language))
            }
        }
        let store = LunchMenuStore(storage: request.storage)
        let grid = LunchWeekGrid(monday: monday, menus: try await store.menus(in: monday...monday.adding(days: 4)))
        let always = LunchAlwaysList(
            dishes: try await store.alwaysDishes(), isEditable: request.caller.may("lunch.always"))
        return ConsoleView(
            grid.blocks(request.words, translations: request.translations) + always.blocks(request.words)
                + LunchConsoleImport.blocks(request.words))
    }

    /// Does what the posted form's `action` asks.
    private func consoleChange(_ request: ConsoleRequest) async throws -> [ConsoleNotice] {
        let dish = request.form["dish"] ?? ""
        switch request.form["action"] {
        case LunchWeekGrid.setAction:
            return [await request.run("lunch", LunchWeekGrid.setArguments(from: request.form))]
        case LunchAlwaysList.addAction:
            return [await request.run("lunch", ["always", "add", dish])]
        case LunchAlwaysList.removeAction:
            return [await request.run("lunch", ["always", "remove", dish])]
        case LunchConsoleImport.action:
            let notice = try await LunchConsoleImport.run(request)
            cache.invalidate()
            return [notice]
        default:
            let words = request.words
            throw UserFacingError(words("This page has no such form."))
        }
    }
}
