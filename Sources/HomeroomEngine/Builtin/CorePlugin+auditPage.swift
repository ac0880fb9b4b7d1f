import Foundation
import HomeroomCore

extension CorePlugin {
    /// The capability of the console's audit log page.
    static let auditCapability = "admin.audit"
    /// How many entries the audit page shows at a time.
    static let auditPageSize = 100

    /// `/console/audit`: the audit log, newest first, a page at a time, filtered by the query's
    /// `person` (exactly), `action` (its start), `from` and `to` (school days, YYYY-MM-DD). The
    /// filter form posts `action` `filter`; the console shows the page again with the form's
    /// fields as its query.
    var auditPage: ConsolePage {
        ConsolePage(
            "audit", capability: Self.auditCapability, title: { words in words("Audit log") },
            show: { request in try await showAudit(request) })
    }

    private func showAudit(_ request: ConsoleRequest) async throws -> ConsoleView {
        let words = request.words
        // In a district, each entry names the school whose data it changed.
        let schools = district?.district
        let query = AuditPageQuery(request.query)
        var blocks: [ConsoleBlock] = [
            .form(
                ConsoleForm(
                    action: "filter",
                    fields: [
                        ConsoleField(
                            "person", label: words("Person"), value: query.person,
                            hint: words("Written adapter:id, like slack:T1:U2.")),
                        ConsoleField(
                            "action", label: words("Action"), value: query.action,
                            hint: words("The start of an action: lunch shows lunch.set.")),
                        ConsoleField("from", label: words("From"), value: query.from, kind: .date),
                        ConsoleField("to", label: words("To"), value: query.to, kind: .date),
                    ], submit: words("Show")))
        ]
        guard let filter = query.filter(at: request.school) else {
            blocks.append(.paragraph(words("Write dates as YYYY-MM-DD, like 2026-12-01.")))
            return ConsoleView(blocks)
        }
        let found = try await AuditLog.entries(
            matching: filter, before: query.before, limit: Self.auditPageSize + 1, in: request.storage.database)
        let shown = found.prefix(Self.auditPageSize)
        if shown.isEmpty {
            blocks.append(.paragraph(words("No entries match.")))
        } else {
            blocks.append(
                .table(
                    ConsoleTable(
                        caption: words("Audit entries, newest first"),
                        columns: [words("When"), words("Who"), words("Action"), words("Detail"), words("Where")]
                            + (schools == nil ? [] : [words("School")]),
                        rows: shown.map { _, entry in
                            [
                                .moment(entry.at, words, at: request.school), .text(entry.actor.description),
                                .text(entry.action), .text(entry.detail), entry.channel.map(ConsoleCell.text) ?? .empty,
                            ]
                                + (schools.map { schools in
                                    [entry.school.map { .text(schools.school(id: $0)?.name ?? $0) } ?? .empty]
                                } ?? [])
                        })))
        }
        var links: [ConsoleLink] = []
        if query.before != nil { links.append(ConsoleLink(words("Newest"), to: query.link(before: nil))) }
        if found.count > shown.count, let last = shown.last {
            links.append(ConsoleLink(words("Older"), to: query.link(before: last.id)))
        }
        if !links.isEmpty { blocks.append(.links(links)) }
        return ConsoleView(blocks)
    }
}
