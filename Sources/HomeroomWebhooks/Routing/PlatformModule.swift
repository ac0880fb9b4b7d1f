import Foundation
import Hummingbird

/// One chat platform the webhook adapter speaks to, in a module of its own (HomeroomSlack,
/// HomeroomDiscord, …): its section of the `webhooks` settings, the routes its requests arrive at,
/// what it does at start-up, and what it runs beside the HTTP server. The server only routes to
/// the installed platforms, which `homeroom` lists in one place, so a new platform is a new module
/// and one line in that list.
package protocol PlatformModule: Sendable {
    /// Its settings, read strictly from its section; `init()` gives the defaults, which switch
    /// every endpoint and sender of the platform off.
    associatedtype Settings: PlatformSettingsSection

    /// The platform, as user ids and the outbox name it.
    static var platform: WebhookPlatform { get }
    /// The key of its section in `webhooks` (`slack`, `googleChat`).
    static var sectionKey: String { get }

    /// The paths it serves as `settings` switch them on, for the start-up line.
    static func endpoints(_ settings: WebhookSettings) -> [String]
    /// True when `settings` switch on the endpoint people's commands arrive at over HTTP.
    static func takesCommands(_ settings: WebhookSettings) -> Bool
    /// Channel id or name → incoming-webhook URL, for notifications; empty when it has none.
    static func incomingWebhooks(_ settings: WebhookSettings) -> [String: URL]
    /// Its JSON for a notification of `lines` at an incoming webhook, the text escaped for it.
    static func notification(_ lines: [String]) -> [UInt8]
    /// Adds its routes; a path whose setting is missing still answers, saying which setting
    /// switches it on.
    static func addRoutes(to router: Router<WebhookRequestContext>, context: PlatformRouteContext)
    /// What it does once before the server accepts requests.
    static func startUp(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies) async
    /// What it runs beside the HTTP server, as `settings` configure it.
    static func services(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies) -> [PlatformService]
}

extension PlatformModule {
    package static func incomingWebhooks(_ settings: WebhookSettings) -> [String: URL] { [:] }
    package static func startUp(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies) async {}
}

/// A platform's section of the `webhooks` settings.
package protocol PlatformSettingsSection: Decodable, Sendable {
    /// The defaults: the platform switched off.
    init()
}
