import Foundation
import HomeroomTesting
import Testing

/// The demo is a small district: Lincoln High, Jefferson Middle with its own bells and the middle
/// schools' menu, Adams Elementary with the elementary schools' menu and no campus map.
@Suite struct DemoDistrictTests: DemoSchoolSession {
    /// The next Monday in New York, which the demo's bell schedules cover.
    static func nextMonday() -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/New_York")!
        let weekday = calendar.component(.weekday, from: Date())
        let monday = calendar.date(byAdding: .day, value: (9 - weekday) % 7 == 0 ? 7 : (9 - weekday) % 7, to: Date())!
        let parts = calendar.dateComponents([.year, .month, .day], from: monday)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    @Test func eachSchoolAnswersWithItsOwnBellsMenuAndCampus() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(#", "rateLimit": {"enabled": false}, "webhooks": {"enabled": false}"#)
        let monday = Self.nextMonday()
        let answers = try await answers(
            homeroom, config: config,
            to: [
                "/schedule \(monday)", "/schedule \(monday) at Jefferson", "/schedule \(monday) at Adams",
                "/lunch week", "/lunch week at Jefferson", "/lunch week at Adams", "/directions B-201 at Jefferson",
                "/directions B-201 at Adams", "/schools", "/me school jefferson", "/schedule \(monday)",
            ])
        #expect(!answers[0].contains("Advisory") && answers[0].contains("Period 7"), "\(answers[0])")
        #expect(answers[1].contains("Advisory") && !answers[1].contains("Period 7"), "\(answers[1])")
        // Adams keeps the district's bells.
        #expect(answers[2].contains("Period 7") && !answers[2].contains("Advisory"), "\(answers[2])")
        #expect(Set(answers[3...5]).count == 3, "each school's week differs: \(answers[3...5])")
        for answer in answers[3...5] { #expect(answer.contains("Lunch, "), "\(answer)") }
        // Jefferson shares Lincoln's campus; Adams has none.
        #expect(answers[6].contains("B-201"), "\(answers[6])")
        #expect(!answers[7].contains("B-201 is") && answers[7].contains("campus"), "\(answers[7])")
        #expect(
            answers[8].contains("Lincoln High School (lincoln)") && answers[8].contains("Jefferson Middle School")
                && answers[8].contains("Adams Elementary School"), "\(answers[8])")
        #expect(answers[10].contains("Advisory"), "a person's own school answers them: \(answers[10])")
    }

    @Test func eachSchoolsChannelAnswersWithThatSchoolsNowAndLunch() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(#", "rateLimit": {"enabled": false}, "webhooks": {"enabled": false}"#)
        let monday = Self.nextMonday()
        // Each channel's answer is checked against the other channel asking `at` that school, in the
        // same words. Jefferson's channel is asked while the asker's own school is Lincoln (the first
        // listed), Lincoln's once it is Jefferson: neither channel's answer is the asker's own. Each
        // `/now` sits between two `at` questions, so a minute ticking over between them is one of those.
        let answers = try await answers(
            homeroom, config: config,
            to: [
                "#lincoln /now at Jefferson", "#jefferson /now", "#lincoln /now at Jefferson",
                "#lincoln /lunch at Jefferson", "#jefferson /lunch", "#jefferson /schedule \(monday)",
                "/me school jefferson", "#jefferson /now at Lincoln", "#lincoln /now", "#jefferson /now at Lincoln",
                "#jefferson /lunch at Lincoln", "#lincoln /lunch", "#lincoln /schedule \(monday)", "#adams /lunch",
                "#lincoln /lunch at Adams", "/lunch at Adams",
            ])
        let (jeffersonNow, lincolnNow) = (answers[1], answers[8])
        #expect([answers[0], answers[2]].contains(jeffersonNow), "Jefferson's /now: \(answers[0...2])")
        #expect([answers[7], answers[9]].contains(lincolnNow), "Lincoln's /now: \(answers[7...9])")
        // The bells differ at every minute: Jefferson starts earlier, and no period ends when Lincoln's
        // of the same name does.
        #expect(jeffersonNow != lincolnNow, "\(jeffersonNow) | \(lincolnNow)")
        #expect(answers[5].contains("Advisory") && !answers[5].contains("Period 7"), "\(answers[5])")
        #expect(answers[12].contains("Period 7") && !answers[12].contains("Advisory"), "\(answers[12])")
        let (jeffersonLunch, lincolnLunch, adamsLunch) = (answers[4], answers[11], answers[13])
        #expect(jeffersonLunch == answers[3], "Jefferson's /lunch: \(answers[3...4])")
        #expect(lincolnLunch == answers[10], "Lincoln's /lunch: \(answers[10...11])")
        #expect(Set([jeffersonLunch, lincolnLunch, adamsLunch]).count == 3, "each school's menu differs: \(answers)")
        #expect(adamsLunch.contains("Specials: "), "\(adamsLunch)")
        // `at Adams` answers for Adams, in Lincoln's channel as in a direct message.
        #expect(answers[14] == adamsLunch && answers[15] == adamsLunch, "\(answers[13...15])")
    }
}
