import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Hummingbird
import Logging

/// What the console does for each request: who is signed in, what they may open, and the pages.
struct ConsoleServer: Sendable {
    let signIns: WebConsoleSignIns
    let access: AccessDirectory
    let login: PinLogin
    let dispatcher: Dispatcher
    let schoolName: String
    let outbox: Outbox
    let adapterStatus: AdapterStatusBoard
    let roster: any DutyRoster
    let logger: Logger
    /// Where forms may come from: the public address, read once.
    let crossSite: CrossSiteCheck

    /// The capability the health page needs: the same as `/admin outbox`.
    static let healthCapability = "admin.outbox"

    /// A signed-in person, as this request shows them.
    struct Visitor {
        let session: WebConsoleSignIns.Session
        /// The person, with what their district-wide roles allow: the runtime's own pages (people,
        /// audit, health) ask this.
        let caller: Caller
        let language: Language
        /// The school whose data the plugins' pages show and change: the person's own (`/me
        /// school`), else the district's first.
        let school: School
        /// The person at ``school``, with what their roles there allow too.
        let callerAtSchool: Caller
        var words: Words { Words(.console, language) }

        /// `page` as this visitor works on it, and who they are there: a plugin's page over their
        /// school's data; the runtime's own pages across the district.
        func working(on page: ServedConsolePage) -> (page: ServedConsolePage, caller: Caller) {
            page.pluginID == CorePlugin.id ? (page, caller) : (page.at(school), callerAtSchool)
        }
    }

    /// Either the visitor, or what to answer instead (the sign-in page, the PIN page).
    enum Admission {
        case visitor(Visitor)
        case answer(Response)
    }

    /// The visitor behind `request`'s cookie. Without a live session: to the console's front page.
    /// With roles that need a PIN login not yet made (an identity its platform does not vouch
    /// for): to the PIN page, unless `pinPage` is this request.
    func admit(_ request: Request, pinPage: Bool = false) async -> Admission {
        do {
            guard let cookie = ConsoleCookie.value(in: request.headers[.cookie], secure: signIns.settings.isSecure),
                let session = try await signIns.session(fromCookie: cookie)
            else {
                return .answer(
                    ConsoleResponses.redirect(
                        to: "/console", cookie: ConsoleCookie.clearing(secure: signIns.settings.isSecure)))
            }
            let caller = try await access.caller(for: session.identity, verified: session.verified)
            let district = dispatcher.district
            let school = district.school(orDefault: caller.school ?? caller.schoolRoles.keys.sorted().first)
            let visitor = Visitor(
                session: session, caller: caller, language: dispatcher.language(of: caller), school: school,
                callerAtSchool: access.caller(caller, at: school.id))
            if !pinPage, Self.needsPIN(visitor) {
                return .answer(ConsoleResponses.redirect(to: "/console/pin"))
            }
            return .visitor(visitor)
        } catch {
            return .answer(failure(error, language: dispatcher.language(of: nil)))
        }
    }

    /// True when the visitor holds roles that are not in force until they log in with their PIN.
    static func needsPIN(_ visitor: Visitor) -> Bool {
        !visitor.session.verified && (!visitor.caller.roles.isEmpty || !visitor.caller.schoolRoles.isEmpty)
            && !visitor.caller.isLoggedIn
    }

    /// The pages `visitor` may open, in menu order: the plugins', then the health page.
    func menu(for visitor: Visitor) -> [ConsoleLayout.MenuItem] {
        let words = visitor.words
        return dispatcher.consolePages(at: visitor.school).filter {
            let (page, caller) = visitor.working(on: $0)
            return page.admits(caller)
        }
        .map { ConsoleLayout.MenuItem(path: $0.page.path, title: $0.title(in: visitor.language)) }
            + (visitor.caller.may(Self.healthCapability)
                ? [ConsoleLayout.MenuItem(path: "health", title: words("Health"))] : [])
    }

    /// The layout for `visitor`'s pages.
    func layout(for visitor: Visitor) -> ConsoleLayout {
        ConsoleLayout(
            school: dispatcher.district.hasOneSchool ? schoolName : visitor.school.name, words: visitor.words,
            menu: menu(for: visitor),
            signedIn: (visitor.session.identity.description, visitor.session.csrf))
    }

    /// The layout for a page with nobody signed in, in `language`, else the school's.
    func signedOutLayout(in language: Language? = nil) -> ConsoleLayout {
        ConsoleLayout(
            school: schoolName, words: Words(.console, language ?? dispatcher.language(of: nil)), menu: [],
            signedIn: nil)
    }

    /// `GET /console`: the pages the visitor may open; how to sign in when nobody is.
    func home(_ request: Request) async -> Response {
        guard ConsoleCookie.value(in: request.headers[.cookie], secure: signIns.settings.isSecure) != nil else {
            return signedOutHome()
        }
        switch await admit(request) {
        case .answer(let response):
            return response.headers[.location] == "/console" ? signedOutHome() : response
        case .visitor(let visitor):
            let words = visitor.words
            let menu = menu(for: visitor)
            let notice = try? await signIns.takeNotice(of: visitor.session)
            let view = ConsoleView(
                menu.isEmpty
                    ? [.paragraph(words("Your roles give you no pages here. An admin can grant you one."))]
                    : [
                        .paragraph(words("Choose what to look after.")),
                        .links(menu.map { ConsoleLink($0.title, to: $0.path) }),
                    ])
            return ConsoleResponses.html(
                layout(for: visitor).render(path: "", title: words("Web console"), view: view, notice: notice))
        }
    }

    private func signedOutHome() -> Response {
        let layout = signedOutLayout()
        let words = layout.words
        let view = ConsoleView([
            .paragraph(
                words(
                    "To sign in, send {command} to the school's bot in a direct message and open the link it answers with.",
                    ["command": "/admin web"]))
        ])
        return ConsoleResponses.html(
            layout.render(path: "", title: words("Web console"), view: view, notice: nil),
            cookie: ConsoleCookie.clearing(secure: signIns.settings.isSecure))
    }

    /// A page saying what went wrong: a ``UserFacingError``'s message, or a logged reference; with
    /// `visitor`'s menu when someone is signed in.
    func failure(
        _ error: any Error, language: Language, status: HTTPResponse.Status? = nil, for visitor: Visitor? = nil
    ) -> Response {
        let words = Words(.console, language)
        let page = visitor.map { self.layout(for: $0) } ?? signedOutLayout(in: language)
        if let error = error as? UserFacingError {
            return ConsoleResponses.html(
                page.render(
                    path: "", title: words("Web console"), view: ConsoleView([]),
                    notice: ConsoleNotice(error.message, isError: true)),
                status: status ?? .badRequest)
        }
        let reference = ErrorReference.logging(error, as: "console page failed", metadata: [:], to: logger)
        // The core's sentence, already in every language.
        let core = Words(.core, language)
        return ConsoleResponses.html(
            page.render(
                path: "", title: words("Web console"), view: ConsoleView([]),
                notice: ConsoleNotice(
                    core(
                        "Something went wrong — it is logged as {reference} for the admins.",
                        ["reference": "\(reference)"]), isError: true)),
            status: status ?? .internalServerError)
    }

    /// The form `request` posted, with its CSRF token and origin checked against `session`'s
    /// (nil `session`: a sign-in form, which has only the origin to check). Nil when refused.
    func postedForm(_ request: Request, session: WebConsoleSignIns.Session?) async -> PostedForm? {
        guard crossSite.admits(request.headers, authority: request.head.authority) else { return nil }
        guard let body = try? await request.body.collect(upTo: WebConsoleRoutes.uploadLimit),
            let form = try? PostedForm(body: body, contentType: request.headers[.contentType])
        else { return nil }
        if let session {
            guard let token = form.fields["csrf"], ConstantTime.equal(Array(token.utf8), Array(session.csrf.utf8))
            else {
                return nil
            }
        }
        return form
    }

    /// The answer to a form that failed its checks, with `visitor`'s menu when someone is signed in.
    func refusedForm(language: Language, for visitor: Visitor? = nil) -> Response {
        let words = Words(.console, language)
        return failure(
            UserFacingError(
                words("This form was refused: it did not come from this console's own page. Open the page again.")),
            language: language, status: .forbidden, for: visitor)
    }
}
