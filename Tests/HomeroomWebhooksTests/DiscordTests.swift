import Crypto
import Foundation
import HomeroomTesting
import HomeroomWebhooks
import Testing

@Suite struct DiscordTests {
    /// A signed interaction: the Ed25519 signature of timestamp + body, as Discord sends it.
    static func interaction(
        _ harness: WebhookHarness, _ json: String, key: Curve25519.Signing.PrivateKey
    ) async throws -> WebhookHarness.Answer {
        let timestamp = Signing.timestamp(harness.bot)
        let signature = try key.signature(for: Array((timestamp + json).utf8))
        return try await harness.post(
            "/discord/interactions", text: json,
            headers: [
                ("X-Signature-Ed25519", signature.map { String(format: "%02x", $0) }.joined()),
                ("X-Signature-Timestamp", timestamp),
            ])
    }

    static func withDiscord(
        key: Curve25519.Signing.PrivateKey, apiBaseURL: URL? = nil, acknowledgeAfter: Double = WebhookHarness.answerInResponseSeconds,
        _ body: (WebhookHarness) async throws -> Void
    ) async throws {
        try await WebhookHarness.with(
            settings: { settings in
                settings.discord.publicKey = key.publicKey.rawRepresentation.map { String(format: "%02x", $0) }.joined()
                if let apiBaseURL { settings.discord.apiBaseURL = apiBaseURL }
                settings.acknowledgeAfterSeconds = acknowledgeAfter
            }, body)
    }

    static func command(_ name: String, options: String = "[]", guild: String? = "G1") -> String {
        let place =
            guild.map { #""guild_id": "\#($0)", "channel_id": "C9", "member": {"user": {"id": "U77"}}"# }
            ?? #""channel_id": "DM1", "user": {"id": "U77"}"#
        return #"""
            {"type": 2, "id": "1", "application_id": "4242", "token": "tok-en", \#(place),
             "data": {"id": "9", "name": "\#(name)", "options": \#(options)}}
            """#
    }

    @Test func pingIsAnsweredWithPongWhenSignedAndRefusedWithAnotherKey() async throws {
        let key = Curve25519.Signing.PrivateKey()
        try await Self.withDiscord(key: key) { harness in
            let pong = try await Self.interaction(harness, #"{"type": 1}"#, key: key)
            #expect(pong.status == 200)
            #expect(pong.json["type"] as? Int == 1)
            let forged = try await Self.interaction(harness, #"{"type": 1} "#, key: Curve25519.Signing.PrivateKey())
            #expect(forged.status == 401)
            #expect(forged.json["error"] as? String == "the Discord signature does not match")
        }
    }

    @Test func slashCommandOptionsBecomeArguments() async throws {
        let key = Curve25519.Signing.PrivateKey()
        try await Self.withDiscord(key: key) { harness in
            let answer = try await Self.interaction(
                harness, Self.command("lunch", options: #"[{"name": "day", "type": 3, "value": "tomorrow"}]"#), key: key
            )
            #expect(answer.status == 200)
            #expect(answer.json["type"] as? Int == 4)
            let data = answer.json["data"] as? [String: Any] ?? [:]
            #expect((data["content"] as? String)?.contains("Tuesday, November 24") == true, "\(answer.body)")
            #expect(data["flags"] == nil, "a channel answer is for everyone")
            #expect((data["allowed_mentions"] as? [String: Any])?["parse"] as? [String] == [])
        }
    }

    @Test func subcommandsAndErrorsAreEphemeral() async throws {
        let key = Curve25519.Signing.PrivateKey()
        try await Self.withDiscord(key: key) { harness in
            let answer = try await Self.interaction(
                harness,
                Self.command(
                    "lunch",
                    options:
                        #"[{"name": "set", "type": 1, "options": [{"name": "what", "type": 3, "value": "Fish sticks"}]}]"#
                ), key: key)
            let data = answer.json["data"] as? [String: Any] ?? [:]
            #expect(data["flags"] as? Int == 64, "\(answer.body)")
            #expect((data["content"] as? String)?.contains("lunch.set") == true, "\(answer.body)")
        }
    }

    @Test func aSlowCommandIsDeferredAndTheAnswerEditsTheOriginal() async throws {
        let key = Curve25519.Signing.PrivateKey()
        let api = try await LoopbackHTTPServer.start()
        defer { Task { await api.stop() } }
        let original = "/api/v10/webhooks/4242/tok-en/messages/@original"
        api.serve(original, .init(status: 200, body: Array("{}".utf8)))
        try await Self.withDiscord(key: key, apiBaseURL: api.url("/api/v10"), acknowledgeAfter: 0.2) { harness in
            let deferred = try await Self.interaction(harness, Self.command("slow"), key: key)
            #expect(deferred.json["type"] as? Int == 5, "\(deferred.body)")
            harness.gate.open()
            let edits = try await api.requests(to: original, count: 1)
            try #require(edits.count == 1)
            #expect(edits[0].method == "PATCH")
            #expect(edits[0].text.contains("done at last"))
        }
    }

    @Test func unknownInteractionTypesAndMalformedBodiesAre400() async throws {
        let key = Curve25519.Signing.PrivateKey()
        try await Self.withDiscord(key: key) { harness in
            let component = try await Self.interaction(harness, #"{"type": 3}"#, key: key)
            #expect(component.status == 400)
            let broken = try await Self.interaction(harness, #"{"type": "#, key: key)
            #expect(broken.status == 400)
            let noUser = try await Self.interaction(harness, #"{"type": 2, "data": {"name": "lunch"}}"#, key: key)
            #expect(noUser.status == 400)
        }
    }
}
