import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import Testing

/// `/announce` over a small roster: each person once on the contact they chose and in their
/// language, approval by a second person, quiet hours and urgent alerts, opt-outs, the delivery
/// report, retry, cancel and correct, and a fan-out taken up where a stopped instance left it.
@Suite struct AnnouncementTests {
    /// Grade 9: Ana and Ben (siblings, guardian Gail by text), Cleo (guardians Hal, who chose
    /// e-mail, and Ivy, with no contact). Grade 10: Dan (guardian Joy). Two teachers.
    static let roster: [RosterPerson] = [
        RosterPerson(
            sourcedID: "s-ana", role: .student, givenName: "Ana", familyName: "Ruiz", grade: "09", agents: ["g-gail"]),
        RosterPerson(
            sourcedID: "s-ben", role: .student, givenName: "Ben", familyName: "Ruiz", grade: "09", agents: ["g-gail"]),
        RosterPerson(
            sourcedID: "s-cleo", role: .student, givenName: "Cleo", familyName: "Park", grade: "09",
            agents: ["g-hal", "g-ivy"]),
        RosterPerson(
            sourcedID: "s-dan", role: .student, givenName: "Dan", familyName: "Oh", grade: "10", agents: ["g-joy"]),
        RosterPerson(
            sourcedID: "g-gail", role: .guardian, givenName: "Gail", familyName: "Ruiz",
            sms: PhoneNumber("+12025550101"),
            agents: ["s-ana", "s-ben"]),
        RosterPerson(
            sourcedID: "g-hal", role: .guardian, givenName: "Hal", familyName: "Park", email: "hal@example.org",
            sms: PhoneNumber("+12025550102"), agents: ["s-cleo"]),
        RosterPerson(sourcedID: "g-ivy", role: .guardian, givenName: "Ivy", familyName: "Park", agents: ["s-cleo"]),
        RosterPerson(
            sourcedID: "g-joy", role: .guardian, givenName: "Joy", familyName: "Oh", sms: PhoneNumber("+12025550104"),
            agents: ["s-dan"]),
        RosterPerson(
            sourcedID: "t-kim", role: .teacher, givenName: "Kim", familyName: "Lee", email: "kim@school.example"),
        RosterPerson(
            sourcedID: "t-lou", role: .teacher, givenName: "Lou", familyName: "Diaz", email: "lou@school.example"),
    ]

    static let gail = "sms:+12025550101"
    static let hal = "email:hal@example.org"
    static let joy = "sms:+12025550104"

    /// A bot at `instant` with the roster, Hal's choice of e-mail, and `console:admin` logged in.
    static func withSchool(
        at instant: String = "2026-11-23T12:00:00-05:00", backend: DatabaseBackend = .sqlite,
        configure: @escaping (inout HomeroomConfiguration) -> Void = { _ in }, _ body: (TestBot) async throws -> Void
    ) async throws {
        try await TestBot.with(at: instant, backend: backend, configure: configure) { bot in
            let book = RosterBook(database: bot.runtime.database)
            _ = try await book.apply(
                RosterUpdate(people: .replaced(roster)), at: bot.clock.now, audit: Self.audit(bot))
            try await bot.expect("/me notify email", from: hal, contains: "hal@example.org")
            try await bot.loginAsAdmin()
            try await body(bot)
        }
    }

    /// An audit entry of the command line at the bot's time.
    static func audit(_ bot: TestBot) -> AuditEntry {
        AuditEntry(at: bot.clock.now, actor: AuditEntry.commandLine, action: "test", detail: "set up")
    }

    /// The messages of announcement `id` in the outbox, due or not, by recipient key.
    /// One message in the outbox.
    struct Sent: Sendable, Equatable {
        let adapter: String
        let target: String
        let body: String
    }

    static func messages(of id: Int, _ bot: TestBot) async throws -> [String: Sent] {
        let rows = try await bot.runtime.database.read { db in
            try await db.select().columns("adapter", "target", "body", "idempotency_key").from("core_outbox").all()
        }
        var found: [String: Sent] = [:]
        for row in rows {
            let key = try row.decode(column: "idempotency_key", as: String.self)
            guard key.hasPrefix("announce:\(id):") else { continue }
            found[String(key.dropFirst("announce:\(id):".count))] = Sent(
                adapter: try row.decode(column: "adapter", as: String.self),
                target: try row.decode(column: "target", as: String.self),
                body: try row.decode(column: "body", as: String.self))
        }
        return found
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aGradeIsReachedOncePerPersonOnTheirChosenContactInTheirLanguage(backend: DatabaseBackend) async throws {
        try await Self.withSchool(backend: backend) { bot in
            try await bot.expect("/me language es", from: Self.gail)
            try await bot.expect(
                #"/announce grade 9 "No school tomorrow: snow day." es "Mañana no hay clases: nieve.""#,
                from: "console:admin", contains: "Announcement 1 to grade 09", "2 messages are on their way")
            let sent = try await Self.messages(of: 1, bot)
            #expect(Set(sent.keys) == ["person:roster:g-gail", "person:roster:g-hal"], "\(sent.keys)")
            #expect(sent["person:roster:g-gail"]?.target == "user:\(Self.gail)")
            #expect(sent["person:roster:g-gail"]?.body.contains("Mañana no hay clases: nieve.") == true)
            #expect(sent["person:roster:g-hal"]?.target == "user:\(Self.hal)", "Hal chose e-mail")
            #expect(sent["person:roster:g-hal"]?.body.contains("No school tomorrow: snow day.") == true)
            let status = try await bot.expect("/announce status 1", from: "console:admin")
            #expect(status.text.contains("sms: 0 sent, 1 waiting"), "\(status.text)")
            #expect(status.text.contains("email: 0 sent, 1 waiting"), "\(status.text)")
            // Ana, Ben and Cleo have no contacts of their own, and neither has Ivy.
            #expect(status.text.contains("4 the roster gives no contact for"), "\(status.text)")
        }
    }

    @Test func approvalIsAskedOfAnotherPersonAndTheAuthorCannotApproveTheirOwn() async throws {
        try await Self.withSchool(configure: { $0.announcements.requireApproval = true }) { bot in
            try await bot.loginAsAdmin("console:principal")
            try await bot.expect(
                #"/announce families "Picture day is Thursday.""#, from: "console:admin",
                contains: "waits for approval", "/announce approve 1", "1 person was asked")
            #expect(try await Self.messages(of: 1, bot).isEmpty, "nothing goes out before approval")
            let asked = try await bot.runtime.outbox.due(for: "console")
            #expect(asked.map(\.idempotencyKey) == ["announce-approval:1:console:principal"])
            #expect(asked.first?.lines.contains("Picture day is Thursday.") == true, "\(asked)")
            try await bot.expect(
                "/announce approve 1", from: "console:admin", contains: "another person must approve it", error: true)
            try await bot.expect("/announce approve 1", from: "console:student", error: true)
            try await bot.expect("/announce approve 1", from: "console:principal", contains: "3 messages")
            #expect(Set(try await Self.messages(of: 1, bot).keys).count == 3)
            try await bot.expect(
                "/announce approve 1", from: "console:principal", contains: "not waiting for approval", error: true)
            // An urgent alert never waits.
            try await bot.expect(
                #"/announce urgent families "Lockdown: stay inside.""#, from: "console:admin", contains: "3 messages")
            let audit = try await bot.runtime.database.read { db in
                try await db.select().columns("actor", "action").from("core_audit").all().map {
                    "\(try $0.decode(column: "actor", as: String.self)) \(try $0.decode(column: "action", as: String.self))"
                }
            }
            #expect(audit.contains("console:admin announce.urgent"), "\(audit)")
            #expect(audit.contains("console:principal announce.approve"), "\(audit)")
        }
    }

    @Test func quietHoursHoldANormalAnnouncementUntilMorningAndAnUrgentOneGoesAtOnce() async throws {
        try await Self.withSchool(at: "2026-11-23T22:15:00-05:00") { bot in
            try await bot.expect(#"/announce families "Bring a coat tomorrow.""#, from: "console:admin")
            let held = try await bot.runtime.outbox.due(for: "sms")
            #expect(held.isEmpty, "held until 07:00")
            let status = try await bot.expect("/announce status 1", from: "console:admin")
            #expect(status.text.contains("sms: 0 sent, 0 waiting, 2 held"), "\(status.text)")
            try await bot.expect(
                #"/announce urgent families "Water main break: school closed.""#, from: "console:admin")
            let urgent = try await bot.runtime.outbox.due(for: "sms")
            #expect(urgent.map(\.idempotencyKey).allSatisfy { $0.hasPrefix("announce:2:") } && urgent.count == 2)
            bot.clock.set(to: TestClock.instant("2026-11-24T07:00:00-05:00"))
            #expect(try await bot.runtime.outbox.due(for: "sms").count == 4, "the morning releases the held ones")
        }
    }

    @Test func anOptedOutNumberIsLeftOutAndCounted() async throws {
        try await Self.withSchool { bot in
            try await OptOutList(adapter: "sms", database: bot.runtime.database).add(
                "+12025550104", how: "STOP", at: bot.clock.now)
            try await bot.expect(#"/announce families "Early release Friday.""#, from: "console:admin")
            #expect(try await Self.messages(of: 1, bot)["person:roster:g-joy"] == nil)
            try await bot.expect("/announce status 1", from: "console:admin", contains: "1 who opted out")
        }
    }

    /// Marks the text to `recipient` delivered, as the worker would once it went out, and leaves
    /// the rest waiting.
    static func deliver(to recipient: String, _ bot: TestBot) async throws {
        let outbox = bot.runtime.outbox
        let due = try await outbox.claim(for: "sms")
        let chosen = due.filter { $0.target.description == "user:" + recipient }
        let others = due.filter { $0.target.description != "user:" + recipient }
        #expect(chosen.count == 1)
        try await outbox.markDelivered(chosen)
        try await outbox.release(others)
    }

    @Test func cancelStopsWhatWaitsAndACorrectionGoesOnlyToThoseWhoGotIt() async throws {
        try await Self.withSchool { bot in
            try await bot.expect(#"/announce families "Concert at 6.""#, from: "console:admin")
            try await Self.deliver(to: Self.gail, bot)
            try await bot.expect(
                "/announce cancel 1", from: "console:admin", contains: "2 messages that had not gone out")
            #expect(Set(try await Self.messages(of: 1, bot).keys) == ["person:roster:g-gail"])
            try await bot.expect(
                "/announce cancel 1", from: "console:admin", contains: "cancelled already", error: true)

            try await bot.expect(#"/announce correct 1 "Concert at 7.""#, from: "console:admin", contains: "1 message")
            let correction = try await Self.messages(of: 2, bot)
            #expect(correction.keys.sorted() == ["person:roster:g-gail"])
            let body = correction["person:roster:g-gail"]?.body ?? ""
            #expect(body.hasPrefix("Correction from"), "\(body)")
            #expect(body.contains("Concert at 7."), "\(body)")
        }
    }

    @Test func theReportCountsWhatWentOutAndWhyOneFailedAndRetrySendsItAgain() async throws {
        try await Self.withSchool { bot in
            try await bot.expect(#"/announce families "Report cards are out.""#, from: "console:admin")
            let texts = try await bot.runtime.outbox.claim(for: "sms")
            let gails = try #require(texts.first { $0.target.description == "user:\(Self.gail)" })
            let joys = try #require(texts.first { $0.target.description == "user:\(Self.joy)" })
            try await bot.runtime.outbox.markDelivered([gails])
            try await bot.runtime.outbox.markFailed(joys, error: "21211: not a mobile number", permanent: true)
            // Hal's e-mail failed once and waits for its retry: waiting, not held.
            let mails = try await bot.runtime.outbox.claim(for: "email")
            #expect(mails.count == 1)
            for mail in mails { try await bot.runtime.outbox.markFailed(mail, error: "451 try again later") }
            let status = try await bot.expect("/announce status 1", from: "console:admin")
            #expect(
                status.text.contains("sms: 1 sent, 0 waiting, 0 held until the quiet hours end, 1 failed"),
                "\(status.text)")
            #expect(status.text.contains("1 failed: 21211: not a mobile number"), "\(status.text)")
            #expect(
                status.text.contains("email: 0 sent, 1 waiting, 0 held until the quiet hours end, 0 failed"),
                "\(status.text)")
            #expect(status.text.contains("The last message went out"), "\(status.text)")
            try await bot.expect(
                "/announce retry 1", from: "console:admin", contains: "1 failed message goes out again")
            #expect(try await bot.runtime.outbox.due(for: "sms").map(\.id) == [joys.id])
        }
    }

    @Test func everyoneReachesSubscribedChannelsAndAPersonLinkedToTheRosterOnce() async throws {
        try await Self.withSchool { bot in
            try await bot.expect("/subscribe announcements", from: "console:admin", in: "#hallway")
            try await bot.expect("/subscribe announcements", from: Self.gail)
            try await bot.expect(#"/announce everyone "Fire drill at 10.""#, from: "console:admin")
            let sent = try await Self.messages(of: 1, bot)
            #expect(sent["channel:console:#hallway"]?.target == "channel:#hallway", "\(sent.keys)")
            #expect(sent.keys.filter { $0.contains("g-gail") }.count == 1, "Gail once: \(sent.keys)")
            // The roster's 4 reachable people (Gail, Hal, Joy and the two teachers) and the channel.
            #expect(sent.count == 6, "\(sent.keys.sorted())")
        }
    }

    /// On PostgreSQL another instance may still be alive, so its claim must run out first; one
    /// SQLite file is one `serve`, so there a claim of another process is a killed one's.
    @Test(arguments: TemporaryDatabase.availableBackends)
    func aFanOutAnInstanceLeftIsTakenUpByTheNextAndQueuesNoOneTwice(backend: DatabaseBackend) async throws {
        try await Self.withSchool(backend: backend) { bot in
            var families: [RosterPerson] = []
            for index in 0..<1_203 {
                families.append(
                    RosterPerson(
                        sourcedID: String(format: "g-%05d", index), role: .guardian, givenName: "G\(index)",
                        familyName: "Family", sms: PhoneNumber(String(format: "+1202555%04d", 1000 + index))))
            }
            _ = try await RosterBook(database: bot.runtime.database).apply(
                RosterUpdate(people: .changed(families, deleting: [])), at: bot.clock.now,
                audit: Self.audit(bot))
            let announcements = AnnouncementBook(database: bot.runtime.database)
            let draft = AnnouncementBook.Draft(
                school: nil, author: UserID("console:admin")!, text: "Snow day.", audience: .families)
            let announcement = try await announcements.add(
                draft, state: .scheduled, at: bot.clock.now, audit: Self.audit(bot))
            // An instance takes the fan-out, queues one batch and stops (killed).
            #expect(
                try await announcements.claim(
                    announcement.id, for: "dead", at: bot.clock.now, until: bot.clock.now.addingTimeInterval(60)))
            let dead = AnnouncementFanOut(
                database: bot.runtime.database, rules: AnnouncementRules(quietHours: nil),
                district: bot.runtime.schools.district, clock: bot.clock, claimer: "dead", logger: TestBot.testLogger())
            #expect(try await !dead.run(announcement.id, batchLimit: 1))
            let afterOne = try #require(try await announcements.progress(of: announcement.id))
            #expect(afterOne.queued == AnnouncementFanOut.batchSize)
            if backend == .postgres {
                // Another instance cannot take it while the claim lasts; once it ran out, the job does.
                try await bot.runJob("send announcements", of: CorePlugin.self)
                #expect(try await announcements.progress(of: announcement.id)?.queued == AnnouncementFanOut.batchSize)
                bot.clock.advance(by: 61)
            }
            try await bot.runJob("send announcements", of: CorePlugin.self)
            let done = try #require(try await announcements.progress(of: announcement.id))
            let sent = try await Self.messages(of: Int(announcement.id), bot)
            #expect(sent.count == 1_203 + 3, "every guardian once")
            #expect(done.queued == sent.count)
            #expect(try await announcements.announcement(announcement.id)?.state == .sent)
        }
    }

    @Test func eachBadAnnouncementIsRefusedWithWhatToFix() async throws {
        try await Self.withSchool { bot in
            let cases: [(String, String)] = [
                (#"/announce "Hello""#, "say whom it is for"),
                ("/announce everyone", "put the announcement's text in quotes"),
                (#"/announce grade 99 "Hi""#, "say whom it is for"),
                (#"/announce everyone "Hi" xx "Salut""#, "\"xx\" is not a language"),
                (#"/announce everyone "Hi" es"#, "put the Español text in quotes"),
                (#"/announce everyone "Hi" at 2026-11-20 07:00"#, "that time has passed"),
                (#"/announce everyone "Hi" at noonish"#, "give the time it goes out as HH:MM"),
                (#"/announce urgent everyone "Hi" at 07:00"#, "an urgent alert goes at once"),
                ("/announce everyone \"\(String(repeating: "a", count: 2001))\"", "at most 2,000"),
                ("/announce status 99", "there is no announcement 99"),
            ]
            for (typed, expected) in cases {
                let reply = try await bot.expect(typed, from: "console:admin", error: true)
                #expect(reply.text.contains(expected), "\(typed) → \(reply.text)")
            }
            try await bot.expect(#"/announce everyone "Hi""#, from: "console:student", error: true)
            #expect(try await Self.messages(of: 1, bot).isEmpty, "nothing was written")
        }
    }

    @Test func aTimedAnnouncementGoesOutWhenItsTimeComes() async throws {
        try await Self.withSchool { bot in
            try await bot.expect(
                #"/announce staff "Staff meeting in the library." at 15:00"#, from: "console:admin",
                contains: "goes out on")
            try await bot.runJob("send announcements", of: CorePlugin.self)
            #expect(try await Self.messages(of: 1, bot).isEmpty)
            bot.clock.set(to: TestClock.instant("2026-11-23T15:00:00-05:00"))
            try await bot.runJob("send announcements", of: CorePlugin.self)
            #expect(Set(try await Self.messages(of: 1, bot).keys) == ["person:roster:t-kim", "person:roster:t-lou"])
        }
    }
    @Test(arguments: TemporaryDatabase.availableBackends)
    func twoInstancesStartingOneFanOutAtOnceQueueEachRecipientOnce(backend: DatabaseBackend) async throws {
        try await Self.withSchool(backend: backend) { bot in
            let families = (0..<700).map { index in
                RosterPerson(
                    sourcedID: String(format: "g-%05d", index), role: .guardian, givenName: "G\(index)",
                    familyName: "Family", sms: PhoneNumber(String(format: "+1202555%04d", 2000 + index)))
            }
            _ = try await RosterBook(database: bot.runtime.database).apply(
                RosterUpdate(people: .changed(families, deleting: [])), at: bot.clock.now, audit: Self.audit(bot))
            let announcements = AnnouncementBook(database: bot.runtime.database)
            let announcement = try await announcements.add(
                AnnouncementBook.Draft(
                    school: nil, author: UserID("console:admin")!, text: "Snow day.", audience: .families),
                state: .scheduled, at: bot.clock.now, audit: Self.audit(bot))
            let instances = ["a", "b"].map { name in
                AnnouncementFanOut(
                    database: bot.runtime.database, rules: AnnouncementRules(quietHours: nil),
                    district: bot.runtime.schools.district, clock: bot.clock, claimer: name,
                    logger: TestBot.testLogger())
            }
            let finished = try await withThrowingTaskGroup(of: Bool.self) { group in
                for instance in instances { group.addTask { try await instance.run(announcement.id) } }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(finished.filter { $0 }.count == 1, "one instance held it: \(finished)")
            let sent = try await Self.messages(of: Int(announcement.id), bot)
            #expect(sent.count == 700 + 3)
            #expect(try await announcements.progress(of: announcement.id)?.queued == 703)
        }
    }
}
