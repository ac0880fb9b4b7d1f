import Foundation
import HomeroomCore
import HomeroomEngine
import Hummingbird

/// Signing in with a link from chat, the PIN step, and signing out.
extension ConsoleServer {
    /// `GET /console/signin/TOKEN`: a button that uses the link. The link is used only when a
    /// person presses it, so a chat app that fetches links to preview them does not spend it.
    func confirmSignIn(_ request: Request, token: String) -> Response {
        let layout = signedOutLayout()
        let words = layout.words
        let form = ConsoleForm(action: "signin", submit: words("Sign in"))
        let page = layout.render(
            path: "signin/\(token)", title: words("Sign in"),
            view: ConsoleView([
                .paragraph(words("This link signs you in to the web console once. Press the button to go on.")),
                .form(form),
            ]), notice: nil)
        return ConsoleResponses.html(page)
    }

    /// `POST /console/signin/TOKEN`: uses the link and starts a session, or says why it cannot.
    func signIn(_ request: Request, token: String) async -> Response {
        let language = dispatcher.language(of: nil)
        let words = Words(.console, language)
        guard await postedForm(request, session: nil) != nil else { return refusedForm(language: language) }
        do {
            switch try await signIns.redeem(token) {
            case .signedIn(let session):
                return ConsoleResponses.redirect(
                    to: "/console", cookie: ConsoleCookie.setting(session.cookie, secure: signIns.settings.isSecure))
            case .alreadyUsed:
                return failure(
                    UserFacingError(
                        words(
                            "This link was used already. Ask for a new one with {command}.", ["command": "/admin web"])),
                    language: language, status: .forbidden)
            case .expired:
                return failure(
                    UserFacingError(
                        words("This link is too old. Ask for a new one with {command}.", ["command": "/admin web"])),
                    language: language, status: .forbidden)
            case .unknown:
                return failure(
                    UserFacingError(
                        words(
                            "This link is not one of ours. Ask for a new one with {command}.", ["command": "/admin web"]
                        )),
                    language: language, status: .forbidden)
            }
        } catch {
            return failure(error, language: language)
        }
    }

    /// `GET /console/pin`: the PIN, for an identity whose roles need a PIN login.
    func pinPage(_ request: Request) async -> Response {
        switch await admit(request, pinPage: true) {
        case .answer(let response): return response
        case .visitor(let visitor):
            guard Self.needsPIN(visitor) else { return ConsoleResponses.redirect(to: "/console") }
            let notice = try? await signIns.takeNotice(of: visitor.session)
            return ConsoleResponses.html(pinView(visitor, notice: notice))
        }
    }

    private func pinView(_ visitor: Visitor, notice: ConsoleNotice?) -> String {
        let words = visitor.words
        let layout = ConsoleLayout(
            school: schoolName, words: words, menu: [],
            signedIn: (visitor.session.identity.description, visitor.session.csrf))
        return layout.render(
            path: "pin", title: words("Your PIN"),
            view: ConsoleView([
                .paragraph(
                    words(
                        "Your roles need your PIN, as {command} does in chat. Too many wrong tries lock it for a while.",
                        ["command": "/login"])),
                .form(
                    ConsoleForm(
                        action: "pin", fields: [ConsoleField("pin", label: words("PIN"), kind: .secret)],
                        submit: words("Log in"))),
            ]), notice: notice)
    }

    /// `POST /console/pin`: the same PIN login, with the same lockout, as `/login` in chat.
    func enterPIN(_ request: Request) async -> Response {
        guard case .visitor(let visitor) = await admit(request, pinPage: true) else {
            return ConsoleResponses.redirect(to: "/console")
        }
        guard let form = await postedForm(request, session: visitor.session) else {
            return refusedForm(language: visitor.language, for: visitor)
        }
        let words = visitor.words
        do {
            let outcome = try await login.logIn(
                visitor.session.identity, pin: form.fields["pin"] ?? "", schoolLanguage: dispatcher.language(of: nil))
            let notice: ConsoleNotice
            switch outcome {
            case .loggedIn: return ConsoleResponses.redirect(to: "/console")
            case .wrongPIN(let triesLeft):
                notice = ConsoleNotice(
                    words.plural(
                        "That PIN is wrong. {count} more try before it locks.",
                        "That PIN is wrong. {count} more tries before it locks.", count: triesLeft), isError: true)
            case .locked(let until):
                notice = ConsoleNotice(
                    words(
                        "Too many wrong tries: the PIN is locked until {time}.",
                        ["time": words.time(until, at: dispatcher.school)]),
                    isError: true)
            case .noPIN:
                notice = ConsoleNotice(
                    words("No PIN is set for you. Ask an admin to set one."), isError: true)
            }
            try await signIns.leave(notice, for: visitor.session)
            return ConsoleResponses.redirect(to: "/console/pin")
        } catch {
            return failure(error, language: visitor.language, for: visitor)
        }
    }

    /// `POST /console/signout`: ends the session on every instance, and the identity's PIN login.
    func signOut(_ request: Request) async -> Response {
        let clearing = ConsoleCookie.clearing(secure: signIns.settings.isSecure)
        guard case .visitor(let visitor) = await admit(request, pinPage: true) else {
            return ConsoleResponses.redirect(to: "/console", cookie: clearing)
        }
        guard await postedForm(request, session: visitor.session) != nil else {
            return refusedForm(language: visitor.language, for: visitor)
        }
        do {
            try await signIns.end(visitor.session)
            // A PIN given on the page (or in chat) ends with the session, so a new link asks again.
            _ = try await login.logOut(visitor.session.identity)
        } catch {
            return failure(error, language: visitor.language, for: visitor)
        }
        return ConsoleResponses.redirect(to: "/console", cookie: clearing)
    }
}
