import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Hummingbird

extension WebhookPlatform {
    /// Google Chat (`googlechat:DOMAIN:USER`).
    package static let googlechat = WebhookPlatform(rawValue: "googlechat")
}

extension WebhookSettings {
    /// A Google Chat app (`webhooks.googleChat`).
    public var googleChat: GoogleChatSettings {
        get { self[GoogleChatPlatform.self] }
        set { self[GoogleChatPlatform.self] = newValue }
    }
}

/// Google Chat: a Chat app's events at `/google-chat/events`, notifications through the Chat API.
package enum GoogleChatPlatform: WebhookAndBotPlatform {
    package typealias Settings = GoogleChatSettings
    package static let platform = WebhookPlatform.googlechat
    package static let sectionKey = "googleChat"
    /// Where events are posted.
    static let commandPath = "/google-chat/events"

    package static func endpoints(_ settings: WebhookSettings) -> [String] {
        takesCommands(settings) ? [commandPath] : []
    }

    package static func takesCommands(_ settings: WebhookSettings) -> Bool { settings.googleChat.takesEvents }

    package static func notification(_ lines: [String]) -> [UInt8] {
        JSONBody.encode(["text": GoogleChatText.message(Reply(lines: lines))])
    }

    package static func addRoutes(to router: Router<WebhookRequestContext>, context: PlatformRouteContext) {
        let googleChat = GoogleChatEndpoint(
            settings: context.settings.googleChat, dependencies: context.dependencies, gateway: context.gateway)
        router.post(RouterPath(commandPath)) { request, _ in
            try await googleChat.respond(to: RawRequest.read(request))
        }
    }

    package static func botSender(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies)
        -> (any MessageSender)?
    {
        GoogleChatSender(settings: settings, dependencies: dependencies)
    }

    package static var botSetting: String { "webhooks.googleChat.serviceAccountKeyFile" }
}
