import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import Lunch
import OneRoster
import Testing

/// A OneRoster export read into the roster: the sample district of 2 schools, 1,000 students and
/// 1,500 guardians lands whole, in its schools, with every guardian linked to their students and
/// reachable at their contacts; importing it again changes nothing; a notice to one grade's
/// families is queued once per guardian, on the contact each chose.
@Suite struct RosterImportTests {
    static let sample = OneRosterSampleDistrict()

    /// A district whose two schools are the sample's, by name.
    static func withDistrict(backend: DatabaseBackend = .sqlite, _ body: (TestBot) async throws -> Void) async throws {
        try await TestBot.with(
            backend: backend,
            configure: { configuration in
                configuration.district = "Sample Unified"
                configuration.schools = [
                    school("north", "Sample High School 1"), school("south", "Sample High School 2"),
                ]
            }, body)
    }

    static func imported(into bot: TestBot, files: [String: [UInt8]] = sample.files()) async throws
        -> RosterImport.Outcome
    {
        try await RosterImport.run(
            try RosterExport.read(files: files), on: bot.runtime, actor: AuditEntry.commandLine)
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func theSampleDistrictLandsWholeAndASecondImportChangesNothing(backend: DatabaseBackend) async throws {
        try await Self.withDistrict(backend: backend) { bot in
            let expected = Self.sample.export()
            let links = Set(
                expected.users.filter { $0.role == .student }.flatMap { student in
                    student.agentSourcedIds.map { "\($0)>\(student.sourcedId)" }
                })
            let started = ContinuousClock.now
            let first = try await Self.imported(into: bot)
            print("roster: the sample district (\(backend)) imported in \(ContinuousClock.now - started)")
            #expect(first.summary.students == 1_000)
            #expect(first.summary.guardians == 1_500)
            #expect(first.summary.guardianLinks == links.count)
            #expect(first.summary.classes == expected.classes.count)
            #expect(first.summary.enrollments == expected.enrollments.count)
            let contacts = expected.users.reduce(0) { $0 + ($1.sms == nil ? 0 : 1) + ($1.email == nil ? 0 : 1) }
            #expect(first.summary.linkedContacts + first.summary.unlinkedContacts.count == contacts)

            let again = try await Self.imported(into: bot)
            #expect(again.summary == first.summary, "a second import of the same files changes nothing")

            // Every student is at their school, so a text from their family's number answers there.
            let student = try #require(expected.users.first { $0.role == .student })
            let schools = bot.runtime.schools
            let placed = try await schools.school(
                of: .user(RosterPerson.home(of: student.sourcedId)), adapter: RosterPerson.adapter)
            #expect(placed?.id == (student.orgSourcedIds.first == "org-school-1" ? "north" : "south"))
        }
    }

    @Test func aGuardiansNumberIsThatGuardianWithTheirStudentsAndTheirChoice() async throws {
        try await Self.withDistrict { bot in
            _ = try await Self.imported(into: bot)
            let guardian = try #require(
                Self.sample.export().users.first {
                    $0.role?.actsForStudents == true && $0.sms != nil && $0.email != nil
                })
            let number = try #require(guardian.sms).e164
            let me = try await bot.expect("/me", from: "sms:\(number)", verified: true)
            #expect(me.text.contains("The school's roster lists you as"), "\(me.text)")
            #expect(me.text.contains("Your students:"), "\(me.text)")
            #expect(me.text.contains("Notifications go to texts to \(number)"), "\(me.text)")

            try await bot.expect("/me notify email", from: "sms:\(number)", verified: true, contains: "Done")
            try await bot.expect(
                "/me notify", from: "sms:\(number)", verified: true, contains: "e-mail to \(guardian.email!)")
            // The choice is the person's, whichever contact they write from.
            try await bot.expect(
                "/me notify", from: "email:\(guardian.email!.lowercased())", verified: true,
                contains: "e-mail to \(guardian.email!)")

            try await bot.expect("/me forget", from: "sms:\(number)", verified: true, contains: "Also kept")
            try await bot.expect("/me forget yes", from: "sms:\(number)", verified: true, contains: "Done")
            // The roster's contacts still reach them; their own choice is gone.
            try await bot.expect("/me", from: "sms:\(number)", verified: true, contains: "texts to \(number)")
        }
    }

    @Test func aNoticeToAGradesFamiliesIsQueuedOncePerGuardianOnTheirChoice() async throws {
        try await Self.withDistrict { bot in
            _ = try await Self.imported(into: bot)
            let export = Self.sample.export()
            let byID = Dictionary(export.users.map { ($0.sourcedId, $0) }) { first, _ in first }
            let families = Set(
                export.users.filter { $0.role == .student && $0.grades.first == "09" }
                    .flatMap(\.agentSourcedIds).filter { byID[$0]?.role?.actsForStudents == true })
            #expect(families.count > 100)
            let chooser = try #require(
                families.sorted().compactMap { byID[$0] }.first { $0.sms != nil && $0.email != nil })
            try await bot.expect("/me notify email", from: "sms:\(chooser.sms!.e164)", verified: true, contains: "Done")

            let roster = RosterBook(database: bot.runtime.database)
            let audit = AuditEntry(
                at: bot.clock.now, actor: AuditEntry.commandLine, action: "notice", detail: "grade 9")
            let fanOut = try await roster.queueNotice(
                ["Grade 9 families: the field trip is Friday."], toFamiliesOfGrade: "09", at: nil, key: "trip",
                outbox: bot.runtime.outbox, now: bot.clock.now, audit: audit)
            #expect(fanOut.queued + fanOut.unreachable == families.count)
            #expect(fanOut.unreachable == 0, "every sample guardian has a number or an address")
            let pending = try await bot.runtime.outbox.pendingCounts()
            #expect((pending["sms"] ?? 0) + (pending["email"] ?? 0) == families.count, "\(pending)")
            #expect(
                try await bot.runtime.outbox.hasMessage(withKey: "notice:trip:\(chooser.sourcedId)"),
                "the chooser's row")
            let chosen = try await bot.runtime.outbox.due(for: "email", limit: 10_000)
            #expect(chosen.contains { $0.target == .user(UserID(adapter: "email", id: chooser.email!.lowercased())) })

            // Sent again (after a crash mid-call, say): nothing is queued twice.
            let again = try await roster.queueNotice(
                ["Grade 9 families: the field trip is Friday."], toFamiliesOfGrade: "09", at: nil, key: "trip",
                outbox: bot.runtime.outbox, now: bot.clock.now, audit: audit)
            #expect(again.queued == 0 && again.alreadyQueued == fanOut.queued)
        }
    }

    @Test func aGuardiansSubscriptionGoesByTheContactTheyChose() async throws {
        try await TestBot.with(plugins: [LunchPlugin.self], at: "2026-11-23T08:00:00-05:00") { bot in
            _ = try await Self.imported(into: bot, files: Self.family)
            try await bot.loginAsAdmin()
            try await bot.expect(#"/lunch set 2026-11-23 specials "Tacos""#, from: "console:admin")
            let rosa = "sms:+13125550142"
            try await bot.expect("/subscribe lunch 10:30", from: rosa, verified: true, contains: "Subscribed")
            try await bot.expect(
                "/me notify email", from: rosa, verified: true, contains: "e-mail to rosa@mail.example")
            _ = try await bot.sendSubscriptions(at: "2026-11-23T10:30:00-05:00")
            let mail = try await bot.runtime.outbox.due(for: "email")
            #expect(mail.map(\.target) == [.user(UserID(adapter: "email", id: "rosa@mail.example"))])
            #expect(mail.first?.lines.joined().contains("Tacos") == true)
            #expect(try await bot.runtime.outbox.pendingCount(for: "sms") == 0, "not by text as well")
        }
    }

    /// A family: Ana (grade 9), her parent Rosa (a number and an address) and her guardian Tom (a
    /// phone number only), and a row without an id on line 5.
    static let family: [String: [UInt8]] = [
        "manifest.csv": Array(
            "propertyName,value\nmanifest.version,1.0\noneroster.version,1.1\nfile.users,bulk\n".utf8),
        "users.csv": Array(
            """
            sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password
            s1,active,,true,org1,student,,,Ana,Lopez,,,,,,g1,09,
            g1,active,,true,org1,parent,,,Rosa,Lopez,,,rosa@mail.example,(312) 555-0142,,s1,,
            g2,active,,true,org1,guardian,,,Tom,Lopez,,,,,312-555-0143,s1,,
            ,active,,true,org1,student,,,No,Id,,,,,,,09,

            """.utf8),
    ]

    @Test func aDeltaChangesAndDeletesRowsAndABadRowIsNamed() async throws {
        try await TestBot.with { bot in
            let bulk = Self.family
            let first = try await Self.imported(into: bot, files: bulk)
            #expect(first.summary.people == 3 && first.summary.guardianLinks == 2)
            #expect(first.problems.contains { $0.hasPrefix("users.csv line 5") }, "\(first.problems)")
            try await bot.expect("/me", from: "sms:+13125550143", verified: true, contains: "Tom Lopez")

            let delta: [String: [UInt8]] = [
                "manifest.csv": Array(
                    "propertyName,value\nmanifest.version,1.0\noneroster.version,1.1\nfile.users,delta\n".utf8),
                "users.csv": Array(
                    """
                    sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password
                    g2,active,,true,org1,guardian,,,Tomas,Lopez,,,,,312-555-0143,s1,,
                    g1,tobedeleted,,,,,,,,,,,,,,,,

                    """.utf8),
            ]
            let second = try await Self.imported(into: bot, files: delta)
            #expect(second.summary.people == 2, "g1 deleted, g2 changed, s1 kept")
            #expect(second.summary.guardianLinks == 1, "s1 keeps g2 as guardian through g2's agents")
            try await bot.expect("/me", from: "sms:+13125550143", verified: true, contains: "Tomas Lopez")
            let gone = try await bot.expect("/me", from: "sms:+13125550142", verified: true)
            #expect(!gone.text.contains("roster"), "a deleted guardian's number is no one's: \(gone.text)")
        }
    }
}
