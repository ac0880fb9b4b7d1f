import Foundation
import HomeroomRuntime
import Testing

@testable import HomeroomMattermost
@testable import HomeroomMessageAPI
@testable import HomeroomSlack
@testable import HomeroomTeams
@testable import HomeroomWebhooks

@Suite struct WebhookSettingsTests {
    static func decode(_ json: String, environment: [String: String] = [:]) throws -> WebhookSettings {
        var configuration = try HomeroomConfiguration.parse(Data(#"{"webhooks": \#(json)}"#.utf8))
        configuration.environment = environment
        let resolved = try configuration.resolve()
        return try resolved.decodeSection(configuration.webhooks, key: "webhooks", as: WebhookSettings.self)
    }

    static func problem(_ json: String, environment: [String: String] = [:]) -> String? {
        do {
            _ = try decode(json, environment: environment)
            return nil
        } catch let error as ConfigurationError {
            return error.description
        } catch {
            return "\(error)"
        }
    }

    @Test func theDefaultsListenOnLoopbackWithNoPlatform() throws {
        let settings = try Self.decode("{}")
        #expect(settings.enabled)
        #expect(settings.host == "127.0.0.1")
        #expect(settings.port == 8080)
        #expect(settings.slack.signingSecret == nil)
        #expect(settings.incomingWebhooks.isEmpty)
        #expect(settings.statusToken == nil, "only this machine sees /healthz in full and /metrics")
        #expect(settings.idleTimeoutSeconds == 60 && settings.readTimeoutSeconds == 10)
        #expect(settings.maximumHeaderBytes == 16_384)
    }

    @Test func secretsAreReadFromTheEnvironment() throws {
        let settings = try Self.decode(
            #"{"slack": {"signingSecret": "env:SLACK_SECRET"}, "mattermost": {"tokens": ["env:MM_TOKEN", "plain"]}, "#
                + #""statusToken": "env:STATUS_TOKEN"}"#,
            environment: ["SLACK_SECRET": "s3cret", "MM_TOKEN": "tok", "STATUS_TOKEN": "status-0123456789abcdef"])
        #expect(settings.slack.signingSecret == "s3cret")
        #expect(settings.mattermost.tokens == ["tok", "plain"])
        #expect(settings.statusToken == "status-0123456789abcdef")
    }

    @Test func eachBadSettingIsNamedByItsKey() {
        let cases: [(String, String)] = [
            (
                #"{"slack": {"signingSecret": "env:NOPE"}}"#,
                "webhooks.slack.signingSecret: the environment variable NOPE is not set"
            ),
            (#"{"discord": {"publicKey": "abc"}}"#, "webhooks.discord.publicKey: 64 hex digits"),
            (#"{"teams": {"secret": "***"}}"#, "webhooks.teams.secret"),
            (#"{"port": 70000}"#, "webhooks.port"),
            (#"{"acknowledgeAfterSeconds": 3.5}"#, "webhooks.acknowledgeAfterSeconds"),
            (#"{"slack": {"incomingWebhooks": {"C1": "ftp://x"}}}"#, "webhooks.slack.incomingWebhooks"),
            (
                #"{"api": {"clients": {"kiosk": {}}}}"#,
                "webhooks.api.clients.kiosk.token: give a token or an hmacSecret"
            ),
            (#"{"api": {"clients": {"kiosk": {"token": "short"}}}}"#, "at least 16 characters"),
            (#"{"api": {"clients": {"two words": {"token": "0123456789abcdef0"}}}}"#, "webhooks.api.clients"),
            (#"{"slak": {}}"#, "webhooks.slak: unknown key"),
            (
                #"{"api": {"clients": {"kiosk": {"token": "0123456789abcdef0", "notifyURL": "mailto:x"}}}}"#,
                "webhooks.api.clients.kiosk.notifyURL: \"mailto:x\" is not an http or https URL"
            ),
            (#"{"statusToken": "short"}"#, "webhooks.statusToken: at least 16 characters"),
            (#"{"statusToken": "env:NO_STATUS_TOKEN"}"#, "webhooks.statusToken: the environment variable"),
            (#"{"idleTimeoutSeconds": 0}"#, "webhooks.idleTimeoutSeconds: above 0 and at most 3600"),
            (#"{"readTimeoutSeconds": 1e12}"#, "webhooks.readTimeoutSeconds: above 0 and at most 3600"),
            (#"{"maximumHeaderBytes": 100}"#, "webhooks.maximumHeaderBytes: from 1024 to 1048576"),
            (#"{"maximumBodyBytes": 1e15}"#, "webhooks.maximumBodyBytes"),
            (#"{"timestampToleranceSeconds": 1e300}"#, "webhooks.timestampToleranceSeconds: from 10 to 86400"),
            (#"{"deliveryTimeoutSeconds": 1e300}"#, "webhooks.deliveryTimeoutSeconds: above 0 and at most 3600"),
            (#"{"telegram": {"botToken": "no-colon"}}"#, "webhooks.telegram.botToken: the token BotFather gave"),
            (#"{"telegram": {"botUsername": "Bot"}}"#, "webhooks.telegram.botUsername: the bot's username"),
            (#"{"telegram": {"secretToken": "has space"}}"#, "webhooks.telegram.secretToken: 1 to 256"),
            (
                #"{"telegram": {"botToken": "123456:ABC-def", "mode": "webhook"}}"#,
                "webhooks.telegram.secretToken: webhook mode needs the secretToken"
            ),
            (#"{"telegram": {"mode": "push"}}"#, "webhooks.telegram.mode"),
        ]
        for (json, expected) in cases {
            let problem = Self.problem(json)
            #expect(problem?.contains(expected) == true, "\(json) → \(problem ?? "accepted")")
        }
    }
}

extension WebhookSettingsTests {
    @Test func theExampleFilesSectionIsValidAndDocumentsEveryKey() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../config.example.json")
        let data = try Data(contentsOf: url)
        let configuration = try HomeroomConfiguration.parse(data)
        let settings = try configuration.resolve().decodeSection(
            configuration.webhooks, key: "webhooks", as: WebhookSettings.self)
        #expect(settings.port == WebhookSettings().port)
        #expect(settings.host == WebhookSettings().host)
        let text = String(decoding: data, as: UTF8.self)
        for key in WebhookSettings.CodingKeys.allCases.map(\.rawValue) + [
            "webhooks", "signingSecret", "incomingWebhooks", "tokens", "publicKey", "apiBaseURL", "secret", "clients",
        ] {
            #expect(text.contains("\"\(key)\""), "config.example.json does not mention \(key)")
        }
    }
}
