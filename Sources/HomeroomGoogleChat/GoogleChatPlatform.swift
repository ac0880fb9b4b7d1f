import Foundation
import HomeroomCore
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
package enum GoogleChatPlatform: PlatformModule {
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

    /// Its notifications' sender as `settings` configure it, or nil when they reach no one.
    package static func sender(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies) -> PlatformSender? {
        PlatformSender.make(
            self, settings: settings, dependencies: dependencies,
            bot: GoogleChatSender(settings: settings, dependencies: dependencies),
            botSetting: "webhooks.googleChat.serviceAccountKeyFile")
    }

    package static func services(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies)
        -> [PlatformService]
    {
        let sender = Self.sender(settings, dependencies: dependencies)
        return sender.map { [$0.service] } ?? []
    }
}
