import Foundation
import HomeroomMessageAPI
import HomeroomTesting
import HomeroomSlack
import HomeroomWebhooks
import Testing

/// Every class of bad request gets its status and a short JSON error, never a 500.
@Suite struct BadRequestTests {
    @Test func eachMalformedRequestClassGetsItsStatus() async throws {
        try await WebhookHarness.with(settings: { settings in
            settings.maximumBodyBytes = 2048
            settings.slack.signingSecret = SlackTests.exampleSecret
            settings.api.clients = ["kiosk": .init(token: MessageAPITests.token)]
        }) { harness in
            let auth = [("Authorization", "Bearer \(MessageAPITests.token)")]
            let cases: [(String, WebhookHarness.Answer, Int)] = [
                (
                    "oversized",
                    try await harness.post(
                        "/api/v1/messages", body: Array(repeating: 0x20, count: 5000), headers: auth), 413
                ),
                (
                    "oversized slack",
                    try await harness.post("/slack/commands", body: Array(repeating: 0x61, count: 5000)), 413
                ),
                ("malformed JSON", try await harness.post("/api/v1/messages", text: "{", headers: auth), 400),
                ("no credentials", try await harness.post("/api/v1/messages", text: "{}"), 401),
                ("unknown path", try await harness.post("/slack/events", text: "{}"), 404),
                ("unknown GET", try await harness.get("/admin"), 404),
                ("platform not set up", try await harness.post("/discord/interactions", text: "{}"), 404),
            ]
            for (name, answer, status) in cases {
                #expect(answer.status == status, "\(name): \(answer.status) \(answer.body)")
                #expect(answer.contentType?.hasPrefix("application/json") == true, "\(name)")
                #expect((answer.json["error"] as? String).map { !$0.isEmpty } == true, "\(name): \(answer.body)")
            }
        }
    }

    @Test func aMalformedSlackFormIs400OnceTheSignatureHolds() async throws {
        try await WebhookHarness.with(
            at: SlackTests.exampleInstant, settings: { $0.slack.signingSecret = SlackTests.exampleSecret }
        ) { harness in
            for body in [
                "team_id=T1&user_id=U1", "text=%ZZ&command=%2Flunch", "team_id=&user_id=&channel_id=&command=%2Flunch",
            ] {
                let answer = try await harness.post(
                    "/slack/commands", text: body,
                    headers: [
                        ("X-Slack-Request-Timestamp", SlackTests.exampleTimestamp),
                        (
                            "X-Slack-Signature",
                            Signing.slack(
                                secret: SlackTests.exampleSecret, timestamp: SlackTests.exampleTimestamp, body: body)
                        ),
                    ])
                #expect(answer.status == 400, "\(body) → \(answer.body)")
            }
        }
    }
}
