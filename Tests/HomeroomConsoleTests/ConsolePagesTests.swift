import Foundation
import HomeroomConsole
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import Testing

/// The console's pages as a browser gets them: escaped, locked down by their headers, changes
/// made as chat makes them, and the hallway display.
@Suite struct ConsolePagesTests {
    @Test func whatAnAdminTypedShowsAsTextNeverAsMarkup() async throws {
        try await ConsoleHarness.with { console in
            try await console.bot.loginAsAdmin()
            try await console.bot.expect(
                #"/lunch set 2026-11-24 specials "<script>alert(1)</script>; Mac & cheese""#, from: ConsoleHarness.admin
            )
            let (cookie, _) = try await console.signIn()
            let page = try await console.get("/console/lunch?week=2026-11-23", cookie: cookie)
            #expect(page.status == 200)
            #expect(page.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(!page.body.contains("<script>alert"))
            #expect(page.body.contains("Mac &amp; cheese"))
        }
    }

    @Test func aQuoteJoinedToACombiningMarkIsStillEscaped() async throws {
        try await ConsoleHarness.with { console in
            try await console.bot.loginAsAdmin()
            let (cookie, _) = try await console.signIn()
            // `"` + U+0301 is one Character, which an escaper of whole Characters leaves alone.
            let page = try await console.get("/console/audit?person=%22%CC%81%20autofocus%20x%3D", cookie: cookie)
            #expect(page.status == 200)
            let escaped = "&quot;\u{301} autofocus x="
            let raw = "\"\u{301} autofocus"
            #expect(page.body.contains(escaped))
            #expect(!page.body.contains(raw))
        }
    }

    @Test func everyPageCarriesAPolicyWithoutInlineScriptAndIsNeverCachedOrFramed() async throws {
        try await ConsoleHarness.with { console in
            try await console.bot.loginAsAdmin()
            let (cookie, _) = try await console.signIn()
            for path in ["/console", "/console/lunch", "/console/health", "/display", "/console/signin/x"] {
                let answer = try await console.get(path, cookie: cookie)
                let policy = try #require(answer.headers.first(name: "Content-Security-Policy"), "\(path)")
                #expect(!policy.contains("unsafe-inline") && policy.contains("script-src 'self'"))
                #expect(policy.contains("frame-ancestors 'none'"))
                #expect(answer.headers.first(name: "Referrer-Policy") == "same-origin")
                #expect(answer.headers.first(name: "Cache-Control") == "no-store")
                #expect(
                    !answer.body.contains("<script>") && !answer.body.contains(" style="), "\(path) inlines nothing")
            }
            let style = try await console.get("/console/assets/console.css")
            #expect(style.status == 200 && style.headers.first(name: "Content-Type") == "text/css; charset=utf-8")
            #expect(try await console.get("/console/assets/other.js").status == 404)
        }
    }

    @Test func aPageIsRefusedToThoseWithoutItsCapability() async throws {
        try await ConsoleHarness.with(configure: { $0.roles = ["clerk": ["admin.web"]] }) { console in
            try await console.bot.runtime.access.grant(
                "clerk", to: UserID("console:clerk")!, by: AuditEntry.commandLine)
            try await console.bot.runtime.login.setPIN(
                "2468", for: UserID("console:clerk")!, by: AuditEntry.commandLine)
            try await console.bot.expect("/login 2468", from: "console:clerk")
            let (cookie, _) = try await console.signIn("console:clerk")
            let home = try await console.get("/console", cookie: cookie)
            #expect(home.body.contains("Your roles give you no pages here."))
            let lunch = try await console.get("/console/lunch", cookie: cookie)
            #expect(lunch.status == 403 && lunch.body.contains("lunch.set"))
            #expect(try await console.get("/console/health", cookie: cookie).status == 403)
            let nothing = try await console.get("/console/nothing", cookie: cookie)
            #expect(nothing.status == 404 && nothing.body.contains("There is no such page in the console."))
            #expect(nothing.body.contains(#"action="/console/signout""#), "a signed-in person keeps the sign-out")
        }
    }

    @Test func aChangeMadeInTheBrowserIsTheChatCommandAuditedAsWeb() async throws {
        try await ConsoleHarness.with { console in
            try await console.bot.loginAsAdmin()
            let (cookie, csrf) = try await console.signIn()
            let posted = try await console.post(
                "/console/lunch?week=2026-11-23", ["csrf": csrf, "_action": "add", "dish": "Salad bar"], cookie: cookie)
            #expect(posted.status == 303 && posted.location == "/console/lunch?week=2026-11-23")
            let after = try await console.get(try #require(posted.location), cookie: cookie)
            #expect(after.body.contains("Salad bar"))
            #expect(after.body.contains(#"class="notice""#), "what the command said shows once")
            #expect(
                !(try await console.get("/console/lunch?week=2026-11-23", cookie: cookie)).body.contains(
                    #"class="notice""#))
            try await console.bot.expect("/lunch always", contains: "Salad bar")
            let audit = try await AuditLog.recent(5, in: console.bot.runtime.database)
            #expect(audit.contains { $0.channel == "web" && $0.detail.contains("Salad bar") })
        }
    }

    @Test func theDisplayShowsTheDayWithoutSignInAndCanBeSwitchedOff() async throws {
        try await ConsoleHarness.with { console in
            try await console.bot.loginAsAdmin()
            try await console.bot.expect(
                #"/lunch set 2026-11-23 specials "Chicken tacos""#, from: ConsoleHarness.admin)
            let page = try await console.get("/display")
            #expect(page.status == 200 && page.body.contains("Chicken tacos"))
            #expect(page.body.contains(#"<script src="/console/assets/display.js" defer></script>"#))
            let state = try await console.get("/display/state")
            struct State: Decodable {
                let clock: String
                let now: [String]
                let lunch: [String]
            }
            let decoded = try JSONDecoder().decode(State.self, from: Data(state.body.utf8))
            #expect(decoded.lunch.joined(separator: " ").contains("Chicken tacos"))
            #expect(decoded.clock == "12:00 PM" || decoded.clock.contains("12:00"))
            // Screens asking at once share one state.
            let bodies = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<30 { group.addTask { try await console.get("/display/state").body } }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(bodies.count == 1 && bodies.first?.contains("Chicken tacos") == true)
            // A change shows at the next ask, once the quarter-second reuse is over.
            try await console.bot.expect(
                #"/lunch set 2026-11-23 specials "Veggie pizza""#, from: ConsoleHarness.admin)
            console.bot.clock.advance(by: 1)
            let changed = try await console.get("/display/state")
            #expect(changed.body.contains("Veggie pizza"))
        }
        try await ConsoleHarness.with(configure: { $0.webConsole.display = false }) { console throws in
            let status = try await console.get("/display").status
            #expect(status == 404)
        }
    }

    @Test func theConsoleCanBeSwitchedOff() async throws {
        try await TestBot.with(configure: { $0.webConsole.enabled = false }) { bot in
            #expect(bot.runtime.webConsole == nil)
            try await bot.loginAsAdmin()
            try await bot.expect("/admin web", from: "console:admin", contains: "switched off", error: true)
        }
    }
}
