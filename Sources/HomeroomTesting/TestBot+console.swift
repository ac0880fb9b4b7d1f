import HomeroomCore
import HomeroomEngine

/// A plugin's console page as a signed-in person sees it, without a browser.
extension TestBot {
    /// The console page at `path` (`lunch`), shown to `user` (`adapter:id`) as the console shows it
    /// to a person signed in from that identity.
    public func consoleView(
        _ path: String, as user: String = "console:admin", verified: Bool = false, query: [String: String] = [:]
    ) async throws -> ConsoleView {
        let (page, request) = try await consoleRequest(path, as: user, verified: verified, query: query)
        return try await page.show(request)
    }

    /// Posts `form` (and `upload`) to the console page at `path` as `user`; returns the notices.
    public func consolePost(
        _ path: String, _ form: [String: String], upload: ConsoleUpload? = nil, as user: String = "console:admin",
        verified: Bool = false
    ) async throws -> [ConsoleNotice] {
        let (page, request) = try await consoleRequest(path, as: user, verified: verified, form: form, upload: upload)
        return try await page.change(request)
    }

    private func consoleRequest(
        _ path: String, as user: String, verified: Bool, query: [String: String] = [:], form: [String: String] = [:],
        upload: ConsoleUpload? = nil
    ) async throws -> (ServedConsolePage, ConsoleRequest) {
        let identity = UserID(user)!
        guard let page = runtime.dispatcher.consolePage(at: path) else {
            throw ConsolePageMissing(path: path)
        }
        let caller = try await runtime.access.caller(for: identity, verified: verified)
        let runner = runtime.dispatcher.commandRunner(for: identity, verified: verified, surface: "web")
        return (
            page,
            page.request(
                by: caller, in: runtime.dispatcher.language(of: caller), query: query, form: form, upload: upload,
                runner: runner)
        )
    }
}

/// No plugin declares a console page at the path asked for.
public struct ConsolePageMissing: Error, CustomStringConvertible {
    /// The path.
    public let path: String
    public var description: String { "no console page /console/\(path)" }
}

extension ConsoleView {
    /// Every text the page shows, one per line: headings, paragraphs, facts, table cells, field
    /// labels and values, links and code labels, for tests that read the page as a person would.
    public var text: String {
        var lines: [String] = []
        func add(_ form: ConsoleForm) {
            for field in form.fields {
                lines.append(field.label)
                if !field.value.isEmpty { lines.append(field.value) }
            }
            lines.append(form.submit)
        }
        for block in blocks {
            switch block {
            case .heading(let text), .paragraph(let text): lines.append(text)
            case .facts(let facts): for fact in facts { lines.append("\(fact.term): \(fact.detail)") }
            case .table(let table):
                lines.append(table.caption)
                lines.append(table.columns.joined(separator: " | "))
                for row in table.rows {
                    for cell in row {
                        switch cell {
                        case .text(let text): lines.append(text)
                        case .lines(let texts): lines += texts
                        case .form(let form), .labelledForm(let form): add(form)
                        case .empty: break
                        }
                    }
                }
            case .form(let form): add(form)
            case .links(let links): lines += links.map(\.label)
            case .codes(let codes): lines += codes.map(\.label)
            }
        }
        return lines.joined(separator: "\n")
    }
}
