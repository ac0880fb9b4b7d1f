import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTesting
import Lunch
import Schedule
import Testing

/// The `district`, `schools` and `groups` keys: what a school leaves out comes from the district,
/// and every mistake is named by its key before anything starts.
@Suite struct DistrictConfigurationTests {
    func resolve(_ json: String) throws(ConfigurationError) -> ResolvedConfiguration {
        try HomeroomConfiguration.parse(Data(json.utf8)).resolve()
    }

    func problem(_ json: String) -> String? {
        do {
            _ = try resolve(json)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func withoutSchoolsTheDeploymentIsADistrictOfOne() throws {
        let resolved = try resolve(#"{"schoolName": "Central High", "timeZone": "America/Chicago"}"#)
        #expect(resolved.district.schools.map(\.id) == [School.soleSchoolID])
        #expect(resolved.district.name == "Central High")
        #expect(resolved.district.defaultSchool.calendar.timeZone.identifier == "America/Chicago")
        #expect(resolved.schoolPluginSections.isEmpty)
    }

    @Test func aSchoolInheritsWhatItLeavesOutAndOverridesWhatItSets() throws {
        let resolved = try resolve(
            #"""
            {"district": "Riverside Unified", "timeZone": "America/New_York", "language": "es",
             "plugins": {"schedule": {"refreshMinutes": 30, "defaultDayType": "regular"}},
             "schools": [
               {"id": "lincoln", "name": "Lincoln High", "aliases": ["LHS"], "contact": "+1 555 0100"},
               {"id": "adams", "name": "Adams Elementary", "timeZone": "America/Denver", "schoolDays": ["monday"],
                "language": "vi", "plugins": {"schedule": {"defaultDayType": "short"}}}
             ],
             "groups": {"elementary": {"schools": ["adams"], "share": ["lunch"]}, "everyone": {"share": ["recipes"]}}}
            """#)
        let district = resolved.district
        #expect(district.name == "Riverside Unified")
        let lincoln = try #require(district.school(id: "lincoln"))
        let adams = try #require(district.school(id: "adams"))
        #expect(lincoln.calendar.timeZone.identifier == "America/New_York" && lincoln.calendar.language == .spanish)
        #expect(adams.calendar.timeZone.identifier == "America/Denver" && adams.calendar.language == .vietnamese)
        #expect(adams.calendar.schoolDays == [.monday])
        #expect(adams.scope(of: "lunch") == "elementary" && lincoln.scope(of: "lunch") == "lincoln")
        #expect(adams.scope(of: "recipes") == "everyone" && lincoln.scope(of: "recipes") == "everyone")
        #expect(lincoln.contact == "+1 555 0100")
        // Adams' schedule section is the district's with its own key laid over it.
        #expect(
            resolved.schoolPluginSections["adams"]?["schedule"]
                == .object(["refreshMinutes": .number(30), "defaultDayType": .string("short")]))
        #expect(resolved.schoolPluginSections["lincoln"] == nil)
    }

    @Test func schoolNamesAreMatchedLooselyAndAmbiguityIsNoMatch() throws {
        let district = try resolve(
            #"""
            {"schools": [{"id": "lincoln", "name": "Lincoln High School", "aliases": ["LHS"]},
                         {"id": "lincoln-mid", "name": "Lincoln Middle School"},
                         {"id": "jefferson", "name": "Jefferson Middle School"}]}
            """#
        ).district
        #expect(district.school(named: "LHS")?.id == "lincoln")
        #expect(district.school(named: "jefferson")?.id == "jefferson")
        #expect(district.school(named: "Jeferson")?.id == "jefferson")
        #expect(district.school(named: "lincoln middle")?.id == "lincoln-mid")
        #expect(district.school(named: "LINCOLN-HIGH")?.id == "lincoln")
        // An id or name typed whole wins over the start of another's name.
        #expect(district.school(named: "Lincoln")?.id == "lincoln")
        #expect(district.school(named: "linc") == nil)
        #expect(district.school(named: "li") == nil)
        // A later word of a name is enough, but a word every middle school shares names none.
        #expect(district.school(named: "middle") == nil)
        #expect(district.school(named: "high school")?.id == "lincoln")
        #expect(district.school(named: "Hogwarts") == nil)
    }

    @Test(arguments: [
        (#"{"schools": [{"id": "Lincoln High", "name": "x"}]}"#, "schools[0].id"),
        (#"{"schools": [{"id": "a", "name": "A"}, {"id": "a", "name": "B"}]}"#, "\"a\" names two schools"),
        (#"{"schools": [{"id": "a", "name": " "}]}"#, "schools[0].name: a school needs a name"),
        (#"{"schools": [{"id": "a", "name": "A", "timeZone": "Mars/Olympus"}]}"#, "schools[0].timeZone"),
        (#"{"schools": [{"id": "a", "name": "A", "schoolDays": []}]}"#, "schools[0].schoolDays"),
        (#"{"schools": [{"id": "a", "name": "A", "language": "tlh"}]}"#, "schools[0].language"),
        (#"{"schools": [{"id": "a", "name": "A", "admins": ["nobody"]}]}"#, "schools[0].admins[0]"),
        (#"{"schools": [{"id": "a", "name": "A", "principal": "x"}]}"#, "principal"),
        (#"{"schools": [{"name": "A"}]}"#, "id"),
        (
            #"{"schools": [{"id": "a", "name": "Adams"}, {"id": "b", "name": "B", "aliases": ["ADAMS"]}]}"#,
            "\"ADAMS\" names both a and b"
        ),
        (
            #"{"schools": [{"id": "a", "name": "A"}], "groups": {"g": {"schools": ["b"]}}}"#,
            "no school has the id \"b\""
        ),
        (#"{"schools": [{"id": "a", "name": "A"}], "groups": {"a": {"share": ["lunch"]}}}"#, "groups.a"),
        (
            #"{"schools": [{"id": "a", "name": "A"}], "groups": {"g": {"share": ["lunch"]}, "h": {"share": ["lunch"]}}}"#,
            "a shares lunch with the group g already"
        ),
    ])
    func aMistakeIsNamedByItsKey(json: String, expected: String) {
        let found = problem(json)
        #expect(found?.contains(expected) == true, "\(found ?? "no problem")")
    }

    @Test func aSchoolsSectionForAPluginThatIsNotInstalledIsRefusedAtStartUp() async throws {
        await #expect(throws: ConfigurationError.self) {
            try await TestBot.with(
                plugins: [LunchPlugin.self],
                configure: { $0.schools = [school("a", "A", plugins: ["lunchroom": .object([:])])] }
            ) { _ in }
        }
        do {
            try await TestBot.with(
                plugins: [SchedulePlugin.self],
                configure: {
                    $0.schools = [school("a", "A", plugins: ["schedule": .object(["refreshMinutes": .number(7)])])]
                }
            ) { _ in }
            Issue.record("a bad setting of one school started")
        } catch let error as ConfigurationError {
            #expect(error.description.contains("schools[0].plugins.schedule"))
        }
    }
}
