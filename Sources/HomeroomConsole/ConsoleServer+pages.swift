import Foundation
import HomeroomCore
import HomeroomEngine
import Hummingbird

/// The plugins' pages: shown to those who may, and their forms done as chat commands are.
extension ConsoleServer {
    /// `GET /console/PAGE?QUERY`.
    func show(_ request: Request, page path: String) async -> Response {
        let visitor: Visitor
        switch await admit(request) {
        case .answer(let response): return response
        case .visitor(let admitted): visitor = admitted
        }
        let words = visitor.words
        guard let served = dispatcher.consolePage(at: path, for: visitor.school) else {
            return failure(
                UserFacingError(words("There is no such page in the console.")), language: visitor.language,
                status: .notFound, for: visitor)
        }
        let (page, caller) = visitor.working(on: served)
        let query = Self.query(of: request)
        let notice = try? await signIns.takeNotice(of: visitor.session)
        do {
            let view = try await page.show(
                page.request(by: caller, in: visitor.language, query: query, runner: runner(for: visitor)))
            return ConsoleResponses.html(
                layout(for: visitor).render(
                    path: page.page.path, query: request.uri.query, title: page.title(in: visitor.language),
                    view: view, notice: notice))
        } catch {
            return pageFailure(error, visitor: visitor, page: page, notice: notice)
        }
    }

    /// `POST /console/PAGE?QUERY`: does what the form asks, keeps what it said for the page, and
    /// shows the page again (a 303, so that reloading does not post twice). The page reads the
    /// form's action as its field `action`. A form whose action is `filter` becomes the page's
    /// query instead.
    func change(_ request: Request, page path: String) async -> Response {
        let visitor: Visitor
        switch await admit(request) {
        case .answer(let response): return response
        case .visitor(let admitted): visitor = admitted
        }
        let words = visitor.words
        guard let form = await postedForm(request, session: visitor.session) else {
            return refusedForm(language: visitor.language, for: visitor)
        }
        guard let served = dispatcher.consolePage(at: path, for: visitor.school) else {
            return failure(
                UserFacingError(words("There is no such page in the console.")), language: visitor.language,
                status: .notFound, for: visitor)
        }
        let (page, caller) = visitor.working(on: served)
        // The form's own action travels as `_action`, so that a page may name a field `action`.
        var fields = form.fields
        let action = fields.removeValue(forKey: "_action")
        fields.removeValue(forKey: "csrf")
        if action == "filter" {
            fields = fields.filter { !$0.value.isEmpty }
            var components = URLComponents()
            components.queryItems = fields.sorted { $0.key < $1.key }.map {
                URLQueryItem(name: $0.key, value: $0.value)
            }
            return ConsoleResponses.redirect(
                to: "/console/\(page.page.path)" + (fields.isEmpty ? "" : "?\(components.percentEncodedQuery ?? "")"))
        }
        fields["action"] = action
        let notices: [ConsoleNotice]
        do {
            notices = try await page.change(
                page.request(
                    by: caller, in: visitor.language, query: Self.query(of: request), form: fields,
                    upload: form.upload, runner: runner(for: visitor)))
        } catch let error as UserFacingError {
            notices = [ConsoleNotice(error.message, isError: true)]
        } catch {
            return failure(error, language: visitor.language, for: visitor)
        }
        let joined = ConsoleNotice(lines: notices.flatMap(\.lines), isError: notices.contains(where: \.isError))
        if !joined.lines.isEmpty { try? await signIns.leave(joined, for: visitor.session) }
        return ConsoleResponses.redirect(to: "/console/" + Self.pathWithQuery(page.page.path, request))
    }

    /// Runs chat commands as the visitor, through the web, about the visitor's school.
    func runner(for visitor: Visitor) -> @Sendable (PlatformCommand) async -> Reply? {
        dispatcher.commandRunner(
            for: visitor.session.identity, verified: visitor.session.verified, surface: "web",
            school: dispatcher.district.hasOneSchool ? nil : visitor.school)
    }

    /// A page that refused or failed: the refusal above an empty page, or a logged reference.
    private func pageFailure(_ error: any Error, visitor: Visitor, page: ServedConsolePage, notice: ConsoleNotice?)
        -> Response
    {
        guard let refusal = error as? UserFacingError else {
            return failure(error, language: visitor.language, for: visitor)
        }
        let lines = (notice?.lines ?? []) + [refusal.message]
        return ConsoleResponses.html(
            layout(for: visitor).render(
                path: page.page.path, title: page.title(in: visitor.language), view: ConsoleView([]),
                notice: ConsoleNotice(lines: lines, isError: true)),
            status: page.admits(visitor.working(on: page).caller) ? .badRequest : .forbidden)
    }

    /// The request's query, decoded; a field given twice keeps its first value.
    static func query(of request: Request) -> [String: String] {
        guard let text = request.uri.query, let items = URLComponents(string: "?" + text)?.queryItems else {
            return [:]
        }
        var query: [String: String] = [:]
        for item in items.prefix(50) where query[item.name] == nil { query[item.name] = item.value ?? "" }
        return query
    }

    /// `path` with the request's query, as the page's forms post to it and return to it.
    static func pathWithQuery(_ path: String, _ request: Request) -> String {
        guard let query = request.uri.query, !query.isEmpty else { return path }
        return "\(path)?\(query)"
    }
}
