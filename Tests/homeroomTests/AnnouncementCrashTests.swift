import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An urgent alert to the whole sample district (2 schools, 1,000 students, 1,500 guardians),
/// sent through `POST /api/v1/announcements` to a real `homeroom serve` that texts through a
/// loopback Twilio metering a short code's 100 segments a second, killed with SIGKILL while the
/// fan-out is still putting recipients in the outbox, and started again. Every number the same
/// alert reaches when nothing is killed gets it, once, bar the texts in flight at the kill.
@Suite struct AnnouncementCrashTests {
    static let token = "kiosk-token-0123456789abcdef"
    static let text = "Snow day: every school is closed today."

    /// The instance's configuration: the database in `folder`, texts through `twilio`, the kiosk
    /// program an admin by configuration.
    static func configuration(folder: URL, twilio: TwilioAPIServer) -> String {
        #"{"security": {"pinHashRounds": 1000}, "storage": {"sqlite": "\#(folder.path)/homeroom.sqlite"}, "#
            + #""console": {"enabled": false}, "logLevel": "warning", "fetch": {"allowedHosts": ["127.0.0.1"]}, "admins": ["api:kiosk:office"], "#
            + #""webhooks": {"port": 0, "api": {"clients": {"kiosk": {"token": "\#(token)"}}}, "#
            + #""sms": {"segmentsPerSecond": 100, "twilio": {"#
            + #""accountSID": "\#(TwilioAPIServer.accountSID)", "authToken": "\#(TwilioAPIServer.authToken)", "#
            + #""from": "+15550100000", "publicURL": "https://homeroom.school.example", "#
            + #""apiURL": "\#(twilio.apiBaseURL.absoluteString)"}}}}"#
    }

    /// The numbers the alert reaches when its fan-out runs whole: run on a copy of the database.
    static func numbersReachedWhole(copying database: URL, folder: URL, twilio: TwilioAPIServer) async throws
        -> [String]
    {
        let copy = folder.appendingPathComponent("whole")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: database, to: copy.appendingPathComponent("homeroom.sqlite"))
        let path = copy.appendingPathComponent("homeroom.json").path
        try configuration(folder: copy, twilio: twilio).write(toFile: path, atomically: true, encoding: .utf8)
        let runtime = try await BotRuntime.start(
            configuration: try HomeroomConfiguration.load(path: path, environment: [:]).resolve(), plugins: [],
            logger: TestBot.testLogger())
        do {
            let book = AnnouncementBook(database: runtime.database)
            var draft = AnnouncementBook.Draft(
                school: nil, author: UserID("api:kiosk:office")!, text: text, audience: .everyone)
            draft.isUrgent = true
            let announcement = try await book.add(
                draft, state: .scheduled, at: Date(),
                audit: AuditEntry(at: Date(), actor: AuditEntry.commandLine, action: "announce.urgent", detail: ""))
            let fanOut = AnnouncementFanOut(
                database: runtime.database, rules: AnnouncementRules(quietHours: nil),
                district: runtime.schools.district, clock: runtime.clock, claimer: "whole",
                logger: TestBot.testLogger())
            #expect(try await fanOut.run(announcement.id))
            let texts = try await runtime.outbox.due(for: "sms", limit: 10_000)
            await runtime.close()
            return texts.compactMap { message in
                guard case .user(let user) = message.target else { return nil }
                return user.id
            }
        } catch {
            await runtime.close()
            throw error
        }
    }

    @Test func anUrgentAlertKilledMidFanOutReachesEveryoneOnceAfterTheRestart() async throws {
        let twilio = try await TwilioAPIServer.start(throughput: .shortCode)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("announce-crash-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let instance = try HomeroomInstance(
            name: "alert", configuration: Self.configuration(folder: folder, twilio: twilio))
        defer { Task { await instance.remove() } }

        let roster = folder.appendingPathComponent("roster")
        try OneRosterSampleDistrict().write(to: roster)
        let importing = Process()
        importing.executableURL = HomeroomInstance.executable
        importing.arguments = ["import", "oneroster", roster.path, "--config", instance.configurationPath]
        importing.environment = ProcessInfo.processInfo.environment.filter {
            !["HOMEROOM_DATABASE_URL", "HOMEROOM_CONFIG"].contains($0.key)
        }
        let imported = try await ExternalProgram.run(importing)
        #expect(imported.status == 0, "\(imported.errors)")
        let database = folder.appendingPathComponent("homeroom.sqlite")
        let expected = try await Self.numbersReachedWhole(copying: database, folder: folder, twilio: twilio)
        #expect(expected.count > 900, "most families are reached by text: \(expected.count)")

        try await instance.start()
        let base = try #require(instance.baseURL)
        let posting = Task {
            var request = URLRequest(url: base.appendingPathComponent("api/v1/announcements"))
            request.httpMethod = "POST"
            request.setValue("Bearer \(Self.token)", forHTTPHeaderField: "Authorization")
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(
                #"{"user": "office", "audience": "everyone", "urgent": true, "text": "\#(Self.text)"}"#.utf8)
            _ = try? await URLSession.shared.data(for: request)
        }
        defer { posting.cancel() }
        // The first batch went in and its texts are going out: the fan-out is still at work.
        try await eventually(
            "the first texts reach Twilio; the log: \(instance.log.suffix(3000))", within: .seconds(60),
            every: .milliseconds(5)
        ) {
            !twilio.messages.isEmpty
        }
        await instance.kill()
        let atKill = twilio.messages.count

        let configuration = try HomeroomConfiguration.load(path: instance.configurationPath, environment: [:]).resolve()
        let watcher = try await BotRuntime.start(
            configuration: configuration, plugins: [], logger: TestBot.testLogger())
        let left = try await AnnouncementBook(database: watcher.database).progress(of: 1)
        await watcher.close()
        #expect(left?.phase != "done", "killed mid-fan-out: \(String(describing: left))")
        #expect(atKill < expected.count)

        try await instance.start()
        try await eventually(
            "every number's text reaches Twilio; the log ends: \(instance.log.suffix(2000))", within: .seconds(150),
            every: .milliseconds(50)
        ) { twilio.messages.count >= expected.count }
        let checker = try await BotRuntime.start(
            configuration: configuration, plugins: [], logger: TestBot.testLogger())
        try await eventually("the instance records every text as delivered") {
            try await checker.outbox.pendingCount(for: "sms") == 0
        }
        let finished = try await AnnouncementBook(database: checker.database).announcement(1)
        await checker.close()
        #expect(finished?.state == .sent)
        _ = await instance.stop()

        var sent: [String: Int] = [:]
        for message in twilio.messages { sent[message.to, default: 0] += 1 }
        #expect(Set(sent.keys) == Set(expected), "every number the whole fan-out reaches, and no other")
        let repeats = twilio.messages.count - expected.count
        #expect(repeats <= 2, "only the texts in flight at the kill go twice: \(repeats)")
        #expect(twilio.messages.allSatisfy { $0.body.contains(Self.text) })
        print(
            "urgent alert: \(expected.count) texts, killed after \(atKill) at \(left?.queued ?? 0) queued, "
                + "\(repeats) repeats")
        await twilio.stop()
    }
}
