import Events
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import SQLKit
import Testing

/// `/announce circle NAME`: the events plugin's circle, whose members the announcement reaches
/// each once, on the contact they chose and in their language, while the runtime knows circles
/// only through the plugin's audience provider.
@Suite struct AnnouncementCircleTests {
    static let gail = "sms:+12025550101"

    /// A bot with the events plugin and Gail in the roster (by text); Ana's circle `robotics`, by
    /// invitation, with Ben (subscribed to announcements, and allowed to send them), Gail and
    /// Ana (who reads Spanish); Cy in no circle; `console:admin` logged in as an admin and
    /// `console:office` allowed every announcement capability (`announce`), none of circles.
    static func withCircle(backend: DatabaseBackend = .sqlite, _ body: (TestBot) async throws -> Void) async throws {
        try await TestBot.with(
            plugins: [EventsPlugin.self], backend: backend,
            configure: { $0.roles = ["office": ["announce"]] }
        ) { bot in
            _ = try await RosterBook(database: bot.runtime.database).apply(
                RosterUpdate(
                    people: .replaced([
                        RosterPerson(
                            sourcedID: "g-gail", role: .guardian, givenName: "Gail", familyName: "Ruiz",
                            sms: PhoneNumber("+12025550101"))
                    ])),
                at: bot.clock.now,
                audit: AuditEntry(at: bot.clock.now, actor: AuditEntry.commandLine, action: "test", detail: "set up"))
            try await bot.loginAsAdmin()
            for user in ["console:office", "console:ben"] {
                try await bot.runtime.access.grant("office", to: UserID(user)!, by: AuditEntry.commandLine)
                try await bot.runtime.login.setPIN(TestBot.adminPIN, for: UserID(user)!, by: AuditEntry.commandLine)
                try await bot.expect("/login \(TestBot.adminPIN)", from: user)
            }
            try await bot.expect("/me language es", from: "console:ana")
            try await bot.expect("/circle create Robotics", from: "console:ana", contains: "robotics")
            for invitee in ["ben", gail] {
                try await bot.expect("/circle invite robotics \(invitee)", from: "console:ana", contains: "robotics")
            }
            try await bot.expect("/circle join robotics", from: "console:ben", contains: "You are in robotics")
            try await bot.expect("/circle join robotics", from: gail, contains: "You are in robotics")
            try await bot.expect("/subscribe announcements", from: "console:ben")
            try await body(bot)
        }
    }

    /// The messages of announcement `id` in the outbox, due or not, by recipient key: target and body.
    static func messages(of id: Int, _ bot: TestBot) async throws -> [String: (target: String, body: String)] {
        let rows = try await bot.runtime.database.read { db in
            try await db.select().columns("target", "body", "idempotency_key").from("core_outbox").all()
        }
        var found: [String: (target: String, body: String)] = [:]
        for row in rows {
            let key = try row.decode(column: "idempotency_key", as: String.self)
            guard key.hasPrefix("announce:\(id):") else { continue }
            found[String(key.dropFirst("announce:\(id):".count))] = (
                try row.decode(column: "target", as: String.self), try row.decode(column: "body", as: String.self)
            )
        }
        return found
    }

    @Test func aCircleIsReadAsTypedAndStoredByItsName() {
        let read = Audience.read(["circle", "Robotics", "Hi"])
        #expect(read?.audience == .circle("Robotics"))
        #expect(read?.words == 2)
        #expect(Audience.read(["circle"]) == nil, "a circle needs its name")
        #expect(Audience(stored: Audience.circle("robotics").stored) == .circle("robotics"))
        #expect(Audience.circle("robotics").group?.kind == "circle")
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func eachMemberGetsOneMessageInTheirLanguageAndNoOneElseDoes(backend: DatabaseBackend) async throws {
        try await Self.withCircle(backend: backend) { bot in
            try await bot.expect(
                #"/announce circle ROBOTICS "Practice moves to 4." es "La práctica pasa a las 4.""#,
                from: "console:admin", contains: "Announcement 1 to the circle robotics", "3 messages are on their way")
            let sent = try await Self.messages(of: 1, bot)
            #expect(
                Set(sent.keys) == ["person:console:ana", "person:console:ben", "person:roster:g-gail"], "\(sent.keys)")
            #expect(sent["person:console:ana"]?.body.contains("La práctica pasa a las 4.") == true)
            #expect(sent["person:console:ben"]?.target == "user:console:ben", "once, though he subscribed too")
            #expect(sent["person:console:ben"]?.body.contains("Practice moves to 4.") == true)
            #expect(sent["person:roster:g-gail"]?.target == "user:\(Self.gail)", "Gail by text, as the roster says")
            #expect(!sent.values.contains { $0.target.contains("console:cy") || $0.target.contains("console:admin") })
            let status = try await bot.expect("/announce status 1", from: "console:admin")
            #expect(status.text.contains("sms: 0 sent, 1 waiting"), "\(status.text)")
        }
    }

    @Test func anUnknownCircleIsRefusedByNameAndAPrivateOneToThoseNotInIt() async throws {
        try await Self.withCircle { bot in
            try await bot.expect(
                #"/announce circle chess "Hi""#, from: "console:admin", contains: "no circle chess", error: true)
            try await bot.expect(
                #"/announce circle robotics "Hi""#, from: "console:office",
                contains: "robotics is by invitation: only its members or an admin announce to it", error: true)
            try await bot.expect(#"/announce circle robotics "Hi""#, from: "console:cy", error: true)
            #expect(try await Self.messages(of: 1, bot).isEmpty, "nothing was written")
            try await bot.expect(
                #"/announce circle robotics "Bring goggles.""#, from: "console:ben",
                contains: "Announcement 1 to the circle robotics", "3 messages")
            try await bot.expect("/circle create chess open", from: "console:cy", contains: "Created chess")
            try await bot.expect(
                #"/announce circle chess "Club photo at noon.""#, from: "console:office",
                contains: "Announcement 2 to the circle chess", "1 message is on its way")
            #expect(Set(try await Self.messages(of: 2, bot).keys) == ["person:console:cy"])
        }
    }

    @Test func aLargeCircleIsReachedABatchAtATimeEachMemberOnce() async throws {
        try await Self.withCircle { bot in
            let count = 2 * AnnouncementFanOut.batchSize + 203
            try await bot.runtime.database.write { db in
                for start in stride(from: 0, to: count, by: 100) {
                    var insert = db.insert(into: "events_members").columns("scope", "circle", "user_id", "joined_at")
                    for index in start..<min(start + 100, count) {
                        insert = insert.values(
                            SQLBind(School.soleSchoolID), SQLBind("robotics"),
                            SQLBind(String(format: "console:m-%05d", index)), SQLBind(Int64(index)))
                    }
                    try await insert.run()
                }
            }
            try await bot.expect(
                #"/announce circle robotics "Season opener Saturday.""#, from: "console:admin",
                contains: "messages are on their way")
            let sent = try await Self.messages(of: 1, bot)
            #expect(sent.count == count + 3)
            let progress = try #require(try await AnnouncementBook(database: bot.runtime.database).progress(of: 1))
            #expect(progress.queued == count + 3)
            #expect(progress.phase == "done")
        }
    }
}
