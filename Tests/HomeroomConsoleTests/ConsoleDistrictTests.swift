import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import Lunch
import Testing

/// The console and the display in a district: a school's admin works on their own school's data,
/// never the district's roles; a hall screen names the school it shows.
@Suite struct ConsoleDistrictTests {
    static func configure(_ configuration: inout HomeroomConfiguration) {
        var lincoln = HomeroomConfiguration.SchoolSection()
        lincoln.id = "lincoln"
        lincoln.name = "Lincoln High School"
        var jefferson = HomeroomConfiguration.SchoolSection()
        jefferson.id = "jefferson"
        jefferson.name = "Jefferson Middle School"
        jefferson.admins = ["console:jeff-admin"]
        configuration.schools = [lincoln, jefferson]
        configuration.admins = ["console:admin"]
    }

    @Test func aSchoolsAdminChangesTheirOwnSchoolsMenuAndSeesNoDistrictPages() async throws {
        try await ConsoleHarness.with(configure: Self.configure) { console in
            let bot = console.bot
            let admin = UserID("console:jeff-admin")!
            try await bot.runtime.login.setPIN("2468", for: admin, by: AuditEntry.commandLine)
            try await bot.expect("/login 2468", from: "console:jeff-admin")
            // Signing in is for their school: the district's first would refuse them.
            try await bot.expect(
                "/admin web", from: "console:jeff-admin", contains: "you need the admin.web permission", error: true)
            try await bot.expect("/me school jefferson", from: "console:jeff-admin")
            let (cookie, csrf) = try await console.signIn("console:jeff-admin")
            let home = try await console.get("/console", cookie: cookie)
            #expect(home.body.contains("Jefferson Middle School"))
            #expect(home.body.contains(#"href="/console/lunch""#))
            #expect(!home.body.contains(#"href="/console/people""#), "roles are the district's")
            #expect(try await console.get("/console/people", cookie: cookie).status == 403)
            let posted = try await console.post(
                "/console/lunch?week=2026-11-23", ["csrf": csrf, "_action": "add", "dish": "Taco bar"], cookie: cookie)
            #expect(posted.status == 303)
            try await bot.expect("/lunch always at jefferson", contains: "Taco bar")
            let lincoln = try await bot.expect("/lunch always at lincoln")
            #expect(!lincoln.text.contains("Taco bar"))
            let entry = try #require(try await AuditLog.recent(1, in: bot.runtime.database).first)
            #expect(entry.channel == "web" && entry.school == "jefferson")
        }
    }

    @Test func theDisplayShowsTheSchoolItNames() async throws {
        try await ConsoleHarness.with(configure: Self.configure) { console in
            try await console.bot.loginAsAdmin()
            try await console.bot.expect(
                #"/lunch set 2026-11-23 specials "Jefferson chili" at jefferson"#, from: ConsoleHarness.admin)
            let page = try await console.get("/display?school=jefferson")
            #expect(page.status == 200 && page.body.contains("Jefferson Middle School"))
            #expect(page.body.contains(#"data-state="/display/state?school=jefferson""#))
            let state = try await console.get("/display/state?school=jefferson")
            #expect(state.body.contains("Jefferson chili"))
            let first = try await console.get("/display/state")
            #expect(!first.body.contains("Jefferson chili"), "without a school, the district's first")
            let unknown = try await console.get("/display?school=nowhere")
            #expect(unknown.status == 404 && unknown.body.contains("/display?school="))
        }
    }

    @Test func theAuditPageNamesEachChangesSchool() async throws {
        try await ConsoleHarness.with(configure: Self.configure) { console in
            try await console.bot.loginAsAdmin()
            try await console.bot.expect(
                #"/lunch set 2026-11-23 specials "Jefferson chili" at jefferson"#, from: ConsoleHarness.admin)
            let (cookie, _) = try await console.signIn()
            let page = try await console.get("/console/audit", cookie: cookie)
            #expect(page.status == 200)
            #expect(page.body.contains("<th scope=\"col\">School</th>"), "\(page.body.prefix(400))")
            #expect(page.body.contains("<td>Jefferson Middle School</td>"))
        }
    }
}
