import Foundation
import HomeroomMessageAPI
import HomeroomTesting
import HomeroomWebhooks
import Testing

@Suite struct MessageAPITests {
    static let token = "kiosk-token-0123456789abcdef"
    static let secret = "portal-secret-0123456789abcdef"

    static func withAPI(_ body: (WebhookHarness) async throws -> Void) async throws {
        try await WebhookHarness.with(
            settings: { settings in
                settings.api.clients = [
                    "kiosk": .init(token: token), "portal": .init(hmacSecret: secret),
                ]
            }, body)
    }

    @Test func aBearerTokenPostsAMessageAndGetsTheReplies() async throws {
        try await Self.withAPI { harness in
            let answer = try await harness.post(
                "/api/v1/messages", text: ##"{"user": "lobby", "channel": "#lobby", "text": "/lunch tomorrow"}"##,
                headers: [("Authorization", "Bearer \(Self.token)")])
            #expect(answer.status == 200)
            #expect(answer.contentType?.hasPrefix("application/json") == true)
            #expect(answer.json["visibility"] as? String == "conversation")
            #expect(answer.json["error"] as? Bool == false)
            #expect((answer.json["replies"] as? [String])?.first?.contains("Tuesday, November 24") == true)
            let chatter = try await harness.post(
                "/api/v1/messages", text: ##"{"user": "lobby", "channel": "#lobby", "text": "hello all"}"##,
                headers: [("Authorization", "Bearer \(Self.token)")])
            #expect(chatter.json["replies"] as? [String] == [])
        }
    }

    @Test func anHMACSignedRequestIsAcceptedOnceAndAWrongOneIsNot() async throws {
        try await Self.withAPI { harness in
            let body = #"{"user": "ada", "text": "lunch"}"#
            let timestamp = Signing.timestamp(harness.bot)
            let headers = [
                ("X-Homeroom-Client", "portal"), ("X-Homeroom-Timestamp", timestamp),
                ("X-Homeroom-Signature", Signing.api(secret: Self.secret, timestamp: timestamp, body: body)),
            ]
            let first = try await harness.post("/api/v1/messages", text: body, headers: headers)
            #expect(first.status == 200, "\(first.body)")
            #expect(first.json["replies"] != nil)
            let replay = try await harness.post("/api/v1/messages", text: body, headers: headers)
            #expect(replay.status == 401)
            let forged = try await harness.post(
                "/api/v1/messages", text: body,
                headers: [
                    ("X-Homeroom-Client", "portal"), ("X-Homeroom-Timestamp", timestamp),
                    (
                        "X-Homeroom-Signature",
                        Signing.api(secret: "another-secret-456789", timestamp: timestamp, body: body)
                    ),
                ])
            #expect(forged.status == 401)
            let kioskHasNoSecret = try await harness.post(
                "/api/v1/messages", text: body,
                headers: [
                    ("X-Homeroom-Client", "kiosk"), ("X-Homeroom-Timestamp", timestamp),
                    ("X-Homeroom-Signature", Signing.api(secret: Self.secret, timestamp: timestamp, body: body)),
                ])
            #expect(kioskHasNoSecret.status == 401)
        }
    }

    @Test func badBodiesAre400AndNothingIsAnswered() async throws {
        try await Self.withAPI { harness in
            let auth = [("Authorization", "Bearer \(Self.token)")]
            for body in [
                #"{"user": "ada"}"#, #"{"text": "/lunch"}"#, #"[1, 2]"#, "not json", #"{"user": "", "text": "/lunch"}"#,
                #"{"user": 5, "text": "/lunch"}"#,
            ] {
                let answer = try await harness.post("/api/v1/messages", text: body, headers: auth)
                #expect(answer.status == 400, "\(body) → \(answer.body)")
                #expect(answer.json["error"] is String, "\(body)")
            }
            let long = String(repeating: "x", count: 4001)
            let tooLong = try await harness.post(
                "/api/v1/messages", text: #"{"user": "ada", "text": "\#(long)"}"#, headers: auth)
            #expect(tooLong.status == 400)
        }
    }
}
