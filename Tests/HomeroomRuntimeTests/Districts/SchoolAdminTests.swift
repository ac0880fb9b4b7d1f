import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import Lunch
import Schedule
import Testing

/// Admins per school: a school's admin changes their school's data alone, a district admin
/// changes any school's, and the audit log names the school of every change and refusal.
@Suite struct SchoolAdminTests {
    @Test(arguments: TemporaryDatabase.availableBackends)
    func aSchoolsAdminCannotChangeAnotherSchoolsMenuAndTheRefusalIsAudited(backend: DatabaseBackend) async throws {
        try await withDistrictBot(backend: backend) { bot in
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Lincoln tacos" at lincoln"#, from: "console:district",
                verified: true)
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Sneaky soup" at lincoln"#, from: "console:jeff-admin",
                in: "#jefferson", verified: true, contains: "you need the lunch.set permission", error: true)
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Sneaky soup""#, from: "console:jeff-admin", in: "#lincoln",
                verified: true, contains: "you need the lunch.set permission", error: true)
            try await bot.expect("/lunch", in: "#lincoln", contains: "Lincoln tacos")
            let entries = try await AuditLog.recent(10, in: bot.runtime.database)
            let refusals = entries.filter { $0.action == "permission.refused" }
            #expect(refusals.count == 2)
            #expect(refusals.allSatisfy { $0.school == "lincoln" && $0.actor.description == "console:jeff-admin" })
            #expect(refusals.first?.detail == "lunch set needs lunch.set at lincoln")
            // Their own school's menu they change.
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Jefferson pasta""#, from: "console:jeff-admin", in: "#jefferson",
                verified: true)
            let set = try await AuditLog.recent(1, in: bot.runtime.database)
            #expect(set.first?.action == "lunch.set" && set.first?.school == "jefferson")
        }
    }

    @Test func aSchoolsAdminCannotTakeAnotherSchoolsChannelNorGiveTheirsAway() async throws {
        try await withDistrictBot { bot in
            try await bot.expect(
                "/admin school jefferson", from: "console:jeff-admin", in: "#lincoln", verified: true,
                contains: "you need the admin.school permission", error: true)
            try await bot.expect(
                "/admin school lincoln", from: "console:jeff-admin", in: "#jefferson", verified: true,
                contains: "you need the admin.school permission at Lincoln High School", error: true)
            try await bot.expect(
                "/admin school", from: "console:jeff-admin", in: "#jefferson", verified: true,
                contains: "Jefferson Middle School answers in #jefferson")
            // A channel no admin assigned answers for the district's first school: it is Lincoln's to give.
            try await bot.expect(
                "/admin school jefferson", from: "console:jeff-admin", in: "#jeff-band", verified: true,
                contains: "you need the admin.school permission", error: true)
            try await bot.expect(
                "/admin school jefferson", from: "console:district", in: "#jeff-band", verified: true,
                contains: "Jefferson Middle School now answers in #jeff-band")
            // A district admin moves any channel.
            try await bot.expect(
                "/admin school lincoln", from: "console:district", in: "#jeff-band", verified: true,
                contains: "Lincoln High School now answers in #jeff-band")
            let entry = try await AuditLog.recent(1, in: bot.runtime.database).first
            #expect(entry?.action == "school.place" && entry?.school == "lincoln")
            #expect(entry?.detail == "console channel:#jeff-band is now lincoln (was jefferson)")
        }
    }

    @Test func aWorkspaceFollowsItsSchoolUnlessAChannelHasItsOwn() async throws {
        try await withDistrictBot { bot in
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Elementary pizza" at adams"#, from: "console:district",
                verified: true)
            try await bot.expect(
                "/admin workspace adams", from: "irc:district-net:boss", in: "#hall", verified: true,
                contains: "you need the admin.workspace permission", error: true)
            try await bot.runtime.access.grant(
                "admin", to: UserID("irc:district-net:boss")!, by: AuditEntry.commandLine)
            try await bot.expect(
                "/admin workspace adams", from: "irc:district-net:boss", in: "#hall", verified: true,
                contains: "Adams Elementary School now answers in this workspace")
            try await bot.expect("/lunch", from: "irc:district-net:kid", in: "#any", contains: "Elementary pizza")
            // Another network is another workspace.
            let other = try await bot.expect("/lunch", from: "irc:other-net:kid", in: "#any")
            #expect(!other.text.contains("Elementary pizza"))
        }
    }

    @Test func aRoleGrantedAtOneSchoolHoldsThereAlone() async throws {
        try await withDistrictBot { bot in
            let principal = UserID("console:principal")!
            try await bot.runtime.access.grant("admin", to: principal, at: "adams", by: AuditEntry.commandLine)
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Fish sticks" at adams"#, from: "console:principal", verified: true)
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Fish sticks" at lincoln"#, from: "console:principal",
                verified: true, contains: "you need the lunch.set permission", error: true)
            // The elementary menu is shared: Washington shows what Adams' principal set.
            try await bot.expect("/lunch at washington", contains: "Fish sticks")
            let grants = try await bot.runtime.access.storedGrants()
            #expect(grants.contains { $0.user == "console:principal" && $0.role == "admin" && $0.school == "adams" })
            let entry = try await AuditLog.recent(5, in: bot.runtime.database).first { $0.action == "role.grant" }
            #expect(entry?.school == "adams")
            #expect(
                try await bot.runtime.access.revoke("admin", from: principal, at: "adams", by: AuditEntry.commandLine))
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Fish sticks" at adams"#, from: "console:principal",
                verified: true, contains: "you need the lunch.set permission", error: true)
        }
    }
}

/// Channels and workspaces a school is given in the configuration.
@Suite struct ConfiguredPlacesTests {
    @Test func theConfigurationGivesChannelsAndWorkspacesAndAnAdminsWordWins() async throws {
        try await TestBot.with(
            plugins: [LunchPlugin.self],
            configure: { configuration in
                configuration.admins = ["console:district"]
                var adams = school("adams", "Adams Elementary")
                adams.channels = ["console:#adams-lunch"]
                adams.workspaces = ["irc:adams-net"]
                configuration.schools = [school("lincoln", "Lincoln High"), adams]
            }
        ) { bot in
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Fish sticks" at adams"#, from: "console:district", verified: true)
            try await bot.expect("/lunch", in: "#adams-lunch", contains: "Fish sticks")
            try await bot.expect("/lunch", from: "irc:adams-net:kid", in: "#hall", contains: "Fish sticks")
            try await bot.expect("/admin school lincoln", from: "console:district", in: "#adams-lunch", verified: true)
            let moved = try await bot.expect("/lunch", in: "#adams-lunch")
            #expect(!moved.text.contains("Fish sticks"))
        }
    }

    @Test(arguments: [
        (##"{"schools": [{"id": "a", "name": "A", "channels": ["#lunch"]}]}"##, "schools[0].channels[0]"),
        (
            ##"{"schools": [{"id": "a", "name": "A", "channels": ["irc:#x"]}, {"id": "b", "name": "B", "channels": ["irc:#x"]}]}"##,
            "given to a already"
        ),
    ])
    func aBadPlaceIsNamedByItsKey(json: String, expected: String) {
        do {
            _ = try HomeroomConfiguration.parse(Data(json.utf8)).resolve()
            Issue.record("\(json) was accepted")
        } catch {
            #expect(error.description.contains(expected), "\(error.description)")
        }
    }
}
