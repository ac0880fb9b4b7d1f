import HomeroomCore
import Testing

@Suite struct CapabilitySetTests {
    @Test func grantsCoverTheirChildren() {
        let staff = CapabilitySet(patterns: ["lunch", "news.source.*"])
        #expect(staff.allows("lunch"))
        #expect(staff.allows("lunch.set"))
        #expect(staff.allows("news.source.add"))
        #expect(!staff.allows("news"))
        #expect(!staff.allows("lunchbox"))
        #expect(!staff.allows("schedule.set"))
    }

    @Test func antiCapabilitiesWinOverGrants() {
        let admin = CapabilitySet(patterns: ["*", "-news", "-lunch.clear"])
        #expect(admin.allows("lunch.set"))
        #expect(!admin.allows("lunch.clear"))
        #expect(!admin.allows("news.read"))
        #expect(admin.denies("news"))
        #expect(!CapabilitySet(patterns: ["-*"]).allows("help"))
    }

    @Test func emptySetAllowsNothing() {
        #expect(!CapabilitySet.none.allows("lunch"))
        #expect(!CapabilitySet.none.denies("lunch"))
    }
}
