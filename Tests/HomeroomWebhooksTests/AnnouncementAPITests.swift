import Events
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomMessageAPI
import HomeroomTesting
import HomeroomWebhooks
import Testing

/// `POST /api/v1/announcements`: a program sends an announcement as `/announce` takes it, its
/// text whole whatever quotes it holds, under the roles of its `api:CLIENT:USER`.
@Suite struct AnnouncementAPITests {
    static let auth = [("Authorization", "Bearer \(MessageAPITests.token)")]

    static func withAPI(
        plugins: [any ConfigurablePlugin.Type] = [], _ body: (WebhookHarness) async throws -> Void
    ) async throws {
        try await WebhookHarness.with(
            plugins: plugins,
            settings: { settings in settings.api.clients = ["kiosk": .init(token: MessageAPITests.token)] },
            configure: { configuration in configuration.roles = ["office": ["announce.send"]] }
        ) { harness in
            try await harness.bot.runtime.access.grant(
                "office", to: UserID("api:kiosk:office")!, by: AuditEntry.commandLine)
            try await body(harness)
        }
    }

    @Test func aProgramsAnnouncementGoesOutWithItsTextWhole() async throws {
        try await Self.withAPI { harness in
            let answer = try await harness.post(
                "/api/v1/announcements",
                text: #"""
                    {"user": "office", "audience": "channels slack:#general",
                     "text": "Buses run \"about\" 40 minutes late \\ sorry", "translations": {"es": "Autobuses tarde"}}
                    """#,
                headers: Self.auth)
            #expect(answer.status == 200, "\(answer.body)")
            #expect(answer.json["error"] as? Bool == false, "\(answer.body)")
            #expect((answer.json["replies"] as? [String])?.first?.contains("Announcement 1 to slack:#general") == true)
            let queued = try await harness.bot.runtime.outbox.due(for: "slack")
            #expect(queued.map(\.target) == [.channel("#general")])
            #expect(queued.first?.lines.last == #"Buses run "about" 40 minutes late \ sorry"#, "\(queued)")
        }
    }

    @Test func anUrgentAlertNeedsItsOwnCapabilityAndABrokenRequestIsRefused() async throws {
        try await Self.withAPI { harness in
            let urgent = try await harness.post(
                "/api/v1/announcements",
                text: #"{"user": "office", "audience": "everyone", "text": "Lockdown", "urgent": true}"#,
                headers: Self.auth)
            #expect(urgent.json["error"] as? Bool == true, "\(urgent.body)")
            #expect((urgent.json["replies"] as? [String])?.first?.contains("announce.urgent") == true, "\(urgent.body)")
            let noAudience = try await harness.post(
                "/api/v1/announcements", text: #"{"user": "office", "audience": " ", "text": "Hi"}"#,
                headers: Self.auth)
            #expect(noAudience.status == 400, "\(noAudience.body)")
            let broken = try await harness.post(
                "/api/v1/announcements", text: #"{"user": "office", "text": "Hi"}"#, headers: Self.auth)
            #expect(broken.status == 400, "\(broken.body)")
            let stranger = try await harness.post(
                "/api/v1/announcements", text: #"{"user": "office", "audience": "everyone", "text": "Hi"}"#,
                headers: [("Authorization", "Bearer not-the-token-0123456789")])
            #expect(stranger.status == 401)
            #expect(try await harness.bot.runtime.outbox.pendingCount() == 0, "nothing was sent")
        }
    }

    @Test func aProgramsAnnouncementToACircleReachesItsMembers() async throws {
        try await Self.withAPI(plugins: [EventsPlugin.self]) { harness in
            try await harness.bot.expect("/circle create chess open", from: "console:cy", contains: "Created chess")
            let answer = try await harness.post(
                "/api/v1/announcements",
                text: #"{"user": "office", "audience": "circle Chess", "text": "Club photo at noon."}"#,
                headers: Self.auth)
            #expect(answer.status == 200, "\(answer.body)")
            #expect(answer.json["error"] as? Bool == false, "\(answer.body)")
            #expect((answer.json["replies"] as? [String])?.first?.contains("to the circle chess") == true)
            let queued = try await harness.bot.runtime.outbox.due(for: "console")
            #expect(
                queued.filter { $0.idempotencyKey.hasPrefix("announce:1:") }.map(\.target) == [
                    .user(UserID("console:cy")!)
                ])
            let unknown = try await harness.post(
                "/api/v1/announcements", text: #"{"user": "office", "audience": "circle go", "text": "Hi"}"#,
                headers: Self.auth)
            #expect(unknown.json["error"] as? Bool == true, "\(unknown.body)")
            #expect((unknown.json["replies"] as? [String])?.first?.contains("no circle go") == true, "\(unknown.body)")
        }
    }
}
