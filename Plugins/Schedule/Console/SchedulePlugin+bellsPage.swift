import CivilDates
import HomeroomCore

extension SchedulePlugin {
    /// `/console/bells`: a month of school days with what runs on each, a form a day to assign it a
    /// day type or no school, the feed's health with a button to fetch it now, and the day types.
    /// Every change runs the `/schedule` command that makes it, as the signed-in person.
    var bellsPage: ConsolePage {
        ConsolePage(
            "bells", capability: "schedule.assign", title: { words in words("Bell schedule") },
            show: { request in try await showBells(request) }, change: { request in try await changeBells(request) })
    }

    /// The month asked for (the school's current month by default), the feed's facts, the day types.
    private func showBells(_ request: ConsoleRequest) async throws -> ConsoleView {
        let words = request.words
        let month = try requestedMonth(request)
        var blocks: [ConsoleBlock] = [
            .links([
                ConsoleLink(month.previous.name(words), to: "bells?month=\(month.previous.iso)"),
                ConsoleLink(month.next.name(words), to: "bells?month=\(month.next.iso)"),
            ])
        ]
        do {
            blocks.append(.table(try await monthTable(month, request)))
        } catch let error as UserFacingError {
            // No calendar to read (a feed never fetched, a broken file): the facts below say more.
            blocks.append(.paragraph(error.message))
        }
        blocks += [.heading(words("Where the schedule comes from")), .facts(try await feedFacts(request))]
        if source.refresher != nil, request.caller.may("schedule.refresh") {
            blocks.append(.form(ConsoleForm(action: "refresh", submit: words("Refresh now"))))
        }
        blocks.append(.heading(words("Day types")))
        let types = try await ScheduleStore(storage: request.storage).dayTypes()
        if types.isEmpty {
            blocks.append(
                .paragraph(
                    words(
                        "No day types yet. Define one with {command}.", ["command": "/schedule daytype set"])))
        } else {
            blocks.append(
                .table(
                    ConsoleTable(
                        caption: words("Day types"), columns: [words("Day type"), words("Periods")],
                        rows: types.map { [.text($0.name), .lines($0.slots.map(\.text))] })))
        }
        return ConsoleView(blocks)
    }

    /// Runs `/schedule assign`, `/schedule unassign` or `/schedule refresh` for the posted form.
    private func changeBells(_ request: ConsoleRequest) async throws -> [ConsoleNotice] {
        let words = request.words
        switch request.form["action"] {
        case "assign":
            let text = request.form["date"] ?? ""
            guard let date = LocalDate(iso: text) else {
                throw UserFacingError(words("\"{date}\" is not a date", ["date": text]))
            }
            let type = request.form["type"] ?? ""
            let arguments = type.isEmpty ? ["unassign", date.iso] : ["assign", date.iso, type]
            return [await request.run("schedule", arguments)]
        case "refresh":
            return [await request.run("schedule", ["refresh"])]
        default:
            throw UserFacingError(words("This page has no such form."))
        }
    }

    /// The month of `?month=2026-12`, else the school's current month.
    private func requestedMonth(_ request: ConsoleRequest) throws -> ScheduleMonth {
        guard let text = request.query["month"] else {
            return ScheduleMonth(of: request.school.localDate(at: request.clock.now))
        }
        guard let month = ScheduleMonth(parsing: text) else {
            let words = request.words
            throw UserFacingError(
                words("\"{month}\" is not a month; write it like {example}.", ["month": text, "example": "2026-12"]))
        }
        return month
    }
}
