import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Hummingbird

extension WebhookPlatform {
    /// Slack (`slack:TEAM:USER`).
    package static let slack = WebhookPlatform(rawValue: "slack")
}

extension WebhookSettings {
    /// Slack slash commands, its bot, Socket Mode and incoming webhooks (`webhooks.slack`).
    public var slack: SlackSettings {
        get { self[SlackPlatform.self] }
        set { self[SlackPlatform.self] = newValue }
    }
}

/// Slack: slash commands at `/slack/commands` or over Socket Mode, notifications through incoming
/// webhooks and the bot.
package enum SlackPlatform: WebhookAndBotPlatform {
    package typealias Settings = SlackSettings
    package static let platform = WebhookPlatform.slack
    package static let sectionKey = "slack"
    /// Where slash commands are posted.
    static let commandPath = "/slack/commands"

    package static func endpoints(_ settings: WebhookSettings) -> [String] {
        takesCommands(settings) ? [commandPath] : []
    }

    package static func takesCommands(_ settings: WebhookSettings) -> Bool { settings.slack.signingSecret != nil }

    package static func incomingWebhooks(_ settings: WebhookSettings) -> [String: URL] {
        settings.slack.incomingWebhooks
    }

    package static func notification(_ lines: [String]) -> [UInt8] {
        JSONBody.encode(SlashCommandPlatform.slack.notification(lines))
    }

    package static func addRoutes(to router: Router<WebhookRequestContext>, context: PlatformRouteContext) {
        let settings = context.settings.slack
        let slack = SlackEndpoint(
            signature: settings.signingSecret.map(SlackSignature.init(signingSecret:)),
            apiBaseURL: settings.apiBaseURL, replays: context.replays, gateway: context.gateway)
        router.post(RouterPath(commandPath)) { request, _ in
            try await slack.respond(to: RawRequest.read(request))
        }
    }

    package static func botSender(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies)
        -> (any MessageSender)?
    {
        SlackBotSender(settings: settings, dependencies: dependencies)
    }

    package static var botSetting: String { "webhooks.slack.botToken" }

    package static func services(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies)
        -> [PlatformService]
    {
        var services: [PlatformService] = []
        let sender = Self.sender(settings, dependencies: dependencies)
        if let sender { services.append(sender.service) }
        if let socketMode = SlackSocketMode(settings: settings, dependencies: dependencies) {
            // The socket is connected, and its commands answered, by the instance holding its duty.
            services.append(.running(socketMode))
        }
        return services
    }
}
