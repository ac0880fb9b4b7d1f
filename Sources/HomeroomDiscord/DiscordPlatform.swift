import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Hummingbird

extension WebhookPlatform {
    /// Discord (`discord:GUILD:USER`, `discord:dm:USER`).
    package static let discord = WebhookPlatform(rawValue: "discord")
}

extension WebhookSettings {
    /// Discord interactions, its bot and webhooks (`webhooks.discord`).
    public var discord: DiscordSettings {
        get { self[DiscordPlatform.self] }
        set { self[DiscordPlatform.self] = newValue }
    }
}

/// Discord: interactions at `/discord/interactions`, notifications through webhooks and the bot.
package enum DiscordPlatform: WebhookAndBotPlatform {
    package typealias Settings = DiscordSettings
    package static let platform = WebhookPlatform.discord
    package static let sectionKey = "discord"
    /// Where interactions are posted.
    static let commandPath = "/discord/interactions"

    package static func endpoints(_ settings: WebhookSettings) -> [String] {
        takesCommands(settings) ? [commandPath] : []
    }

    package static func takesCommands(_ settings: WebhookSettings) -> Bool { settings.discord.publicKey != nil }

    package static func incomingWebhooks(_ settings: WebhookSettings) -> [String: URL] {
        settings.discord.incomingWebhooks
    }

    package static func notification(_ lines: [String]) -> [UInt8] {
        JSONBody.encode(DiscordResponse.Message(Reply(lines: lines)))
    }

    package static func addRoutes(to router: Router<WebhookRequestContext>, context: PlatformRouteContext) {
        let settings = context.settings.discord
        let discord = DiscordEndpoint(
            signature: settings.publicKey.flatMap(DiscordSignature.init(publicKeyHex:)), replays: context.replays,
            apiBaseURL: settings.apiBaseURL, gateway: context.gateway)
        router.post(RouterPath(commandPath)) { request, _ in
            try await discord.respond(to: RawRequest.read(request))
        }
    }

    package static func botSender(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies)
        -> (any MessageSender)?
    {
        DiscordBotSender(settings: settings, dependencies: dependencies)
    }

    package static var botSetting: String { "webhooks.discord.botToken" }
}
