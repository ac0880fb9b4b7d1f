import Foundation
import HomeroomRuntime

/// The demo's small district: Lincoln High, Jefferson Middle with its own bell schedule and the
/// middle schools' menu, and Adams Elementary with the elementary schools' menu and no campus map.
/// Each school answers in a console channel of its own: `#jefferson /now` is Jefferson's.
enum DemoDistrict {
    static let lincoln = "lincoln"
    static let jefferson = "jefferson"
    static let adams = "adams"

    /// The district's name.
    static let name = "Lincoln District (demo)"

    /// The schools, Jefferson reading the bell schedule in `middleSchoolBells`, each with its
    /// console channel in `channels`, as a district lists its Slack or IRC channels.
    static func schools(middleSchoolBells: URL) -> [HomeroomConfiguration.SchoolSection] {
        var lincoln = HomeroomConfiguration.SchoolSection()
        lincoln.id = Self.lincoln
        lincoln.name = "Lincoln High School"
        lincoln.aliases = ["LHS", "Lincoln High"]
        lincoln.contact = "+1 555 0100"
        var jefferson = HomeroomConfiguration.SchoolSection()
        jefferson.id = Self.jefferson
        jefferson.name = "Jefferson Middle School"
        jefferson.aliases = ["JMS", "Jefferson Middle"]
        jefferson.contact = "+1 555 0200"
        jefferson.plugins = ["schedule": .object(["calendarFile": .string(middleSchoolBells.path)])]
        var adams = HomeroomConfiguration.SchoolSection()
        adams.id = Self.adams
        adams.name = "Adams Elementary School"
        adams.aliases = ["Adams Elementary"]
        adams.contact = "+1 555 0300"
        lincoln.channels = ["console:#lincoln"]
        jefferson.channels = ["console:#jefferson"]
        adams.channels = ["console:#adams"]
        return [lincoln, jefferson, adams]
    }

    /// The groups: a menu for the middle schools and one for the elementary schools, the campus
    /// Lincoln and Jefferson share, and the district's recipe book and news, which every school reads.
    static var groups: [String: HomeroomConfiguration.GroupSection] {
        var middle = HomeroomConfiguration.GroupSection()
        middle.schools = [jefferson]
        middle.share = ["lunch"]
        var elementary = HomeroomConfiguration.GroupSection()
        elementary.schools = [adams]
        elementary.share = ["lunch"]
        var campus = HomeroomConfiguration.GroupSection()
        campus.schools = [lincoln, jefferson]
        campus.share = ["directions"]
        var district = HomeroomConfiguration.GroupSection()
        district.share = ["recipes", "news"]
        return [
            "middle-schools": middle, "elementary-schools": elementary, "north-campus": campus, "district": district,
        ]
    }
}
