import Foundation
import HomeroomCore
import HomeroomWebhooks
import Hummingbird

extension WebhookPlatform {
    /// Homeroom's own JSON API (`api:CLIENT:USER`).
    package static let api = WebhookPlatform(rawValue: "api")
}

extension WebhookSettings {
    /// Homeroom's own JSON API (`webhooks.api`).
    public var api: APISettings {
        get { self[MessageAPIPlatform.self] }
        set { self[MessageAPIPlatform.self] = newValue }
    }
}

/// Homeroom's own JSON API: messages from its clients at `/api/v1/messages`, notifications posted
/// to their `notifyURL`s.
package enum MessageAPIPlatform: PlatformModule {
    package typealias Settings = APISettings
    package static let platform = WebhookPlatform.api
    package static let sectionKey = "api"
    /// Where messages are posted.
    static let messagePath = "/api/v1/messages"
    /// Where programs post announcements (``AnnouncementAPIEndpoint``).
    static let announcementPath = "/api/v1/announcements"

    package static func endpoints(_ settings: WebhookSettings) -> [String] {
        settings.api.clients.isEmpty ? [] : [messagePath, announcementPath]
    }

    /// False: the API takes messages from programs, not commands from a chat platform's people.
    package static func takesCommands(_ settings: WebhookSettings) -> Bool { false }

    package static func notification(_ lines: [String]) -> [UInt8] {
        JSONBody.encode(["text": Reply(lines: lines).text])
    }

    package static func addRoutes(to router: Router<WebhookRequestContext>, context: PlatformRouteContext) {
        let api = MessageAPIEndpoint(
            credentials: APICredentials(context.settings.api), replays: context.replays, gateway: context.gateway)
        router.post(RouterPath(messagePath)) { request, _ in
            try await api.respond(to: RawRequest.read(request))
        }
        let announcements = AnnouncementAPIEndpoint(messages: api)
        router.post(RouterPath(announcementPath)) { request, _ in
            try await announcements.respond(to: RawRequest.read(request))
        }
    }

    /// Gives the sole client the channels kept from before a client's channels were its own.
    package static func startUp(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies) async {
        await APIUnownedChannels(settings: settings.api, database: dependencies.database, logger: dependencies.logger)
            .adopt()
    }

    package static func services(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies)
        -> [PlatformService]
    {
        let api = APINotificationSender(
            settings: settings.api, fetcher: dependencies.fetcher, timeout: settings.deliveryTimeout,
            clock: dependencies.clock)
        guard api.isEnabled else { return [] }
        return [.delivery(api, summary: "posting notifications to the API clients' notifyURLs")]
    }
}
