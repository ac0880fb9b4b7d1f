import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import Testing

/// The notification outbox across a crash: a real `homeroom serve` killed with SIGKILL while
/// 1,000 notifications are queued, then started again, delivering to a loopback receiver that
/// deduplicates by the `Idempotency-Key` header.
@Suite struct OutboxCrashTests {
    static let notifications = 1_000

    @Test func aKilledServerDeliversEveryQueuedNotificationExactlyOnceAfterARestart() async throws {
        let receiver = try await LoopbackHTTPServer.start()
        receiver.serve("/hooks/town", .init(status: 200, body: Array("ok".utf8)))
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(
            #", "console": {"enabled": false}, "logLevel": "warning", "fetch": {"allowedHosts": ["127.0.0.1"]}, "#
                + #""webhooks": {"port": 0, "#
                + #""mattermost": {"incomingWebhooks": {"*": "\#(receiver.url("/hooks/town"))"}}}"#)

        // Queue the notifications in the service's own database, as a burst of posts would.
        let configuration = try HomeroomConfiguration.load(path: config, environment: [:]).resolve()
        let runtime = try await BotRuntime.start(
            configuration: configuration, plugins: [], logger: TestBot.testLogger())
        try await runtime.database.write { db in
            for index in 0..<Self.notifications {
                try await Outbox.enqueue(
                    adapter: "mattermost", target: .channel("town-square"), lines: ["notice \(index)"],
                    idempotencyKey: "crash-\(index)", due: Date(), into: db)
            }
        }
        await runtime.close()

        let first = try RunningHomeroom(homeroom, ["serve", "--config", config])
        try await eventually("100 posts arrive", within: .seconds(30), every: .milliseconds(50)) {
            receiver.requests.count >= 100
        }
        kill(first.process.processIdentifier, SIGKILL)
        _ = try await first.waitForExit()
        let beforeRestart = receiver.requests.count
        #expect(beforeRestart < Self.notifications, "the kill came while notifications were still queued")

        let second = try RunningHomeroom(homeroom, ["serve", "--config", config])
        try await eventually("every notification arrives", within: .seconds(60), every: .milliseconds(50)) {
            Set(receiver.requests.compactMap { $0.headers["idempotency-key"] }).count >= Self.notifications
        }
        kill(second.process.processIdentifier, SIGTERM)
        #expect(try await second.waitForExit() == 0)

        let requests = receiver.requests
        let keys = requests.compactMap { $0.headers["idempotency-key"] }
        #expect(keys.count == requests.count, "every post carries its key")
        #expect(Set(keys) == Set((0..<Self.notifications).map { "crash-\($0)" }), "none lost, none invented")
        for request in requests {
            let index = request.headers["idempotency-key"]!.dropFirst("crash-".count)
            #expect(request.text == #"{"text":"notice \#(index)"}"#)
        }
        // At least once: the posts in flight when the process died may come again, with their key.
        #expect(requests.count - Self.notifications <= 16, "\(requests.count - Self.notifications) repeats")

        let reopened = try await BotRuntime.start(
            configuration: configuration, plugins: [], logger: TestBot.testLogger())
        #expect(try await reopened.outbox.pendingCount() == 0)
        await reopened.close()
        await receiver.stop()
    }
}
