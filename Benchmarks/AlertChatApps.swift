import Foundation
import HomeroomCore
import HomeroomDiscord
import HomeroomEngine
import HomeroomGoogleChat
import HomeroomSlack
import HomeroomTeams
import HomeroomTestbed
import HomeroomWebhooks

/// The chat apps' loopback servers for the urgent alert, each enforcing its platform's published
/// limits, and the people on each: subscribers the bot has reached before, so that their
/// direct-message channel, conversation or space is remembered (a district's steady state; the
/// first message to a person costs one more call, which Slack allows only 50 times a minute).
struct AlertChatApps {
    let slack: SlackAPIServer
    let discord: DiscordAPIServer
    let botFramework: BotFrameworkServer
    let googleChat: GoogleChatAPIServer
    /// Where the Google Chat service account's key file is.
    let folder: URL

    /// The Slack workspace and the Teams tenant of the benchmark.
    static let team = "T0BENCH"
    static let tenant = "72f988bf-86f1-41af-91ab-2d7cd011db47"
    static let discordToken = "MTA5ODc2NTQzMjEwOTg3NjU0Mw.Gbench.benchmark-token-0123456789"

    /// Starts the servers but Discord's (which runs within ``DiscordAPIServer/with(token:_:)``), each
    /// enforcing its published limits.
    static func start(discord: DiscordAPIServer) async throws -> AlertChatApps {
        let slack = try await SlackAPIServer.start()
        slack.enforce(SlackAPIServer.postMessageLimits, on: "chat.postMessage")
        slack.enforce(SlackAPIServer.conversationsOpenLimits, on: "conversations.open")
        discord.enforceGlobalLimit()
        let botFramework = try await BotFrameworkServer.start()
        botFramework.enforce(BotFrameworkServer.publishedLimits)
        let googleChat = try await GoogleChatAPIServer.start()
        googleChat.enforce(GoogleChatAPIServer.publishedLimits)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-chat-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return AlertChatApps(
            slack: slack, discord: discord, botFramework: botFramework, googleChat: googleChat, folder: folder)
    }

    /// Points `settings` at the servers.
    func configure(_ settings: inout WebhookSettings) throws {
        settings.slack.botToken = SlackAPIServer.botToken
        settings.slack.apiBaseURL = slack.apiBaseURL
        settings.discord.botToken = Self.discordToken
        settings.discord.apiBaseURL = discord.baseURL
        settings.teams.appID = BotFrameworkServer.appID
        settings.teams.appPassword = BotFrameworkServer.password
        settings.teams.tokenURL = botFramework.tokenURL
        settings.teams.allowsLoopbackHTTPServiceURLs = true
        settings.googleChat.serviceAccountKeyFile = try googleChat.writeKeyFile(in: folder)
        settings.googleChat.apiBaseURL = googleChat.apiBaseURL
    }

    /// Subscribes `counts[platform]` people on each chat app, their conversations remembered.
    func seed(_ counts: [String: Int], into database: any Database, at now: Date, audit: AuditEntry) async throws {
        let subscribers = AnnouncementBook(database: database)
        func subscribe(_ user: UserID) async throws {
            _ = try await subscribers.subscribe(
                adapter: user.adapter, target: .user(user), school: nil, at: now, audit: audit)
        }
        let slackState = AdapterState(adapter: "slack", account: Self.team)
        for index in 0..<(counts["slack"] ?? 0) {
            let member = String(format: "U%08d", index)
            let user = UserID(adapter: "slack", id: "\(Self.team):\(member)")
            try await slackState.set(
                slack.openDirectChannel(for: member), for: "direct:" + member, about: user, at: now, in: database)
            try await subscribe(user)
        }
        let discordState = AdapterState(adapter: "discord", account: "bot")
        for index in 0..<(counts["discord"] ?? 0) {
            let id = String(1_200_000_000_000_000_000 + UInt64(index))
            let user = UserID(adapter: "discord", id: "dm:\(id)")
            try await discordState.set(
                discord.openDirectChannel(with: id), for: "direct:" + id, about: user, at: now, in: database)
            try await subscribe(user)
        }
        let teamsState = AdapterState(adapter: "teams", account: "bot")
        for index in 0..<(counts["teams"] ?? 0) {
            let aad = String(format: "7faf080b-2d2e-4a78-a2aa-%012d", index)
            let member = "29:bench-\(index)"
            let user = UserID(adapter: "teams", id: "\(Self.tenant):\(aad)")
            // TeamsConversationReferences.Person, as the bot keeps it.
            let reference: [String: String] = [
                "serviceUrl": botFramework.serviceURL, "userID": member, "tenant": Self.tenant,
                "conversationID": BotFrameworkServer.personalConversation(for: member),
            ]
            let json = String(decoding: try JSONSerialization.data(withJSONObject: reference), as: UTF8.self)
            try await teamsState.set(json, for: "person:\(Self.tenant):\(aad)", about: user, at: now, in: database)
            try await subscribe(user)
        }
        let chatState = AdapterState(adapter: "googlechat", account: "app")
        for index in 0..<(counts["googlechat"] ?? 0) {
            let number = String(114_000_000_000_000_000 + index)
            let space = "spaces/bench\(index)"
            let user = UserID(adapter: "googlechat", id: "district.example:\(number)")
            googleChat.addDirectMessage(user: number, space: space)
            try await chatState.set(space, for: "direct:\(number)", about: user, at: now, in: database)
            try await subscribe(user)
        }
    }

    /// The four platforms of the alert, delivering through `settings` with `dependencies`.
    func platforms(
        _ counts: [String: Int], settings: WebhookSettings, dependencies: WebhookServer.Dependencies
    ) -> [AlertPlatform] {
        let (slack, discord, botFramework, googleChat) = (slack, discord, botFramework, googleChat)
        var platforms: [AlertPlatform] = []
        if let sender = SlackPlatform.sender(settings, dependencies: dependencies) {
            platforms.append(
                AlertPlatform(
                    name: "slack", people: counts["slack"] ?? 0, limits: SlackAPIServer.postMessageLimits,
                    sender: sender, arrivals: { _ = try await slack.messages(count: $0, within: .seconds(300)) },
                    refused: {
                        slack.rateLimitedAnswers(to: "chat.postMessage")
                            + slack.rateLimitedAnswers(to: "conversations.open")
                    }))
        }
        if let sender = DiscordPlatform.sender(settings, dependencies: dependencies) {
            platforms.append(
                AlertPlatform(
                    name: "discord", people: counts["discord"] ?? 0, limits: [DiscordAPIServer.globalLimit],
                    sender: sender,
                    arrivals: { count in
                        try await AlertPlatform.poll("Discord messages", count) { discord.messages.count }
                    },
                    refused: { discord.globalRateLimitedAnswers + discord.rateLimitedAnswers }))
        }
        if let sender = TeamsPlatform.sender(settings, dependencies: dependencies) {
            platforms.append(
                AlertPlatform(
                    name: "teams", people: counts["teams"] ?? 0, limits: BotFrameworkServer.publishedLimits,
                    sender: sender,
                    arrivals: { _ = try await botFramework.activities(count: $0, within: .seconds(300)) },
                    refused: { botFramework.rateLimitedAnswers }))
        }
        if let sender = GoogleChatPlatform.sender(settings, dependencies: dependencies) {
            platforms.append(
                AlertPlatform(
                    name: "googlechat", people: counts["googlechat"] ?? 0, limits: GoogleChatAPIServer.publishedLimits,
                    sender: sender, arrivals: { _ = try await googleChat.messages(count: $0, within: .seconds(300)) },
                    refused: { googleChat.rateLimitedAnswers }))
        }
        return platforms
    }

    /// Stops the servers it started and removes the key file.
    func stop() async {
        await slack.stop()
        await botFramework.stop()
        await googleChat.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
