import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import NIOCore
import Testing

@testable import HomeroomMessageAPI
@testable import HomeroomWebhooks

@Suite struct HealthAndMetricsTests {
    @Test func healthzReportsStorageAdaptersAndTheOutbox() async throws {
        try await WebhookHarness.with { harness in
            try await harness.bot.runtime.outbox.enqueue(
                adapter: "slack", target: .channel("C1"), lines: ["hi"], idempotencyKey: "k1")
            let health = try await harness.get("/healthz")
            #expect(health.status == 200)
            #expect(health.json["status"] as? String == "ok")
            #expect(health.json["storage"] as? String == "ok")
            #expect(health.json["outboxPending"] as? Int == 1)
            let webhooks = (health.json["adapters"] as? [String: Any])?["webhooks"] as? [String: Any]
            #expect(webhooks?["state"] as? String == "up")
            #expect((webhooks?["detail"] as? String)?.hasPrefix("listening on 127.0.0.1:") == true)
        }
    }

    @Test func healthzAndMetricsShowThisInstanceAndTheDutiesItHolds() async throws {
        try await WebhookHarness.with { harness in
            let roster = harness.bot.runtime.roster
            let duty = Duty.connection("irc", "libera")
            let work = Task { await roster.perform(duty) { _ in try await Task.sleep(for: .seconds(3600)) } }
            defer { work.cancel() }
            var held = roster.heldDuties
            try await eventually("the roster holds \(duty)", within: .seconds(30)) {
                held = roster.heldDuties
                return held[duty] != nil
            }
            #expect(held == [duty: 0])
            let health = try await harness.get("/healthz")
            #expect(health.json["instance"] as? String == roster.instanceID, "\(health.body)")
            #expect(health.json["duties"] as? [String: Int] == ["irc:libera": 0], "\(health.body)")
            let metrics = try await harness.get("/metrics")
            #expect(metrics.body.contains(#"homeroom_duty_held{duty="irc:libera"} 1.0"#), "\(metrics.body)")
            #expect(metrics.body.contains(#"homeroom_instance_info{instance="\#(roster.instanceID)"} 1.0"#))

            work.cancel()
            await work.value
            #expect(roster.heldDuties.isEmpty)
            let after = try await harness.get("/healthz")
            #expect(after.json["duties"] as? [String: Int] == [:], "\(after.body)")
            let metricsAfter = try await harness.get("/metrics")
            #expect(metricsAfter.body.contains(#"homeroom_duty_held{duty="irc:libera"} 0.0"#), "\(metricsAfter.body)")
        }
    }

    @Test func healthzIs503WhenStorageIsGone() async throws {
        try await WebhookHarness.with { harness in
            await harness.bot.runtime.database.close()
            let health = try await harness.get("/healthz")
            #expect(health.status == 503)
            #expect(health.json["status"] as? String == "unavailable")
            #expect((health.json["storage"] as? String)?.hasPrefix("unreachable") == true)
        }
    }

    @Test func metricsCountCommandsByPluginAndOutcome() async throws {
        try await WebhookHarness.with(settings: {
            $0.api.clients = ["kiosk": .init(token: MessageAPITests.token)]
        }) { harness in
            let auth = [("Authorization", "Bearer \(MessageAPITests.token)")]
            for text in ["/lunch", "/lunch tomorrow", "/lunch someday", "/nosuchcommand"] {
                _ = try await harness.post(
                    "/api/v1/messages", text: #"{"user": "ada", "text": "\#(text)"}"#, headers: auth)
            }
            harness.bot.runtime.adapterStatus.report("irc", .down, detail: "reconnecting in 20 s")
            try await harness.bot.runtime.outbox.enqueue(
                adapter: "irc", target: .channel("#lobby"), lines: ["hi"], idempotencyKey: "k1")
            let metrics = try await harness.get("/metrics")
            #expect(metrics.status == 200)
            #expect(metrics.contentType?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = metrics.body
            #expect(text.contains(#"homeroom_commands_total{plugin="lunch",outcome="answered"} 2"#), "\(text)")
            #expect(text.contains(#"homeroom_commands_total{plugin="lunch",outcome="refused"} 1"#))
            #expect(text.contains(#"homeroom_commands_total{plugin="none",outcome="refused"} 1"#))
            #expect(text.contains(#"homeroom_command_duration_seconds_count{plugin="lunch"} 3"#))
            #expect(text.contains(#"homeroom_adapter_up{adapter="webhooks"} 1.0"#))
            #expect(text.contains(#"homeroom_adapter_up{adapter="irc"} 0.0"#))
            #expect(text.contains(#"homeroom_outbox_pending{adapter="irc"} 1.0"#))
        }
    }

    @Test func metricsCountDeliveriesByAdapterAndOutcome() async throws {
        try await WebhookHarness.with { harness in
            let outbox = harness.bot.runtime.outbox
            for (key, channel) in [("d1", "#lobby"), ("d2", "#lobby"), ("d3", "#gone"), ("d4", "#busy")] {
                try await outbox.enqueue(adapter: "irc", target: .channel(channel), lines: ["hi"], idempotencyKey: key)
            }
            let worker = OutboxDeliveryWorker(outbox: outbox, sender: ChannelRuleSender(), logger: TestBot.testLogger())
            let sent = try await worker.deliverDue()
            #expect(sent == 2)
            let text = try await harness.get("/metrics").body
            #expect(text.contains(#"homeroom_outbox_deliveries_total{adapter="irc",outcome="delivered"} 2"#), "\(text)")
            #expect(text.contains(#"homeroom_outbox_deliveries_total{adapter="irc",outcome="given_up"} 1"#))
            #expect(text.contains(#"homeroom_outbox_deliveries_total{adapter="irc",outcome="retrying"} 1"#))
        }
    }
}

/// Delivers to `#lobby`, gives `#gone` up as permanent, and asks `#busy` to wait.
private struct ChannelRuleSender: MessageSender {
    let adapter = "irc"

    func send(_ message: OutboxMessage) async throws {
        switch message.target {
        case .channel("#gone"): throw DeliveryFailure("no such channel", isPermanent: true)
        case .channel("#busy"): throw DeliveryFailure("rate limited", retryAfter: 30)
        default: return
        }
    }
}

/// `/healthz` and `/metrics` tell details only to this machine or to a caller with the status token.
@Suite struct StatusAccessTests {
    static let token = "status-token-0123456789abcdef"
    /// What a TLS proxy on this machine adds to every request it forwards.
    static let proxied = [("X-Forwarded-For", "203.0.113.9")]

    @Test func aCallerThroughAProxyLearnsOnlyOkOrDown() async throws {
        try await WebhookHarness.with { harness in
            let up = try await harness.get("/healthz", headers: Self.proxied)
            #expect(up.status == 200)
            #expect(up.body == "ok")
            #expect(up.contentType?.hasPrefix("text/plain") == true)
            await harness.bot.runtime.database.close()
            let down = try await harness.get("/healthz", headers: Self.proxied)
            #expect(down.status == 503)
            #expect(down.body == "down", "no database error for others: \(down.body)")
            let local = try await harness.get("/healthz")
            #expect((local.json["storage"] as? String)?.hasPrefix("unreachable") == true, "\(local.body)")
        }
    }

    @Test func theStatusTokenOpensTheDetailsToAnotherMachine() async throws {
        try await WebhookHarness.with(settings: { $0.statusToken = Self.token }) { harness in
            let authorized = try await harness.get(
                "/healthz", headers: Self.proxied + [("Authorization", "Bearer \(Self.token)")])
            #expect(authorized.json["status"] as? String == "ok", "\(authorized.body)")
            #expect(authorized.json["adapters"] != nil)
            let wrong = try await harness.get(
                "/healthz", headers: Self.proxied + [("Authorization", "Bearer not-the-status-token-at-all")])
            #expect(wrong.status == 200)
            #expect(wrong.body == "ok")
            let metrics = try await harness.get(
                "/metrics", headers: Self.proxied + [("Authorization", "Bearer \(Self.token)")])
            #expect(metrics.status == 200)
            #expect(metrics.body.contains("homeroom_adapter_up"), "\(metrics.body)")
            let refused = try await harness.get("/metrics", headers: Self.proxied)
            #expect(refused.status == 401)
            #expect(!refused.body.contains("homeroom_"), "\(refused.body)")
        }
    }

    @Test func metricsWithoutAStatusTokenAreForThisMachineOnly() async throws {
        try await WebhookHarness.with { harness in
            let remote = try await harness.get("/metrics", headers: Self.proxied)
            #expect(remote.status == 404)
            #expect(!remote.body.contains("homeroom_"), "\(remote.body)")
            let local = try await harness.get("/metrics")
            #expect(local.status == 200)
        }
    }

    @Test(arguments: [
        ("127.0.0.1", true), ("127.45.6.7", true), ("::1", true), ("::ffff:127.0.0.1", true),
        ("10.0.0.1", false), ("192.168.1.20", false), ("::ffff:10.0.0.1", false), ("2001:db8::1", false),
        ("128.0.0.1", false),
    ])
    func loopbackIsRecognisedByAddress(address: String, isLoopback: Bool) throws {
        let socket = try SocketAddress(ipAddress: address, port: 8080)
        #expect(StatusAccess.isLoopback(socket) == isLoopback, "\(address)")
    }
}
