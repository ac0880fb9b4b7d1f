import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import Testing

/// A notice to one grade's families, end to end through real `homeroom` processes: the sample
/// district (2 schools, 1,000 students, 1,500 guardians) imported with `homeroom import oneroster`,
/// the notice queued once per guardian, and `homeroom serve` texting it through a loopback Twilio
/// that meters the number at a short code's 100 segments a second, killed with SIGKILL mid-send and
/// started again. Every guardian who texts gets it, once, bar the row or two in flight at the kill.
@Suite struct FamilyNoticeCrashTests {
    @Test func aNoticeToAGradesFamiliesSurvivesAKillMidSend() async throws {
        let twilio = try await TwilioAPIServer.start(throughput: .shortCode)
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let roster = homeroom.folder.appendingPathComponent("roster")
        try OneRosterSampleDistrict().write(to: roster)
        let config = try homeroom.writeConfig(
            #", "console": {"enabled": false}, "logLevel": "warning", "fetch": {"allowedHosts": ["127.0.0.1"]}, "#
                + #""webhooks": {"port": 0, "sms": {"segmentsPerSecond": 100, "twilio": {"#
                + #""accountSID": "\#(TwilioAPIServer.accountSID)", "authToken": "\#(TwilioAPIServer.authToken)", "#
                + #""from": "+15550100000", "publicURL": "https://homeroom.school.example", "#
                + #""apiURL": "\#(twilio.apiBaseURL.absoluteString)"}}}"#)

        let imported = try await homeroom.run(["import", "oneroster", roster.path, "--config", config])
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.output.contains("1000 students, 1500 guardians"), "\(imported.output)")

        let configuration = try HomeroomConfiguration.load(path: config, environment: [:]).resolve()
        let runtime = try await BotRuntime.start(
            configuration: configuration, plugins: [], logger: TestBot.testLogger())
        let fanOut = try await RosterBook(database: runtime.database).queueNotice(
            ["Grade 9 families: school starts at 10:00 tomorrow."], toFamiliesOfGrade: "09", at: nil, key: "late-start",
            outbox: runtime.outbox, now: Date(),
            audit: AuditEntry(at: Date(), actor: AuditEntry.commandLine, action: "notice", detail: "grade 9"))
        let texts = try await runtime.outbox.due(for: "sms", limit: 10_000)
        await runtime.close()
        #expect(fanOut.queued > 200, "\(fanOut)")
        let expected = texts.compactMap { message -> String? in
            guard case .user(let user) = message.target else { return nil }
            return user.id
        }

        let started = ContinuousClock.now
        let first = try RunningHomeroom(homeroom, ["serve", "--config", config])
        try await eventually("30 texts reach Twilio", within: .seconds(60), every: .milliseconds(20)) {
            twilio.messages.count >= 30
        }
        kill(first.process.processIdentifier, SIGKILL)
        _ = try await first.waitForExit()
        #expect(twilio.messages.count < expected.count, "the kill came mid-send")

        let second = try RunningHomeroom(homeroom, ["serve", "--config", config])
        try await eventually("every guardian's text reaches Twilio", within: .seconds(120), every: .milliseconds(50)) {
            twilio.messages.count >= expected.count
        }
        let took = ContinuousClock.now - started
        // Twilio has the last text a moment before the instance records it as delivered: stopped
        // in between, that send is interrupted, and it would go again on the next start.
        let watcher = try await BotRuntime.start(
            configuration: configuration, plugins: [], logger: TestBot.testLogger())
        try await eventually("the instance records every text as delivered") {
            try await watcher.outbox.pendingCount(for: "sms") == 0
        }
        await watcher.close()
        kill(second.process.processIdentifier, SIGTERM)
        #expect(try await second.waitForExit() == 0)
        print(
            "family notice: \(fanOut.queued) guardians (\(expected.count) by text), all texted in \(took) with a kill "
                + "and a restart; at 100 segments a second the least is \(Double(expected.count) / 100) s; "
                + "\(twilio.messages.count - expected.count) repeats")

        var sent: [String: Int] = [:]
        for message in twilio.messages { sent[message.to, default: 0] += 1 }
        var wanted: [String: Int] = [:]
        for number in expected { wanted[number, default: 0] += 1 }
        #expect(wanted.allSatisfy { sent[$0.key, default: 0] >= $0.value }, "no guardian's text is lost")
        #expect(Set(sent.keys) == Set(wanted.keys), "no text to anyone else")
        let repeats = twilio.messages.count - expected.count
        #expect(repeats <= 2, "only the rows in flight at the kill go twice: \(repeats)")
        #expect(twilio.rateLimitedAnswers(for: "+15550100000") <= 1, "paced to the number's rate")

        let reopened = try await BotRuntime.start(
            configuration: configuration, plugins: [], logger: TestBot.testLogger())
        #expect(try await reopened.outbox.pendingCount(for: "sms") == 0)
        await reopened.close()
        await twilio.stop()
    }
}
