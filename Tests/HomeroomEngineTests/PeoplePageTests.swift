import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import Testing

/// The console's page of people and roles: granting and revoking roles, setting PINs and ending
/// lockouts, each audited as done through the web, and refused to whoever may not change roles.
@Suite struct PeoplePageTests {
    func withBot(_ body: (TestBot) async throws -> Void) async throws {
        try await TestBot.with(
            plugins: [EchoPlugin.self],
            configure: {
                $0.roles = ["office": ["echo.loud", "admin.audit"], "deputy": ["admin.roles"]]
                $0.admins = ["slack:T1:UBOSS"]
            }
        ) { bot in
            try await bot.loginAsAdmin()
            try await body(bot)
        }
    }

    /// The most recent audit entry.
    func lastAudit(_ bot: TestBot) async throws -> AuditEntry {
        try #require(try await AuditLog.recent(1, in: bot.runtime.database).first)
    }

    @Test func aGrantGivesTheRolesCapabilitiesAndIsAuditedAsWeb() async throws {
        try await withBot { bot in
            let notices = try await bot.consolePost(
                "people", ["action": "grant", "identity": "slack:T1:U2", "role": "office"])
            #expect(notices == [ConsoleNotice("slack:T1:U2 now holds office.")])
            let caller = try await bot.runtime.access.caller(for: UserID("slack:T1:U2")!, verified: true)
            #expect(caller.may("echo.loud"))
            #expect(caller.may("admin.audit"))
            #expect(!caller.may("admin.roles"))
            let entry = try await lastAudit(bot)
            #expect(entry.action == "role.grant")
            #expect(entry.actor == UserID("console:admin")!)
            #expect(entry.channel == "web")
            let again = try await bot.consolePost(
                "people", ["action": "grant", "identity": "slack:T1:U2", "role": "office"])
            #expect(again == [ConsoleNotice("slack:T1:U2 already holds office.")])

            let text = try await bot.consoleView("people").text
            #expect(text.contains("slack:T1:U2\noffice\nRevoke"))
            #expect(text.contains("slack:T1:UBOSS\nadmin\nSet in the configuration, not here."))
        }
    }

    @Test func aRevokeTakesTheRoleAwayAndIsAudited() async throws {
        try await withBot { bot in
            _ = try await bot.consolePost("people", ["action": "grant", "identity": "irc:ann", "role": "office"])
            let notices = try await bot.consolePost(
                "people", ["action": "revoke", "identity": "irc:ann", "role": "office"])
            #expect(notices == [ConsoleNotice("irc:ann no longer holds office.")])
            let caller = try await bot.runtime.access.caller(for: UserID("irc:ann")!, verified: true)
            #expect(!caller.may("echo.loud"))
            let entry = try await lastAudit(bot)
            #expect(entry.action == "role.revoke")
            #expect(entry.channel == "web")
            let again = try await bot.consolePost(
                "people", ["action": "revoke", "identity": "irc:ann", "role": "office"])
            #expect(again == [ConsoleNotice("irc:ann did not hold office.")])
        }
    }

    @Test func unknownRolesMalformedIdsAndNicksAreRefused() async throws {
        try await withBot { bot in
            await #expect(throws: UserFacingError("There is no role superuser.")) {
                try await bot.consolePost("people", ["action": "grant", "identity": "irc:ann", "role": "superuser"])
            }
            await #expect(throws: UserFacingError("There is no role everyone.")) {
                try await bot.consolePost("people", ["action": "grant", "identity": "irc:ann", "role": "everyone"])
            }
            await #expect(throws: UserFacingError("Write the identity as adapter:id, like slack:T1:U2.")) {
                try await bot.consolePost("people", ["action": "grant", "identity": "ann", "role": "office"])
            }
            let nick = await #expect(throws: UserFacingError.self) {
                try await bot.consolePost(
                    "people", ["action": "grant", "identity": "irc:libera:ann!~a@host", "role": "office"])
            }
            #expect(nick?.message.contains("is a nick") == true)
            let holders = try await bot.runtime.access.storedGrants().map(\.user)
            #expect(holders == ["console:admin"])
        }
    }

    @Test func nobodyRevokesTheirOwnLastRoleThatChangesRoles() async throws {
        try await withBot { bot in
            let refusal = UserFacingError("You cannot revoke your own last role that lets you change roles.")
            await #expect(throws: refusal) {
                try await bot.consolePost("people", ["action": "revoke", "identity": "console:admin", "role": "admin"])
            }
            #expect(try await bot.runtime.access.roles(of: UserID("console:admin")!) == ["admin"])
            // Another role that changes roles keeps the page: the first goes, the last stays. (Nobody
            // grants themselves a role on the page; the command line does.)
            try await bot.runtime.access.grant("deputy", to: UserID("console:admin")!, by: AuditEntry.commandLine)
            let notices = try await bot.consolePost(
                "people", ["action": "revoke", "identity": "console:admin", "role": "admin"])
            #expect(notices == [ConsoleNotice("console:admin no longer holds admin.")])
            await #expect(throws: refusal) {
                try await bot.consolePost(
                    "people", ["action": "revoke", "identity": "console:admin", "role": "deputy"])
            }
            // Someone else's last role may go.
            _ = try await bot.consolePost("people", ["action": "grant", "identity": "irc:ann", "role": "deputy"])
            _ = try await bot.consolePost("people", ["action": "revoke", "identity": "irc:ann", "role": "deputy"])
            #expect(try await bot.runtime.access.roles(of: UserID("irc:ann")!).isEmpty)
        }
    }

    @Test func aPINSetHereLogsInInChatAndIsNeverShown() async throws {
        try await withBot { bot in
            await #expect(throws: UserFacingError("A PIN is 4 or more digits, and nothing else.")) {
                try await bot.consolePost("people", ["action": "pin", "identity": "irc:ann", "pin": "12a4"])
            }
            let notices = try await bot.consolePost(
                "people", ["action": "pin", "identity": "irc:ann", "pin": " 9876 "])
            #expect(notices == [ConsoleNotice("PIN set for irc:ann.")])
            let entry = try await lastAudit(bot)
            #expect(entry.action == "pin.set")
            #expect(entry.actor == UserID("console:admin")!)
            #expect(entry.channel == "web")
            #expect(!entry.detail.contains("9876"))
            try await bot.expect("/login 9876", from: "irc:ann", contains: "logged in")
            #expect(!(try await bot.consoleView("people").text.contains("9876")))
        }
    }

    @Test func aLockedOutIdentityIsListedAndUnlocked() async throws {
        try await withBot { bot in
            try await bot.runtime.login.setPIN("4321", for: UserID("irc:ann")!, by: AuditEntry.commandLine)
            #expect(try await bot.consoleView("people").text.contains("Nobody is locked out of PIN logins."))
            for _ in 0..<5 { try await bot.expect("/login 0000", from: "irc:ann", error: true) }
            let locked = try await bot.consoleView("people").text
            #expect(locked.contains("Locked out of PIN logins"))
            #expect(locked.contains("irc:ann\nMon Nov 23\n12:15\nUnlock"))

            let notices = try await bot.consolePost("people", ["action": "unlock", "identity": "irc:ann"])
            #expect(notices == [ConsoleNotice("irc:ann can log in with a PIN again.")])
            let entry = try await lastAudit(bot)
            #expect(entry.action == "login.unlock")
            #expect(entry.channel == "web")
            #expect(try await bot.consoleView("people").text.contains("Nobody is locked out of PIN logins."))
            try await bot.expect("/login 4321", from: "irc:ann", contains: "logged in")
            let again = try await bot.consolePost("people", ["action": "unlock", "identity": "irc:ann"])
            #expect(again == [ConsoleNotice("irc:ann was not locked out.")])
        }
    }

    @Test func anUnlockedIdentityLocksLongerNextTime() async throws {
        try await withBot { bot in
            try await bot.runtime.login.setPIN("4321", for: UserID("irc:ann")!, by: AuditEntry.commandLine)
            for _ in 0..<5 { try await bot.expect("/login 0000", from: "irc:ann", error: true) }
            _ = try await bot.consolePost("people", ["action": "unlock", "identity": "irc:ann"])
            bot.clock.advance(by: 120)  // past /login's own rate limit
            for _ in 0..<4 { try await bot.expect("/login 0000", from: "irc:ann", error: true) }
            try await bot.expect("/login 0000", from: "irc:ann", contains: "locked until 12:32", error: true)
        }
    }

    @Test func aStudentIsRefusedThePage() async throws {
        try await withBot { bot in
            await #expect(throws: UserFacingError.self) {
                try await bot.consoleView("people", as: "console:student")
            }
            await #expect(throws: UserFacingError.self) {
                try await bot.consolePost(
                    "people", ["action": "grant", "identity": "console:student", "role": "admin"],
                    as: "console:student")
            }
            let roles = try await bot.runtime.access.roles(of: UserID("console:student")!)
            #expect(roles.isEmpty)
        }
    }

    @Test func aHolderOfAdminRolesGivesNoMoreThanTheirOwnRolesCarry() async throws {
        try await withBot { bot in
            let deputy = "slack:T1:UDEP"
            _ = try await bot.consolePost("people", ["action": "grant", "identity": deputy, "role": "deputy"])
            let refusal = "You can change only roles, PINs and people that your own roles cover."
            for form in [
                ["action": "grant", "identity": "slack:T1:U7", "role": "admin"],
                ["action": "grant", "identity": "slack:T1:U7", "role": "office"],
                ["action": "pin", "identity": "console:admin", "pin": "9753"],
                ["action": "unlock", "identity": "slack:T1:UBOSS"],
                ["action": "revoke", "identity": "console:admin", "role": "admin"],
            ] {
                await #expect(throws: UserFacingError(refusal), "\(form)") {
                    try await bot.consolePost("people", form, as: deputy, verified: true)
                }
            }
            await #expect(throws: UserFacingError("You cannot grant a role to yourself.")) {
                try await bot.consolePost(
                    "people", ["action": "grant", "identity": deputy, "role": "admin"], as: deputy, verified: true)
            }
            let granted = try await bot.consolePost(
                "people", ["action": "grant", "identity": "slack:T1:U8", "role": "deputy"], as: deputy, verified: true)
            #expect(granted == [ConsoleNotice("slack:T1:U8 now holds deputy.")])
            let caller = try await bot.runtime.access.caller(for: UserID("slack:T1:U7")!, verified: true)
            #expect(caller.roles.isEmpty)
        }
    }
}
