import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import SQLKit
import Testing

/// One person across chat platforms (`/link`, `/unlink`), what Homeroom knows about them (`/me`),
/// and `/me forget`.
@Suite struct PersonTests {
    static let student = "console:student"
    static let phone = "slack:T1:U9"

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aLinkedPersonHasTheSameWaveAndClassesOnBothPlatformsUntilUnlinked(backend: DatabaseBackend) async throws {
        try await withSchoolBot(backend: backend) { bot in
            try await bot.expect("/schedule wave 2", from: Self.student)
            try await bot.expect("/classes grade 10", from: Self.student)
            try await bot.expect(#"/classes set 3 "ap chemistry""#, from: Self.student)
            // Before the link the phone's account is somebody else.
            try await bot.expect("/schedule wave", from: Self.phone, verified: true, error: true)

            try await link(bot, from: Self.student, to: Self.phone)
            try await bot.expect("/schedule wave", from: Self.phone, verified: true, contains: "lunch wave 2")
            try await bot.expect(
                "/classes", from: Self.phone, verified: true, contains: "Period 3 — AP Chemistry, room B-201, Ms. Lee")
            let me = try await bot.expect("/me", from: Self.phone, verified: true)
            #expect(me.visibility == .sender)
            #expect(
                me.lines.starts(with: [
                    "You are slack:T1:U9.",
                    "Linked with console:student; settings are kept under console:student — /unlink ADAPTER splits one off.",
                    "Roles: none.",
                    "Lunch wave: 2 — /schedule wave 1 | 2 | 3 | off.",
                    "Grade: 10 — /classes grade GRADE.",
                    "Classes: block 3 AP Chemistry — /classes set BLOCK COURSE, /classes clear [BLOCK].",
                ]), "\(me.lines)")
            // A change from either side is the person's.
            try await bot.expect("/schedule wave 1", from: Self.phone, verified: true)
            try await bot.expect("/schedule wave", from: Self.student, contains: "lunch wave 1")

            try await bot.expect(
                "/unlink slack", from: Self.student,
                contains: "Split: slack:T1:U9 is on its own again", "the rest stay with console:student")
            try await bot.expect("/schedule wave", from: Self.phone, verified: true, error: true)
            try await bot.expect("/schedule wave", from: Self.student, contains: "lunch wave 1")
            try await bot.expect("/unlink slack", from: Self.student, contains: "is not linked", error: true)
        }
    }

    @Test func rolesFollowThePersonAndTheHomeKeepsTheSettingsWhenItLeaves() async throws {
        try await withSchoolBot { bot in
            let phone = "slack:T1:UADMIN"
            try await bot.expect(#"/lunch set specials "Soup""#, from: phone, verified: true, error: true)
            try await link(bot, from: "console:admin", to: phone)
            try await bot.expect(#"/lunch set specials "Soup""#, from: phone, verified: true, contains: "Soup")
            try await bot.expect("/me", from: phone, verified: true, contains: "Roles: admin.")
            // The home identity leaves: it keeps the roles, the phone has its own again.
            try await bot.expect(
                "/unlink console", from: phone, verified: true,
                contains: "Split: console:admin is on its own again and keeps the settings")
            try await bot.expect(#"/lunch set specials "Stew""#, from: phone, verified: true, error: true)
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aWrongExpiredOrUsedCodeIsRefusedAndChangesNothing(backend: DatabaseBackend) async throws {
        try await withSchoolBot(backend: backend) { bot in
            try await bot.expect("/schedule wave 2", from: Self.student)
            let code = try linkCode(in: try await bot.expect("/link", from: Self.student))
            let stored = try await bot.runtime.database.read { db in
                try await db.select().columns("digest").from("core_link_codes").all()
                    .map { try $0.decode(column: "digest", as: String.self) }
            }
            #expect(
                stored.count == 1 && stored[0].count == 64
                    && !stored[0].contains(code.replacingOccurrences(of: "-", with: "")),
                "only a digest of the code is stored")

            let wrong = code.hasPrefix("A") ? "BBBB-BBBB" : "AAAA-AAAA"
            try await bot.expect(
                "/link \(wrong)", from: Self.phone, verified: true, contains: "wrong or has expired", error: true)
            try await bot.expect("/link \(code)", from: Self.student, contains: "made for this account", error: true)
            try await bot.expect(
                "/link \(code)", from: Self.phone, in: "#general", contains: "direct message", error: true)
            bot.clock.advance(by: 10 * 60 + 1)
            try await bot.expect(
                "/link \(code)", from: Self.phone, verified: true, contains: "wrong or has expired", error: true)
            try await bot.expect("/me", from: Self.phone, verified: true, contains: "Linked accounts: none")
            try await bot.expect("/me", from: Self.student, contains: "Linked accounts: none")
            #expect(try await linkRows(bot) == 0)

            // A good code joins once; the same code from a third account is spent.
            let fresh = try linkCode(in: try await bot.expect("/link", from: Self.student))
            try await bot.expect("/link \(fresh.lowercased())", from: Self.phone, verified: true, contains: "Linked")
            try await bot.expect(
                "/link \(fresh)", from: "irc:libera:stu", contains: "wrong or has expired", error: true)
            // One account per platform: a second Slack account is refused.
            let another = try linkCode(in: try await bot.expect("/link", from: Self.student))
            try await bot.expect(
                "/link \(another)", from: "slack:T1:U10", verified: true,
                contains: "slack:T1:U9 is linked there already",
                error: true)
            #expect(try await linkRows(bot) == 1)
            let refusals = try await AuditLog.recent(50, in: bot.runtime.database).filter {
                $0.action == "link.join" && $0.detail.contains("refused")
            }
            #expect(refusals.count == 5)
        }
    }

    @Test func linkCodesAreRateLimited() async throws {
        try await withSchoolBot(configure: { $0.rateLimit.enabled = true }) { bot in
            for attempt in 1...3 {
                try await bot.expect("/link ZZZZ-ZZZ\(attempt + 1)", from: Self.phone, verified: true, error: true)
            }
            try await bot.expect(
                "/link ZZZZ-ZZZZ", from: Self.phone, verified: true, contains: "faster than I can answer", error: true)
            bot.clock.advance(by: 61)
            try await bot.expect(
                "/link ZZZZ-ZZZZ", from: Self.phone, verified: true, contains: "wrong or has expired", error: true)
        }
    }

    func linkRows(_ bot: TestBot) async throws -> Int {
        try await bot.runtime.database.read { db in
            try await db.select().column("identity").from("core_identity_links").all().count
        }
    }

    /// Every table and column that names a person, with how the person's identities appear there.
    static let personalColumns: [(table: String, column: String, asTarget: Bool)] = [
        ("schedule_waves", "user_id", false), ("schedule_students", "user_id", false),
        ("schedule_classes", "user_id", false), ("directions_locations", "user_id", false),
        ("recipes_sessions", "user_id", false), ("events_members", "user_id", false),
        ("events_invitations", "user_id", false), ("events_posts", "author", false),
        ("news_readers", "user_id", false), ("news_subscriptions", "target", true),
        ("core_subscriptions", "target", true), ("core_outbox", "target", true),
        ("core_identity_links", "identity", false), ("core_identity_links", "home", false),
        ("core_link_codes", "identity", false), ("core_confirmations", "identity", false),
        ("core_adapter_state", "person", false),
    ]

    func personalRows(of identities: [String], _ bot: TestBot) async throws -> [String: Int] {
        try await bot.runtime.database.read { db in
            var counts: [String: Int] = [:]
            for (table, column, asTarget) in Self.personalColumns {
                let values = identities.map { asTarget ? "user:\($0)" : $0 }
                let count = try await db.select().column(column).from(table)
                    .where(column, .in, SQLBind.group(values)).all().count
                if count > 0 { counts["\(table).\(column)"] = count }
            }
            return counts
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func forgettingLeavesNoPersonalRowsAndTheAuditSaysItHappened(backend: DatabaseBackend) async throws {
        try await withSchoolBot(backend: backend) { bot in
            let friend = "console:friend"
            try await bot.expect("/schedule wave 2", from: friend)
            try await bot.expect("/schedule wave 2", from: Self.student)
            try await bot.expect("/classes grade 10", from: Self.student)
            try await bot.expect(#"/classes set 3 "ap chemistry""#, from: Self.student)
            try await bot.expect("/here A1-ENTRANCE", from: Self.student)
            try await bot.expect("/cook 1", from: Self.student, contains: "Step 1")
            try await bot.expect("/news 1", from: Self.student, contains: "Tickets are $5")
            try await bot.expect("/circle create chess open", from: Self.student)
            try await bot.expect("/circle join chess", from: friend)
            try await bot.expect("/circle create solo", from: Self.student)
            try await bot.expect(#"/event add tomorrow 18:00 "Solo night" in solo"#, from: Self.student)
            try await bot.expect(#"/circle post chess "see you at 3""#, from: Self.student)
            try await bot.expect(#"/circle post chess "on my way""#, from: friend)
            try await bot.expect("/subscribe lunch 10:30", from: Self.student)
            try await bot.expect("/subscribe day", from: Self.student)
            try await bot.expect("/subscribe news", from: Self.student)
            try await link(bot, from: Self.student, to: Self.phone)
            // A chat platform's direct-message channel for the person, beside its own state.
            let slack = AdapterState(adapter: "slack", account: "T1")
            let database = bot.runtime.database
            try await slack.set("D024BE91L", for: "direct:U9", about: UserID(Self.phone), at: bot.clock.now, in: database)
            try await slack.set("socket-cursor", for: "position", at: bot.clock.now, in: database)
            let identities = [Self.student, Self.phone]
            #expect(try await personalRows(of: identities, bot).count >= 14)
            let me = try await bot.expect("/me", from: Self.phone, verified: true)
            #expect(me.text.contains("Location: A1-ENTRANCE, 0 min ago"))
            #expect(me.text.contains("Cooking: "))
            #expect(me.text.contains("Circles: chess (yours), solo (yours) — /circle leave NAME."))
            #expect(me.text.contains("Subscriptions: day at 07:15, lunch at 10:30, news — /unsubscribe TOPIC."))

            try await bot.expect(
                "/me forget yes", from: Self.phone, verified: true, contains: "nothing to confirm", error: true)
            try await bot.expect(
                "/me forget", from: Self.phone, verified: true,
                contains: "This deletes your lunch wave, grade and classes", "slack:T1:U9",
                "send /me forget yes within 5 minutes")
            try await bot.expect("/me forget yes", from: Self.phone, verified: true, contains: "Done")

            #expect(try await personalRows(of: identities, bot) == [:])
            #expect(try await slack.value(for: "direct:U9", in: database) == nil)
            #expect(try await slack.value(for: "position", in: database) == "socket-cursor")
            let entry = try #require(try await AuditLog.recent(1, in: bot.runtime.database).first)
            #expect(entry.action == "me.forget" && entry.actor == UserID(Self.phone)!)
            #expect(entry.detail == "personal data of console:student deleted (2 accounts)")
            // Others keep theirs: the friend's wave, and the circle the student owned, now the friend's.
            try await bot.expect("/schedule wave", from: friend, contains: "lunch wave 2")
            let circles = try await bot.expect("/circles", from: friend, contains: "chess (1 member, yours)")
            #expect(!circles.text.contains("solo"), "a circle of the student's alone goes with them")
            try await bot.expect("/me", from: Self.student, contains: "Linked accounts: none", "Lunch wave: not set")
            try await bot.expect("/me forget yes", from: Self.student, contains: "nothing to confirm", error: true)
        }
    }

    @Test func aConfirmationExpiresAfterFiveMinutes() async throws {
        try await withSchoolBot { bot in
            try await bot.expect("/schedule wave 2", from: Self.student)
            try await bot.expect("/me forget", from: Self.student)
            bot.clock.advance(by: 5 * 60 + 1)
            try await bot.expect("/me forget yes", from: Self.student, contains: "nothing to confirm", error: true)
            try await bot.expect("/schedule wave", from: Self.student, contains: "lunch wave 2")
        }
    }
}
