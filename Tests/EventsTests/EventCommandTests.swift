import Events
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import Testing

@Suite struct EventCommandTests {
    @Test(arguments: TemporaryDatabase.availableBackends)
    func staffAddPublicEventsStudentsOnlyToTheirCircles(backend: DatabaseBackend) async throws {
        try await withEventsBot(backend: backend) { bot in
            try await bot.expect(
                #"/event add 2026-12-03 15:30 "Robotics meetup" at B-201 for 90 min"#, from: "console:student",
                contains: "public events are added by staff (the event.public permission)", error: true)
            try await bot.expect("/events dec 3", contains: "No events on Thursday, December 3.")
            let added = try await bot.expect(
                #"/event add 2026-12-03 15:30 "Robotics meetup" at B-201 for 90 min"#, from: "console:teacher")
            #expect(added.text == "Added: Thursday, December 3, 15:30–17:00 Robotics meetup, B-201 #1")
            try await bot.expect(
                #"/event add dec 3 3:30pm "Build night" in robotics"#, from: "console:student",
                contains: "no circle robotics", error: true)
            try await bot.expect("/circle create robotics", from: "console:student")
            try await bot.expect(
                #"/event add dec 3 6pm "Build night" at B-301 for 2 hours in robotics"#, from: "console:student",
                contains: "Added: Thursday, December 3, 18:00–20:00 Build night, B-301 (robotics circle) #2")
            try await bot.expect(
                #"/event add dec 4 6pm "Crash the party" in robotics"#, from: "console:stranger",
                contains: "only members of robotics add its events", error: true)

            let member = try await bot.expect("/events 2026-12-03", from: "console:student")
            #expect(
                member.lines == [
                    "Events on Thursday, December 3:", "• 15:30–17:00 Robotics meetup, B-201 #1",
                    "• 18:00–20:00 Build night, B-301 (robotics circle) #2",
                ])
            let outsider = try await bot.expect("/events 2026-12-03", from: "console:stranger")
            #expect(outsider.lines == ["Events on Thursday, December 3:", "• 15:30–17:00 Robotics meetup, B-201 #1"])
            try await bot.expect("/events", contains: "No events on Monday, November 23.")
            bot.clock.advance(by: 9 * 86_400)
            let week = try await bot.expect("/events week", from: "console:student")
            #expect(
                week.lines == [
                    "Events from Wednesday, December 2 to Tuesday, December 8:", "Thursday, December 3:",
                    "• 15:30–17:00 Robotics meetup, B-201 #1", "• 18:00–20:00 Build night, B-301 (robotics circle) #2",
                ])
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aChannelSeesPublicEventsOnlyAndTheMemberIsToldWhereCircleEventsAre(backend: DatabaseBackend) async throws {
        try await withEventsBot(backend: backend) { bot in
            try await bot.expect(
                #"/event add 2026-12-03 15:30 "Robotics meetup" at B-201 for 90 min"#, from: "console:teacher")
            try await bot.expect("/circle create robotics", from: "console:student")
            try await bot.expect(
                #"/event add dec 3 6pm "Secret build night" at B-301 for 2 hours in robotics"#, from: "console:student")

            let inChannel = try await bot.expect("/events 2026-12-03", from: "console:student", in: "#school")
            #expect(
                inChannel.lines == [
                    "Events on Thursday, December 3:", "• 15:30–17:00 Robotics meetup, B-201 #1",
                    "Your circles' events are shown only in a direct message: send me /events there.",
                ])
            #expect(!inChannel.text.contains("Secret"))
            let direct = try await bot.expect("/events 2026-12-03", from: "console:student")
            #expect(direct.text.contains("Secret build night"))
            // Someone in no circle gets no hint, and /day in a channel leaves circle events out too.
            let outsider = try await bot.expect("/events 2026-12-03", from: "console:stranger", in: "#school")
            #expect(outsider.lines == ["Events on Thursday, December 3:", "• 15:30–17:00 Robotics meetup, B-201 #1"])
            let day = try await bot.expect("/day 2026-12-03", from: "console:student", in: "#school")
            #expect(day.text.contains("Robotics meetup"))
            #expect(!day.text.contains("Secret"))
            let dayDirect = try await bot.expect("/day 2026-12-03", from: "console:student")
            #expect(dayDirect.text.contains("Secret build night"))
        }
    }

    @Test func badEventRequestsNameTheirProblemAndAddNothing() async throws {
        try await withEventsBot { bot in
            let cases: [(String, String)] = [
                (#"/event add "Party""#, "start with the date"),
                (#"/event add 2026-11-20 10:00 "Party""#, "Friday, November 20 has passed"),
                (#"/event add today 07:00 "Breakfast""#, "07:00 today has passed"),
                (#"/event add friday 25:00 "Party""#, "after the date comes the time, like 15:30 or 3:30pm"),
                ("/event add friday 10:00", "after the time comes the title"),
                (#"/event add friday 10:00 "Party" for ever"#, "\"for\" takes a length like 90 min or 2 hours"),
                (#"/event add friday 10:00 "Party" at"#, "\"at\" needs something after it"),
                (#"/event add friday 10:00 "Party" for 3 days"#, "\"for\" takes a length"),
            ]
            for (input, problem) in cases {
                let reply = try await bot.expect(input, from: "console:teacher", error: true)
                #expect(reply.text.contains(problem), "\(input): \(reply.text)")
            }
            try await bot.expect("/events week", contains: "No events from Monday, November 23")
            try await bot.expect("/events someday", contains: "I can't read \"someday\" as a date", error: true)
        }
    }

    @Test func eventsAreRemovedByWhoAddedThemStaffOrTheCircleOwner() async throws {
        try await withEventsBot { bot in
            try await bot.expect(#"/event add friday 10:00 "Assembly""#, from: "console:teacher", contains: "#1")
            try await bot.expect(
                "/event remove 1", from: "console:student", contains: "only who added #1 or staff may remove it",
                error: true)
            try await bot.expect("/circle create chess open", from: "console:owner")
            try await bot.expect("/circle join chess", from: "console:student")
            try await bot.expect(#"/event add friday 15:00 "Blitz" in chess"#, from: "console:student", contains: "#2")
            try await bot.expect(
                "/event remove 2", from: "console:teacher", contains: "only who added #2 or the circle's owner",
                error: true)
            try await bot.expect("/event remove 2", from: "console:owner", contains: "Removed #2, Blitz.")
            try await bot.expect("/event remove #1", from: "console:teacher", contains: "Removed #1, Assembly.")
            try await bot.expect("/event remove 1", from: "console:teacher", contains: "no event #1", error: true)
            try await bot.expect(
                "/event remove x", from: "console:teacher", contains: "usage: /event remove NUMBER", error: true)
            let audit = try await AuditLog.recent(10, in: bot.runtime.database).map(\.action)
            #expect(audit.filter { $0 == "event.remove" }.count == 2 && audit.contains("event.add"))
        }
    }

    /// Every worked example answers what it says, with events today and on December 3, a club
    /// and the office's contact details set up.
    @Test func everyWorkedExampleAnswers() async throws {
        try await withExampleEvents { bot in try await bot.runExamples(of: EventsPlugin.self) }
    }

    /// Run in the pseudo-language, every example says every word through the catalogs, whole.
    @Test func everyWorkedExampleSpeaksThroughTheCatalogs() async throws {
        try await withExampleEvents(language: Language.pseudo.code) { bot in
            try await bot.runExamplesThroughCatalogs(of: EventsPlugin.self)
        }
    }

    /// Runs `body` with what the examples need: the admin logged in, "Open gym" today and on
    /// December 3, a soccer club and the office's phone number. `language` is the school's.
    private func withExampleEvents(language: String = "en", _ body: (TestBot) async throws -> Void) async throws {
        let contact: [String: JSONValue] = ["contact": .object(["phone": .string("+1 555 0100")])]
        try await withEventsBot(settings: contact, language: language) { bot in
            try await bot.loginAsAdmin()
            for day in ["today", "2026-12-03"] {
                try await bot.expect("/event add \(day) 17:00 \"Open gym\"", from: "console:admin")
            }
            try await bot.expect("/club set soccer category sports", from: "console:admin")
            try await body(bot)
        }
    }
}
