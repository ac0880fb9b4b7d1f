import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import Lunch
import Schedule
import Testing

/// Where a school's admin stops: what a channel holds is its school's, what the whole district
/// shares is the district's, and naming another school with `at` moves neither.
@Suite struct SchoolBoundaryTests {
    @Test func aChannelsSwitchesAreItsSchoolsWhateverSchoolTheCommandNames() async throws {
        try await withDistrictBot { bot in
            for command in [
                "/admin disable lunch at jefferson", "/admin language es at jefferson",
                "/subscribe lunch at jefferson",
            ] {
                try await bot.expect(
                    command, from: "console:jeff-admin", in: "#lincoln", verified: true,
                    contains: "permission", error: true)
            }
            try await bot.expect("/lunch", in: "#lincoln", contains: "No")
            let refusals = try await AuditLog.recent(10, in: bot.runtime.database)
                .filter { $0.action == "permission.refused" }
            // The switches' refusals are audited at the channel's school (a subscription's is refused
            // by the command itself, as it is to anyone without subscribe.channel).
            #expect(refusals.count == 2 && refusals.allSatisfy { $0.school == "lincoln" })
            // In their own school's channel they may.
            try await bot.expect("/admin disable lunch", from: "console:jeff-admin", in: "#jefferson", verified: true)
        }
    }

    @Test func aChannelNoAdminAssignedIsTheFirstSchoolsEvenWhenTheCommandNamesAnother() async throws {
        try await withDistrictBot { bot in
            try await bot.expect(
                "/admin school jefferson at jefferson", from: "console:jeff-admin", in: "#jeff-band", verified: true,
                contains: "permission", error: true)
            // A workspace holds every school's channels: only a district admin gives it.
            try await bot.expect(
                "/admin workspace jefferson", from: "console:jeff-admin", in: "#jefferson", verified: true,
                contains: "you need the admin.workspace permission", error: true)
        }
    }

    @Test func whatTheDistrictSharesNeedsADistrictRole() async throws {
        try await withDistrictBot { bot in
            try await bot.expect(
                "/admin outbox", from: "console:jeff-admin", in: "#jefferson", verified: true,
                contains: "you need the admin.outbox permission", error: true)
            try await bot.expect("/admin outbox", from: "console:district", in: "#jefferson", verified: true)
        }
    }

    @Test func aSubscriptionMadeAtASchoolIsComposedFromItsData() async throws {
        try await withDistrictBot { bot in
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Elementary pizza" at adams"#, from: "console:district",
                verified: true)
            try await bot.expect("/subscribe lunch at adams", from: "console:parent")
            let sent = try await bot.sendSubscriptions(at: "2026-11-23T10:30:00-05:00")
            #expect(sent.count == 1)
            #expect(sent.first?.lines.joined().contains("Elementary pizza") == true)
        }
    }

    @Test func aCommandThatReadsItsOwnAtKeepsIt() {
        let event = RegisteredCommand(
            pluginID: "events", command: Command("add", summary: "", usage: "DATE \"TITLE\" [at PLACE]", handler: nil))
        let lunch = RegisteredCommand(
            pluginID: "lunch", command: Command("lunch", summary: "", usage: "[today | week]", handler: nil))
        #expect(Dispatcher.readsAt(event))
        #expect(!Dispatcher.readsAt(lunch))
    }

    @Test func aSchoolOnlyAdminSeesTheirRolesThere() async throws {
        try await withDistrictBot { bot in
            try await bot.expect(
                "/me", from: "console:jeff-admin", verified: true, contains: "Roles at Jefferson Middle School: admin.")
        }
    }
}
