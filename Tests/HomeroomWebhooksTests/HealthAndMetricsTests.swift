import Foundation
import HomeroomCore
import HomeroomTesting
import HomeroomWebhooks
import Testing

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
}
