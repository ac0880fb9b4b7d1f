import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Hummingbird

extension WebhookPlatform {
    /// Microsoft Teams (`teams:TENANT:USER`).
    package static let teams = WebhookPlatform(rawValue: "teams")
}

extension WebhookSettings {
    /// Teams outgoing and incoming webhooks, and a Bot Framework bot (`webhooks.teams`).
    public var teams: TeamsSettings {
        get { self[TeamsPlatform.self] }
        set { self[TeamsPlatform.self] = newValue }
    }
}

/// Teams: outgoing webhooks at `/teams/messages`, a Bot Framework bot at `/teams/bot`, and
/// notifications through incoming webhooks and the bot.
package enum TeamsPlatform: WebhookAndBotPlatform {
    package typealias Settings = TeamsSettings
    package static let platform = WebhookPlatform.teams
    package static let sectionKey = "teams"
    /// Where outgoing webhooks post.
    static let commandPath = "/teams/messages"
    /// Where a Teams bot's activities are posted.
    static let botPath = "/teams/bot"

    package static func endpoints(_ settings: WebhookSettings) -> [String] {
        (takesCommands(settings) ? [commandPath] : []) + (settings.teams.appID != nil ? [botPath] : [])
    }

    package static func takesCommands(_ settings: WebhookSettings) -> Bool { settings.teams.secret != nil }

    package static func incomingWebhooks(_ settings: WebhookSettings) -> [String: URL] {
        settings.teams.incomingWebhooks
    }

    package static func notification(_ lines: [String]) -> [UInt8] {
        JSONBody.encode(TeamsEndpoint.Answer(Reply(lines: lines)))
    }

    package static func addRoutes(to router: Router<WebhookRequestContext>, context: PlatformRouteContext) {
        let settings = context.settings.teams
        let teams = TeamsEndpoint(
            signature: settings.secret.flatMap(TeamsSignature.init(secret:)), replays: context.replays,
            gateway: context.gateway, answerWithin: settings.answerWithin,
            bot: TeamsEndpoint.BotDelivery(settings: settings, dependencies: context.dependencies))
        router.post(RouterPath(commandPath)) { request, _ in
            try await teams.respond(to: RawRequest.read(request))
        }
        let teamsBot = TeamsBotEndpoint(
            settings: settings, dependencies: context.dependencies, gateway: context.gateway)
        router.post(RouterPath(botPath)) { request, _ in
            try await teamsBot.respond(to: RawRequest.read(request))
        }
    }

    package static func botSender(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies)
        -> (any MessageSender)?
    {
        TeamsBotSender(settings: settings, dependencies: dependencies)
    }

    package static var botSetting: String { "webhooks.teams.appID and appPassword" }
}
