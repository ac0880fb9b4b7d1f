import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Hummingbird

extension WebhookPlatform {
    /// Mattermost (`mattermost:TEAM:USER`).
    package static let mattermost = WebhookPlatform(rawValue: "mattermost")
}

extension WebhookSettings {
    /// Mattermost slash commands and incoming webhooks (`webhooks.mattermost`).
    public var mattermost: MattermostSettings {
        get { self[MattermostPlatform.self] }
        set { self[MattermostPlatform.self] = newValue }
    }
}

/// Mattermost: slash commands at `/mattermost/commands`, notifications through incoming webhooks.
package enum MattermostPlatform: WebhookAndBotPlatform {
    package typealias Settings = MattermostSettings
    package static let platform = WebhookPlatform.mattermost
    package static let sectionKey = "mattermost"
    /// Where slash commands are posted.
    static let commandPath = "/mattermost/commands"

    package static func endpoints(_ settings: WebhookSettings) -> [String] {
        takesCommands(settings) ? [commandPath] : []
    }

    package static func takesCommands(_ settings: WebhookSettings) -> Bool { !settings.mattermost.tokens.isEmpty }

    package static func incomingWebhooks(_ settings: WebhookSettings) -> [String: URL] {
        settings.mattermost.incomingWebhooks
    }

    package static func notification(_ lines: [String]) -> [UInt8] {
        JSONBody.encode(SlashCommandPlatform.mattermost.notification(lines))
    }

    package static func addRoutes(to router: Router<WebhookRequestContext>, context: PlatformRouteContext) {
        let mattermost = MattermostEndpoint(
            settings: context.settings.mattermost, replays: context.replays, gateway: context.gateway)
        router.post(RouterPath(commandPath)) { request, _ in
            try await mattermost.respond(to: RawRequest.read(request))
        }
    }

    package static var botSetting: String { "a bot account, which Homeroom does not support on \(platform.rawValue)" }
}
