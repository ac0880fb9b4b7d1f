import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTesting
import Lunch
import Testing

/// A school's contact, and the district's for a school that names none.
@Suite struct SchoolContactTests {
    @Test func aSchoolWithoutAContactShowsTheDistrictsContact() async throws {
        try await TestBot.with(
            plugins: [LunchPlugin.self],
            configure: { configuration in
                configuration.district = "Riverside Unified"
                configuration.contact = "+1 555 0000"
                var lincoln = school("lincoln", "Lincoln High School")
                lincoln.contact = "+1 555 0100"
                configuration.schools = [lincoln, school("adams", "Adams Elementary School")]
            }
        ) { bot in
            try await bot.expect(
                "/schools", contains: "Lincoln High School (lincoln) — contact: +1 555 0100",
                "Adams Elementary School (adams) — contact: +1 555 0000")
        }
    }
}
