import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Schedule
import Testing

/// A school's bells are its admins' and the district's: another school's admin is refused, and
/// the audit log names the school they reached into.
extension SchoolAdminTests {
    @Test func aSchoolsAdminCannotChangeAnotherSchoolsBellsAndTheRefusalIsAudited() async throws {
        try await withDistrictBot { bot in
            try await bot.expect(
                #"/schedule daytype set regular "8:00-8:50 Period 1" at lincoln"#, from: "console:district",
                verified: true)
            try await bot.expect(
                #"/schedule daytype set regular "9:00-9:30 Sneaky period" at lincoln"#, from: "console:jeff-admin",
                in: "#jefferson", verified: true, contains: "permission", error: true)
            let lincoln = try await bot.expect(
                "/schedule daytype list at lincoln", from: "console:district", verified: true, contains: "Period 1")
            #expect(!lincoln.text.contains("Sneaky period"))
            let refusals = try await AuditLog.recent(10, in: bot.runtime.database)
                .filter { $0.action == "permission.refused" }
            #expect(refusals.count == 1)
            #expect(refusals.first?.school == "lincoln" && refusals.first?.actor.description == "console:jeff-admin")
            #expect(refusals.first?.detail.hasSuffix("at lincoln") == true, "\(refusals)")
            // Their own school's bells they change, and Lincoln's stay as they were.
            try await bot.expect(
                #"/schedule daytype set regular "9:00-9:30 Homeroom""#, from: "console:jeff-admin", in: "#jefferson",
                verified: true)
            let set = try await AuditLog.recent(1, in: bot.runtime.database).first
            #expect(set?.action == "schedule.daytype.set" && set?.school == "jefferson")
            try await bot.expect(
                "/schedule daytype list", from: "console:jeff-admin", in: "#jefferson", verified: true,
                contains: "Homeroom")
            let after = try await bot.expect(
                "/schedule daytype list", from: "console:district", in: "#lincoln", verified: true,
                contains: "Period 1")
            #expect(!after.text.contains("Homeroom"))
        }
    }
}
