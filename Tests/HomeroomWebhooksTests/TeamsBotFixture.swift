import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import InstalledPlatforms
import SQLKit
import Testing

@testable import HomeroomTeams
@testable import HomeroomWebhooks

/// A Teams bot behind a real webhook server, with the Bot Framework's token endpoint and connector
/// (``BotFrameworkServer``) and its signing keys (``TestTokenIssuer``) on loopback servers. The keys
/// are endorsed for Teams and, as Microsoft's are, for other channels of the same registration.
/// The stand-in connector is `http` on loopback, which the settings' test-only
/// `allowsLoopbackHTTPServiceURLs` lets the bot reach; no configuration file can set it.
struct TeamsBotFixture {
    let harness: WebhookHarness
    let issuer: TestTokenIssuer
    let botFramework: BotFrameworkServer
    let settings: WebhookSettings

    /// The tenant, person and conversations of the fixtures.
    static let tenant = "72f988bf-86f1-41af-91ab-2d7cd011db47"
    static let aadObjectID = "7faf080b-2d2e-4a78-a2aa-9d2c19e2e4e1"
    static let userID = "29:1XJKJMvc5GBtc2JwZq0oj8tHZmzrQgFmB39ATiQWA85gQtHieVkKilBZ9XHoq9j7Zaqt7CZ-NJWi7me2kHTL3Bw"
    static let personalConversation =
        "a:17I0kl8EkpE1O9PH5TWrzrLNwnWWcfrU7QZjKR0WSfOpzbfcAg2IaydGElSo10tVr4C7Fc6GtieTJX663WuJCc1uA83n4CSrHSgGBj5"
        + "XNYLcVlJAs2ZX8DbYBPck201w-"
    static let channel = "19:efa9296d959346209fea44151c742e73@thread.skype"
    /// The person's Homeroom id.
    static let person = UserID(adapter: "teams", id: "\(tenant):\(aadObjectID)")
    /// The endorsements of the signing keys: Microsoft's keys name every channel they sign for.
    /// https://learn.microsoft.com/en-us/azure/bot-service/rest-api/bot-framework-rest-connector-authentication
    /// — "Step 3: Get the list of valid signing keys"
    static let endorsements = ["msteams", "webchat", "directline", "skype"]

    /// Starts the fakes and the bot (its password `password`, with `plugins` beside lunch, single-tenant
    /// when `tenantID` is given, with `configure` applied to its settings last and `configuration` to
    /// the bot's), runs `body`, stops everything.
    static func with(
        password: String = BotFrameworkServer.password, plugins: [any ConfigurablePlugin.Type] = [],
        tenantID: String? = nil, configure configureMore: (inout WebhookSettings) -> Void = { _ in },
        configuration: (inout HomeroomConfiguration) -> Void = { _ in },
        _ body: (TeamsBotFixture) async throws -> Void
    ) async throws {
        let issuer = try await TestTokenIssuer.start(endorsements: endorsements)
        let botFramework = try await BotFrameworkServer.start()
        var configured = WebhookSettings()
        func configure(_ settings: inout WebhookSettings) {
            settings.teams.appID = BotFrameworkServer.appID
            settings.teams.appPassword = password
            settings.teams.openIDMetadataURL = issuer.openIDMetadataURL
            settings.teams.tokenURL = botFramework.tokenURL
            settings.teams.tenantID = tenantID
            settings.teams.allowsLoopbackHTTPServiceURLs = true
            configureMore(&settings)
            configured = settings
        }
        do {
            try await WebhookHarness.with(plugins: plugins, settings: configure, configure: configuration) { harness in
                try await body(
                    TeamsBotFixture(harness: harness, issuer: issuer, botFramework: botFramework, settings: configured))
            }
        } catch {
            await botFramework.stop()
            await issuer.stop()
            throw error
        }
        await botFramework.stop()
        await issuer.stop()
    }

    /// A Bot Connector token for this bot, valid for an hour, with `changes` to its claims and the
    /// claims named in `removing` left out.
    /// https://learn.microsoft.com/en-us/azure/bot-service/rest-api/bot-framework-rest-connector-authentication
    /// — "Step 4: Verify the JWT token" (issuer, audience, `serviceurl`)
    func token(
        _ changes: [String: any Sendable] = [:], removing: [String] = [], signedByStranger: Bool = false
    ) -> String {
        let now = Int(harness.bot.clock.now.timeIntervalSince1970)
        var claims: [String: any Sendable] = [
            "iss": "https://api.botframework.com", "aud": BotFrameworkServer.appID,
            "serviceurl": botFramework.serviceURL,
            "nbf": now - 60, "iat": now - 60, "exp": now + 3600,
        ]
        for (key, value) in changes { claims[key] = value }
        for key in removing { claims[key] = nil }
        return issuer.token(claims: claims, signedByStranger: signedByStranger)
    }

    /// Posts `activity` to `/teams/bot` with `Authorization` (a good token unless given).
    func post(_ activity: String, authorization: String? = nil) async throws -> WebhookHarness.Answer {
        try await harness.post(
            "/teams/bot", text: activity,
            headers: [("Authorization", authorization ?? "Bearer \(token())"), ("Content-Type", "application/json")])
    }

    /// The outbox worker for Teams, through ``PlatformSender`` as `homeroom serve` runs it.
    func worker() throws -> OutboxDeliveryWorker {
        let bot = harness.bot
        let dependencies = WebhookServer.Dependencies(
            dispatcher: bot.runtime.dispatcher, database: bot.runtime.database, outbox: bot.runtime.outbox,
            clock: bot.clock, fetcher: bot.runtime.fetcher, adapterStatus: bot.runtime.adapterStatus,
            roster: bot.runtime.roster, metrics: nil, logger: TestBot.testLogger())
        let sender = try #require(TeamsPlatform.sender(settings, dependencies: dependencies))
        return OutboxDeliveryWorker(outbox: bot.runtime.outbox, sender: sender, logger: TestBot.testLogger())
    }

    /// Queues a notification to `target`.
    func notify(_ target: DeliveryTarget, _ text: String, key: String) async throws {
        _ = try await harness.bot.runtime.outbox.enqueue(
            adapter: "teams", target: target, lines: [text], idempotencyKey: key)
    }

    // Activities after Microsoft's published examples, with this run's service URL and bot id:
    // https://learn.microsoft.com/en-us/microsoftteams/platform/bots/how-to/conversations/conversation-messages
    // — "Receive a message" / "Message content" (a personal message), and
    // https://learn.microsoft.com/en-us/microsoftteams/platform/bots/how-to/conversations/
    // subscribe-to-conversation-events
    // — "Team members added" (`membersAdded` with the bot), "Team members removed", and
    // "Install update event" (`installationUpdate`, `action` `add` / `remove`).

    /// A personal message with `text`, through the channel `channelID`, from `tenant`.
    func personalMessage(
        _ text: String, id: String = "1485983408511", serviceURL: String? = nil, channelID: String = "msteams",
        tenant: String = Self.tenant
    ) -> String {
        #"""
        {"type": "message", "id": "\#(id)", "timestamp": "2026-11-23T17:00:07.437Z",
         "localTimestamp": "2026-11-23T12:00:07.437-05:00", "serviceUrl": "\#(serviceURL ?? botFramework.serviceURL)",
         "channelId": "\#(channelID)",
         "from": {"id": "\#(Self.userID)", "name": "Megan Bowen", "aadObjectId": "\#(Self.aadObjectID)"},
         "conversation": {"conversationType": "personal", "id": "\#(Self.personalConversation)",
                          "tenantId": "\#(tenant)"},
         "recipient": {"id": "\#(botFramework.botID)", "name": "Homeroom"},
         "textFormat": "plain", "text": "\#(text)",
         "entities": [{"locale": "en-US", "country": "US", "platform": "Windows",
                       "timezone": "America/New_York", "type": "clientInfo"}],
         "channelData": {"tenant": {"id": "\#(tenant)"}}, "locale": "en-US"}
        """#
    }

    /// A message mentioning the bot in `channel` of `team` (by default the team's General channel,
    /// whose id is the team's).
    func channelMessage(_ text: String, channel: String = Self.channel, team: String = Self.channel) -> String {
        #"""
        {"type": "message", "id": "1481567603816", "timestamp": "2026-11-23T17:00:07.437Z",
         "serviceUrl": "\#(botFramework.serviceURL)", "channelId": "msteams",
         "from": {"id": "\#(Self.userID)", "name": "Megan Bowen", "aadObjectId": "\#(Self.aadObjectID)"},
         "conversation": {"isGroup": true, "conversationType": "channel",
                          "id": "\#(channel);messageid=1481567603816", "tenantId": "\#(Self.tenant)"},
         "recipient": {"id": "\#(botFramework.botID)", "name": "Homeroom"},
         "textFormat": "plain", "text": "<at>Homeroom</at> \#(text)",
         "entities": [{"mentioned": {"id": "\#(botFramework.botID)", "name": "Homeroom"},
                       "text": "<at>Homeroom</at>", "type": "mention"}],
         "channelData": {"teamsChannelId": "\#(channel)", "teamsTeamId": "\#(team)",
                         "channel": {"id": "\#(channel)"}, "team": {"id": "\#(team)"},
                         "tenant": {"id": "\#(Self.tenant)"}}}
        """#
    }

    /// The bot added to (`membersAdded`) or removed from (`membersRemoved`) the person's chat or the team.
    func conversationUpdate(_ members: String, personal: Bool) -> String {
        let conversation =
            personal
            ? #"{"conversationType": "personal", "id": "\#(Self.personalConversation)", "tenantId": "\#(Self.tenant)"}"#
            : #"{"isGroup": true, "conversationType": "channel", "id": "\#(Self.channel)"}"#
        return #"""
            {"\#(members)": [{"id": "\#(botFramework.botID)"}], "type": "conversationUpdate",
             "timestamp": "2026-11-23T17:00:35.312Z", "id": "f:5f85c2ad", "channelId": "msteams",
             "serviceUrl": "\#(botFramework.serviceURL)",
             "from": {"id": "\#(Self.userID)", "aadObjectId": "\#(Self.aadObjectID)"},
             "conversation": \#(conversation),
             "recipient": {"id": "\#(botFramework.botID)", "name": "Homeroom"},
             "channelData": {\#(personal ? "" : #""team": {"id": "\#(Self.channel)"}, "#)
                             "tenant": {"id": "\#(Self.tenant)"}}}
            """#
    }

    /// The app installed (`add`) or uninstalled (`remove`) in the person's personal scope.
    func installationUpdate(_ action: String) -> String {
        #"""
        {"action": "\#(action)", "type": "installationUpdate", "timestamp": "2026-11-23T17:00:35.312Z",
         "id": "f:6b1a4c2e", "channelId": "msteams", "serviceUrl": "\#(botFramework.serviceURL)",
         "from": {"id": "\#(Self.userID)", "aadObjectId": "\#(Self.aadObjectID)"},
         "conversation": {"conversationType": "personal", "id": "\#(Self.personalConversation)",
                          "tenantId": "\#(Self.tenant)"},
         "recipient": {"id": "\#(botFramework.botID)", "name": "Homeroom"},
         "channelData": {"source": {"name": "message"}, "tenant": {"id": "\#(Self.tenant)"}}, "locale": "en-US"}
        """#
    }
}
