import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Testing

/// Signing in from chat: a one-time link in a direct message, a session cookie kept to the
/// console, and every way in that must stay shut.
@Suite struct ConsoleSignInTests {
    @Test func aLinkFromADirectMessageSignsInOnceWithAStrictCookie() async throws {
        try await ConsoleHarness.with { console in
            try await console.bot.loginAsAdmin()
            let refused = try await console.bot.expect(
                "/admin web", from: ConsoleHarness.admin, in: "#office", error: true)
            #expect(refused.text.contains("direct message"))
            let link = try await console.link()

            // Opening the link (as a chat app's preview does) does not spend it.
            let confirm = try await console.get(link)
            #expect(confirm.status == 200 && confirm.setCookie == nil)
            #expect(confirm.body.contains("<button type=\"submit\">Sign in</button>"))

            let used = try await console.post(link, ["_action": "signin"])
            #expect(used.status == 303 && used.location == "/console")
            let cookie = try #require(used.setCookie)
            #expect(cookie.contains("; Path=/console; HttpOnly; SameSite=Strict"))
            #expect(!cookie.contains("Secure"), "the test console is reached over plain http")
            let session = try #require(cookie.split(separator: ";").first.map(String.init))
            let home = try await console.get("/console", cookie: session)
            #expect(home.status == 200 && home.body.contains(#"<a href="/console/lunch">Lunch</a>"#))
            #expect(home.body.contains("console:admin"))

            let again = try await console.post(link, ["_action": "signin"])
            #expect(again.status == 403 && again.setCookie == nil)
            #expect(again.body.contains("This link was used already."))
            let audit = try await AuditLog.recent(5, in: console.bot.runtime.database)
            #expect(audit.contains { $0.action == "console.link.reused" && $0.channel == "web" })
            #expect(audit.contains { $0.action == "console.signin" && $0.actor.description == ConsoleHarness.admin })
        }
    }

    @Test func behindTLSTheCookieIsSecureAndHostOnly() async throws {
        try await ConsoleHarness.with(configure: { $0.webConsole.publicURL = "https://homeroom.school.example" }) {
            console in
            try await console.bot.loginAsAdmin()
            let link = try await console.link()
            let used = try await console.post(link, ["_action": "signin"])
            let cookie = try #require(used.setCookie)
            #expect(cookie.hasPrefix("__Host-homeroom_console="))
            #expect(cookie.hasSuffix("; Path=/; HttpOnly; SameSite=Strict; Secure"))
            let session = try #require(cookie.split(separator: ";").first.map(String.init))
            #expect(try await console.get("/console/lunch", cookie: session).status == 200)
            let plain = session.replacingOccurrences(of: "__Host-homeroom_console=", with: "homeroom_console=")
            #expect(try await console.get("/console/lunch", cookie: plain).status == 303, "only the host-only name")
        }
    }

    @Test func aLinkOlderThanTenMinutesOrNotOursIsRefused() async throws {
        try await ConsoleHarness.with { console in
            try await console.bot.loginAsAdmin()
            let link = try await console.link()
            console.bot.clock.advance(by: 10 * 60 + 1)
            let late = try await console.post(link, ["_action": "signin"])
            #expect(late.status == 403 && late.body.contains("This link is too old."))
            let made = try await console.post(
                "/console/signin/" + String(repeating: "A", count: 43), ["_action": "signin"])
            #expect(made.status == 403 && made.body.contains("This link is not one of ours."))
        }
    }

    @Test func aStudentGetsNoLink() async throws {
        try await ConsoleHarness.with { console in
            let refused = try await console.bot.expect("/admin web", from: "console:student", error: true)
            #expect(refused.text.contains("admin.web"))
        }
    }

    @Test func aLinkIsNotUsedFromAnotherSite() async throws {
        try await ConsoleHarness.with { console in
            try await console.bot.loginAsAdmin()
            let link = try await console.link()
            let forged = try await console.post(
                link, ["_action": "signin"],
                headers: ["Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"])
            #expect(forged.status == 403 && forged.setCookie == nil)
            #expect(
                try await console.post(link, ["_action": "signin"]).status == 303, "the refused post did not spend it")
        }
    }

    @Test func formsWithoutTheTokenOrFromAnotherSiteAreRefusedAndChangeNothing() async throws {
        try await ConsoleHarness.with { console in
            try await console.bot.loginAsAdmin()
            let (cookie, csrf) = try await console.signIn()
            let change = ["_action": "set", "date": "2026-11-24", "field": "specials", "value": "Forged stew"]
            let withoutToken = try await console.post("/console/lunch", change, cookie: cookie)
            #expect(withoutToken.status == 403 && withoutToken.body.contains("This form was refused"))
            var withToken = change
            withToken["csrf"] = csrf
            let crossSite = try await console.post(
                "/console/lunch", withToken, cookie: cookie, headers: ["Sec-Fetch-Site": "cross-site"])
            #expect(crossSite.status == 403)
            let foreignOrigin = try await console.post(
                "/console/lunch", withToken, cookie: cookie, headers: ["Origin": "https://evil.example"])
            #expect(foreignOrigin.status == 403)
            withToken["csrf"] = String(csrf.reversed())
            #expect(try await console.post("/console/lunch", withToken, cookie: cookie).status == 403)
            try await console.bot.expect("/lunch 2026-11-24", contains: "no lunch menu")
        }
    }

    @Test func aCookieSignedWithAnotherKeyOrAnotherDeploymentsIsRefused() async throws {
        var foreign = ""
        try await ConsoleHarness.with { other in
            try await other.bot.loginAsAdmin()
            foreign = try await other.signIn().cookie
        }
        try await ConsoleHarness.with { console in
            try await console.bot.loginAsAdmin()
            let (cookie, _) = try await console.signIn()
            let fromAnotherDeployment = try await console.get("/console/lunch", cookie: foreign)
            #expect(fromAnotherDeployment.status == 303 && fromAnotherDeployment.location == "/console")
            let parts = cookie.split(separator: ".")
            let resigned = "\(parts[0]).\(String(repeating: "x", count: 43))"
            #expect(try await console.get("/console/lunch", cookie: resigned).status == 303)
            #expect(try await console.get("/console/lunch", cookie: cookie).status == 200)
        }
    }

    @Test func aSessionEndsWhenIdleAtItsAgeAndAtSignOutOnEveryInstance() async throws {
        try await ConsoleHarness.with(configure: { $0.webConsole.maximumHours = 2 }) { console in
            try await console.bot.loginAsAdmin()
            let idle = try await console.signIn().cookie
            console.bot.clock.advance(by: 30 * 60 + 1)
            #expect(try await console.get("/console/lunch", cookie: idle).status == 303, "idle past 30 minutes")

            try await console.bot.loginAsAdmin()
            let busy = try await console.signIn().cookie
            for _ in 0..<5 {
                console.bot.clock.advance(by: 20 * 60)
                #expect(try await console.get("/console/lunch", cookie: busy).status == 200)
            }
            console.bot.clock.advance(by: 20 * 60 + 1)
            #expect(try await console.get("/console/lunch", cookie: busy).status == 303, "past the 2 hours")

            try await console.bot.loginAsAdmin()
            let (cookie, csrf) = try await console.signIn()
            let out = try await console.post("/console/signout", ["csrf": csrf], cookie: cookie)
            #expect(out.status == 303 && out.setCookie?.contains("Max-Age=0") == true)
            #expect(try await console.get("/console/lunch", cookie: cookie).status == 303)
            let audit = try await AuditLog.recent(2, in: console.bot.runtime.database)
            #expect(audit.map(\.action) == ["logout", "console.signout"], "the PIN login ends with the session")
            let chat = try await console.bot.runtime.access.caller(for: UserID(ConsoleHarness.admin)!, verified: false)
            #expect(!chat.isLoggedIn)
        }
    }

    @Test func rolesThatNeedAPINAskForItWithTheSameLockoutAsChat() async throws {
        try await ConsoleHarness.with(configure: { $0.security.loginHours = 1 }) { console in
            try await console.bot.loginAsAdmin()
            let (cookie, csrf) = try await console.signIn()
            // The PIN login made in chat runs out while the web session lasts.
            for _ in 0..<4 {
                console.bot.clock.advance(by: 20 * 60)
                _ = try await console.get("/console", cookie: cookie)
            }
            let asked = try await console.get("/console/lunch", cookie: cookie)
            #expect(asked.status == 303 && asked.location == "/console/pin")
            let page = try await console.get("/console/pin", cookie: cookie)
            #expect(page.body.contains(#"type="password""#))
            let wrong = try await console.post("/console/pin", ["csrf": csrf, "pin": "0000"], cookie: cookie)
            #expect(wrong.location == "/console/pin")
            #expect(
                try await console.get("/console/pin", cookie: cookie).body.contains("That PIN is wrong. 4 more tries"))
            for _ in 0..<4 {
                _ = try await console.post("/console/pin", ["csrf": csrf, "pin": "0000"], cookie: cookie)
            }
            let right = try await console.post(
                "/console/pin", ["csrf": csrf, "pin": TestBot.adminPIN], cookie: cookie)
            #expect(right.location == "/console/pin", "locked, even with the right PIN")
            #expect(try await console.get("/console/pin", cookie: cookie).body.contains("locked until"))
            try await console.bot.expect(
                "/login \(TestBot.adminPIN)", from: ConsoleHarness.admin, contains: "locked", error: true)
            console.bot.clock.advance(by: 16 * 60)
            _ = try await console.get("/console", cookie: cookie)
            let unlocked = try await console.post(
                "/console/pin", ["csrf": csrf, "pin": TestBot.adminPIN], cookie: cookie)
            #expect(unlocked.location == "/console")
            #expect(try await console.get("/console/lunch", cookie: cookie).status == 200)
        }
    }
}
