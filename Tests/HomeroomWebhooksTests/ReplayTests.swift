import Crypto
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomStorage
import HomeroomTesting
import Testing

@testable import HomeroomDiscord
@testable import HomeroomMessageAPI
@testable import HomeroomSlack
@testable import HomeroomTeams
@testable import HomeroomWebhooks

/// A signed request is accepted once, however its signature is written, on every platform; and
/// what Homeroom signs for others cannot be posted back to it as a request.
@Suite struct ReplayTests {
    @Test func aSlackSignatureWrittenInUpperCaseHexIsTheSameSignature() async throws {
        try await SlackTests.withSlack { harness in
            let first = try await harness.post(
                "/slack/commands", text: SlackTests.exampleBody, headers: SlackTests.exampleHeaders())
            #expect(first.status == 200, "\(first.body)")
            let upper = "v0=" + SlackTests.exampleSignature.dropFirst(3).uppercased()
            let again = try await harness.post(
                "/slack/commands", text: SlackTests.exampleBody, headers: SlackTests.exampleHeaders(signature: upper))
            #expect(again.status == 401)
            #expect((again.json["error"] as? String)?.contains("replay") == true, "\(again.body)")
        }
    }

    @Test func aDiscordSignatureWrittenInUpperCaseHexIsTheSameSignature() async throws {
        let key = Curve25519.Signing.PrivateKey()
        try await DiscordTests.withDiscord(key: key) { harness in
            let body = #"{"type": 1}"#
            let timestamp = Signing.timestamp(harness.bot)
            let signature = try key.signature(for: Array((timestamp + body).utf8)).map { String(format: "%02x", $0) }
                .joined()
            func send(_ hex: String) async throws -> WebhookHarness.Answer {
                try await harness.post(
                    "/discord/interactions", text: body,
                    headers: [("X-Signature-Ed25519", hex), ("X-Signature-Timestamp", timestamp)])
            }
            #expect(try await send(signature).status == 200)
            let again = try await send(signature.uppercased())
            #expect(again.status == 401)
            #expect((again.json["error"] as? String)?.contains("replay") == true, "\(again.body)")
        }
    }

    @Test func anAPISignatureWrittenInUpperCaseHexIsTheSameSignature() async throws {
        try await MessageAPITests.withAPI { harness in
            let body = #"{"user": "ada", "text": "lunch"}"#
            let timestamp = Signing.timestamp(harness.bot)
            let signature = Signing.api(secret: MessageAPITests.secret, timestamp: timestamp, body: body)
            func send(_ signature: String) async throws -> WebhookHarness.Answer {
                try await harness.post(
                    "/api/v1/messages", text: body,
                    headers: [
                        ("X-Homeroom-Client", "portal"), ("X-Homeroom-Timestamp", timestamp),
                        ("X-Homeroom-Signature", signature),
                    ])
            }
            #expect(try await send(signature).status == 200)
            let again = try await send("v1=" + signature.dropFirst(3).uppercased())
            #expect(again.status == 401)
            #expect((again.json["error"] as? String)?.contains("replay") == true, "\(again.body)")
        }
    }

    /// A Teams activity sent at the harness's instant.
    static func teamsActivity(id: String, timestamp: String = "2026-11-23T17:00:00.1234567Z") -> String {
        #"""
        {"type": "message", "id": "\#(id)", "timestamp": "\#(timestamp)", "text": "<at>Homeroom</at> lunch",
         "from": {"id": "29:1abc", "aadObjectId": "aad-1"},
         "conversation": {"id": "19:chan@thread.skype", "tenantId": "tenant-1"}}
        """#
    }

    /// The `Authorization` header Teams sends for `body`.
    static func teamsAuthorization(_ body: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(
            for: Array(body.utf8), using: SymmetricKey(data: Data(base64Encoded: TeamsTests.secret)!))
        return "HMAC " + Data(code).base64EncodedString()
    }

    @Test func teamsAcceptsEachSignedActivityOnce() async throws {
        try await WebhookHarness.with(settings: { $0.teams.secret = TeamsTests.secret }) { harness in
            let body = Self.teamsActivity(id: "1")
            let authorization = Self.teamsAuthorization(body)
            let first = try await harness.post(
                "/teams/messages", text: body, headers: [("Authorization", authorization)])
            #expect(first.status == 200, "\(first.body)")
            for variant in [authorization, authorization.replacingOccurrences(of: "HMAC ", with: "hmac   ")] {
                let again = try await harness.post("/teams/messages", text: body, headers: [("Authorization", variant)])
                #expect(again.status == 401, "\(variant)")
                #expect((again.json["error"] as? String)?.contains("replay") == true, "\(again.body)")
            }
            let next = Self.teamsActivity(id: "2")
            let second = try await harness.post(
                "/teams/messages", text: next, headers: [("Authorization", Self.teamsAuthorization(next))])
            #expect(second.status == 200, "another message is another body: \(second.body)")
        }
    }

    @Test func teamsRefusesAnActivitySentLongBeforeNow() async throws {
        try await WebhookHarness.with(settings: { $0.teams.secret = TeamsTests.secret }) { harness in
            let old = Self.teamsActivity(id: "3", timestamp: "2026-11-23T16:40:00.5Z")
            let answer = try await harness.post(
                "/teams/messages", text: old, headers: [("Authorization", Self.teamsAuthorization(old))])
            #expect(answer.status == 401)
            #expect((answer.json["error"] as? String)?.contains("300 s") == true, "\(answer.body)")
        }
    }

    @Test func theGuardForgetsTheOldestSignaturesPastItsCapacity() {
        let guardian = SeenSignaturesInMemory(capacity: 4)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        func remember(_ signature: UInt8, signedAt: Date, now: Date) -> Bool {
            guardian.remember([signature], until: signedAt.addingTimeInterval(600), now: now)
        }
        for index in 0..<4 {
            #expect(remember(UInt8(index), signedAt: start.addingTimeInterval(Double(index)), now: start))
        }
        #expect(!remember(0, signedAt: start, now: start), "still remembered")
        #expect(remember(4, signedAt: start.addingTimeInterval(4), now: start))
        #expect(remember(0, signedAt: start, now: start), "the first to expire went first")
        #expect(!remember(4, signedAt: start, now: start))
        #expect(remember(4, signedAt: start, now: start.addingTimeInterval(605)), "expired")
    }

    @Test func aCapturedNotificationPostedBackAsARequestIsRefused() async throws {
        let receiver = try await LoopbackHTTPServer.start()
        defer { Task { await receiver.stop() } }
        receiver.serve("/notify", .init(status: 200))
        try await WebhookHarness.with(settings: { settings in
            settings.api.clients = [
                "portal": .init(hmacSecret: MessageAPITests.secret, notifyURL: receiver.url("/notify"))
            ]
        }) { harness in
            var api = APISettings()
            api.clients["portal"] = .init(hmacSecret: MessageAPITests.secret, notifyURL: receiver.url("/notify"))
            let sender = APINotificationSender(
                settings: api, fetcher: harness.bot.runtime.fetcher, timeout: .seconds(5), clock: harness.bot.clock)
            let outbox = harness.bot.runtime.outbox
            try await outbox.enqueue(
                adapter: "api", target: .user(UserID("api:portal:ada")!), lines: ["/lunch"], idempotencyKey: "k1")
            let worker = OutboxDeliveryWorker(outbox: outbox, sender: sender, logger: TestBot.testLogger())
            #expect(try await worker.deliverDue() == 1)
            let captured = try #require(try await receiver.requests(to: "/notify", count: 1).first)
            let timestamp = try #require(captured.headers["x-homeroom-timestamp"])
            let signature = try #require(captured.headers["x-homeroom-notification-signature"])
            #expect(captured.headers["x-homeroom-signature"] == nil)
            let expected = HMAC<SHA256>.authenticationCode(
                for: Array("homeroom-notification:v1:\(timestamp):".utf8) + captured.body,
                using: SymmetricKey(data: Array(MessageAPITests.secret.utf8)))
            #expect(signature == "v1=" + expected.map { String(format: "%02x", $0) }.joined())

            let postedBack = try await harness.post(
                "/api/v1/messages", body: captured.body,
                headers: [
                    ("X-Homeroom-Client", "portal"), ("X-Homeroom-Timestamp", timestamp),
                    ("X-Homeroom-Notification-Signature", signature),
                ])
            #expect(postedBack.status == 401, "\(postedBack.body)")
            let renamed = try await harness.post(
                "/api/v1/messages", body: captured.body,
                headers: [
                    ("X-Homeroom-Client", "portal"), ("X-Homeroom-Timestamp", timestamp),
                    ("X-Homeroom-Signature", signature),
                ])
            #expect(renamed.status == 401, "\(renamed.body)")
            #expect(renamed.json["error"] as? String == "the API signature does not match")
        }
    }
}
