import Events
import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTesting
import SQLKit
import Testing

/// Events in a district: each school keeps its own events, clubs and circles (a group's schools
/// the group's), a person is forgotten in every school, and a school's database from before
/// schools keeps every event, club and circle.
@Suite struct DistrictEventsTests {
    @Test(arguments: TemporaryDatabase.availableBackends)
    func eachSchoolKeepsItsEventsClubsAndCirclesAndAGroupsSchoolsShareTheirs(backend: DatabaseBackend) async throws {
        try await withSchoolDataBot(backend: backend) { bot in
            let admin = "console:district"
            try await bot.expect(
                #"/event add 2026-12-03 15:30 "Lincoln robotics meetup""#, from: admin, in: "#lincoln", verified: true,
                contains: "#1")
            try await bot.expect(
                #"/event add 2026-12-03 18:00 "Jefferson choir night""#, from: admin, in: "#jefferson", verified: true)
            let lincoln = try await bot.expect(
                "/events 2026-12-03", in: "#lincoln", contains: "Lincoln robotics meetup")
            #expect(!lincoln.text.contains("Jefferson"))
            try await bot.expect(
                "/event remove 1", from: admin, in: "#jefferson", verified: true, contains: "no event #1", error: true)

            // Two schools' clubs of one name are two clubs.
            try await bot.expect("/club set robotics room B-301", from: admin, in: "#lincoln", verified: true)
            try await bot.expect("/club set robotics room Lab-2", from: admin, in: "#jefferson", verified: true)
            try await bot.expect("/club robotics", in: "#jefferson", contains: "Lab-2")
            try await bot.expect(
                "/club remove robotics", from: admin, in: "#jefferson", verified: true,
                contains: "Removed the club robotics.")
            try await bot.expect("/club robotics", in: "#lincoln", contains: "B-301")
            try await bot.expect("/clubs", in: "#jefferson", contains: "No clubs are listed yet.")

            // And so are two schools' circles, with their members apart.
            try await bot.expect("/circle create chess open", from: "console:ana", in: "#lincoln")
            try await bot.expect("/circle create chess", from: "console:ben", in: "#jefferson")
            try await bot.expect(
                "/circle join chess", from: "console:cho", in: "#lincoln", contains: "You are in chess")
            try await bot.expect(
                "/circle join chess", from: "console:cho", in: "#jefferson", contains: "chess is by invitation",
                error: true)
            try await bot.expect(
                #"/circle post chess "board 3 is free""#, from: "console:ana", in: "#lincoln",
                contains: "1 member will get it")
            try await bot.expect(
                #"/event add 2026-12-03 19:00 "Blitz night" in chess"#, from: "console:ben", in: "#jefferson")
            try await bot.expect(
                "/circles", from: "console:cho", in: "#jefferson", contains: "You are in no circle.")

            // Washington reads the elementary group's events: the same row, not a copy.
            try await bot.expect(
                #"/event add 2026-12-03 09:00 "Elementary field day""#, from: admin, in: "#adams", verified: true)
            try await bot.expect("/events 2026-12-03", in: "#washington", contains: "Elementary field day")
            #expect(
                try await scopes(of: "events", EventsPlugin.self, in: bot) == [
                    "elementary", "jefferson", "jefferson", "lincoln",
                ])
            #expect(try await scopes(of: "circles", EventsPlugin.self, in: bot) == ["jefferson", "lincoln"])
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aForgottenPersonLeavesTheCirclesOfEverySchool(backend: DatabaseBackend) async throws {
        try await withSchoolDataBot(backend: backend) { bot in
            try await bot.expect("/circle create chess open", from: "console:ana", in: "#lincoln")
            try await bot.expect("/circle join chess", from: "console:ben", in: "#lincoln")
            try await bot.expect("/circle create chess", from: "console:ben", in: "#jefferson")
            try await bot.expect("/me forget", from: "console:ben", verified: true, contains: "/me forget yes")
            try await bot.expect("/me forget yes", from: "console:ben", verified: true, contains: "Done")
            // Ben's own circle had no one else, so it is gone; Ana's keeps Ana alone.
            #expect(try await scopes(of: "circles", EventsPlugin.self, in: bot) == ["lincoln"])
            #expect(try await scopes(of: "members", EventsPlugin.self, in: bot) == ["lincoln"])
        }
    }

    static let instant = "2026-11-23T08:00:00-05:00"

    static let questions = ["/events 2026-12-03", "/circles", "/clubs", "/club robotics"]

    static func configure(_ configuration: inout HomeroomConfiguration) {
        configuration.timeZone = "America/New_York"
    }

    /// What the release before schools made of a public event, a circle `chess` of Ana's with an
    /// event, a post and an invitation for Ben, and the club `robotics`.
    static func releasedDatabase(_ database: any Database) async throws {
        try await releasedSchema(database, try EventsPlugin(settings: .init()), steps: 2)
        let now = SQLBind(seconds(instant))
        let (ana, admin) = (SQLBind("console:ana"), SQLBind("console:admin"))
        try await database.write { db in
            let events: [(title: String, start: String, circle: String?, by: SQLBind)] = [
                ("Robotics meetup", "2026-12-03T15:30:00-05:00", nil, admin),
                ("Blitz night", "2026-12-03T18:00:00-05:00", "chess", ana),
            ]
            for (title, start, circle, by) in events {
                try await db.insert(into: "events_events")
                    .columns("title", "starts_at", "ends_at", "place", "circle", "added_by", "added_at")
                    .values(
                        SQLBind(title), SQLBind(seconds(start)), SQLBind(seconds(start) + 3600), SQLBind("B-201"),
                        SQLBind(circle), by, now
                    ).run()
            }
            try await db.insert(into: "events_circles").columns("name", "owner", "open", "created_at")
                .values(SQLBind("chess"), ana, SQLBind(0), now).run()
            try await db.insert(into: "events_members").columns("circle", "user_id", "joined_at")
                .values(SQLBind("chess"), ana, now).run()
            try await db.insert(into: "events_invitations").columns("circle", "user_id", "invited_by", "invited_at")
                .values(SQLBind("chess"), SQLBind("console:ben"), ana, now).run()
            try await db.insert(into: "events_posts").columns("circle", "author", "text", "posted_at")
                .values(SQLBind("chess"), ana, SQLBind("who plays?"), now).run()
            try await db.insert(into: "events_clubs")
                .columns("name", "title", "category", "meets", "room", "updated_by", "updated_at")
                .values(
                    SQLBind("robotics"), SQLBind("Robotics"), SQLBind("academic"), SQLBind("Thursdays 15:30"),
                    SQLBind("B-301"), admin, now
                ).run()
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func anUpgradedDatabaseKeepsEveryEventClubAndCircleAndAnswersAsBefore(backend: DatabaseBackend) async throws {
        var expected: [String] = []
        var expectedForAna: [String] = []
        try await TestBot.with(
            plugins: [EventsPlugin.self], at: Self.instant, backend: backend, configure: Self.configure
        ) { bot in
            try await bot.loginAsAdmin()
            try await bot.expect(
                #"/event add 2026-12-03 15:30 "Robotics meetup" at B-201 for 60 min"#, from: "console:admin")
            try await bot.expect("/circle create chess", from: "console:ana")
            try await bot.expect(
                #"/event add 2026-12-03 18:00 "Blitz night" at B-201 for 60 min in chess"#, from: "console:ana")
            try await bot.expect("/circle invite chess ben", from: "console:ana")
            try await bot.expect(#"/circle post chess "who plays?""#, from: "console:ana")
            try await bot.expect(
                #"/club set robotics title Robotics category academic meets "Thursdays 15:30" room B-301"#,
                from: "console:admin")
            expected = await answers(bot, Self.questions)
            expectedForAna = await Self.circleAnswers(of: "console:ana", bot)
        }
        try await TestBot.with(
            plugins: [EventsPlugin.self], at: Self.instant, backend: backend, configure: Self.configure,
            preparing: Self.releasedDatabase
        ) { bot in
            #expect(await answers(bot, Self.questions) == expected)
            let ana = await Self.circleAnswers(of: "console:ana", bot)
            #expect(ana == expectedForAna)
            #expect(ana[0].contains("Blitz night") && ana[1].contains("chess (1 member, yours)"))
            for table in ["events", "circles", "members", "invitations", "posts", "clubs"] {
                #expect(
                    try await Set(scopes(of: table, EventsPlugin.self, in: bot)) == [School.soleSchoolID],
                    "\(table) is the one school's")
            }
            // The circle goes on: Ben's invitation stands, and events take the next number.
            try await bot.expect("/circle join chess", from: "console:ben", contains: "You are in chess now")
            try await bot.expect(
                #"/event add 2026-12-04 18:00 "Chess club" in chess"#, from: "console:ben", contains: "#3")
        }
    }

    /// `/events 2026-12-03` and `/circles` asked by `user` in a direct message.
    static func circleAnswers(of user: String, _ bot: TestBot) async -> [String] {
        var answers: [String] = []
        for question in ["/events 2026-12-03", "/circles"] {
            answers.append(await bot.send(question, from: user)?.text ?? "no answer")
        }
        return answers
    }
}
