import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Hummingbird

extension WebhookPlatform {
    /// Telegram (`telegram:123456789`).
    package static let telegram = WebhookPlatform(rawValue: "telegram")
}

extension WebhookSettings {
    /// Telegram (`webhooks.telegram`).
    public var telegram: TelegramSettings {
        get { self[TelegramPlatform.self] }
        set { self[TelegramPlatform.self] = newValue }
    }
}

/// Telegram's Bot API (https://core.telegram.org/bots/api). A person is `telegram:<user id>`; their
/// private chat with the bot is a direct conversation (its chat id is their user id); a group or
/// supergroup is the channel `telegram:<chat id>` (`telegram:-1001234567890`), which is also how a
/// notification names it. Updates arrive by long polling (``TelegramPolling``, the default) or at
/// `/telegram/webhook` (``TelegramWebhookEndpoint``); answers and notifications go out with
/// `sendMessage` in HTML, paced to Telegram's limits (``TelegramPacer``).
package enum TelegramPlatform: PlatformModule {
    package typealias Settings = TelegramSettings
    package static let platform = WebhookPlatform.telegram
    package static let sectionKey = "telegram"
    /// Where Telegram posts updates in webhook mode.
    static let webhookPath = "/telegram/webhook"
    /// What a group's channel name starts with.
    static let channelPrefix = "telegram:"

    /// The person with Telegram user id `id`: `telegram:123456789`.
    package static func user(_ id: Int64) -> UserID {
        UserID(adapter: platform.rawValue, id: String(id))
    }

    /// The channel name of group `chatID`: `telegram:-1001234567890`.
    package static func channelName(_ chatID: Int64) -> String { channelPrefix + String(chatID) }

    /// The chat a notification to `target` goes to, and whether it is a group; nil for a target
    /// that names no Telegram chat.
    package static func chat(for target: DeliveryTarget) -> (id: Int64, isGroup: Bool)? {
        switch target {
        case .user(let user):
            guard user.adapter == platform.rawValue, let id = Int64(user.id), id > 0 else { return nil }
            return (id, false)
        case .channel(let name):
            let number = name.hasPrefix(channelPrefix) ? name.dropFirst(channelPrefix.count) : name[...]
            guard let id = Int64(number), id != 0 else { return nil }
            return (id, id < 0)
        }
    }

    package static func endpoints(_ settings: WebhookSettings) -> [String] {
        takesCommands(settings) ? [webhookPath] : []
    }

    package static func takesCommands(_ settings: WebhookSettings) -> Bool {
        settings.telegram.botToken != nil && settings.telegram.mode == .webhook
    }

    /// Telegram has no incoming webhooks; a notification's JSON is never posted anywhere.
    package static func notification(_ lines: [String]) -> [UInt8] {
        JSONBody.encode(["text": lines.joined(separator: "\n")])
    }

    package static func addRoutes(to router: Router<WebhookRequestContext>, context: PlatformRouteContext) {
        let settings = context.settings.telegram
        let endpoint: TelegramWebhookEndpoint? =
            if takesCommands(context.settings), let secret = settings.secretToken,
                let handler = TelegramUpdateHandler(
                    settings: settings, gateway: context.gateway, dependencies: context.dependencies)
            {
                TelegramWebhookEndpoint(secretToken: secret, handler: handler)
            } else {
                nil
            }
        router.post(RouterPath(webhookPath)) { request, _ in
            guard let endpoint else {
                throw WebhookRejection.notSetUp("Telegram webhook updates", key: "telegram.mode")
            }
            return try await endpoint.respond(to: RawRequest.read(request))
        }
    }

    package static func services(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies)
        -> [PlatformService]
    {
        guard let sender = sender(settings, dependencies: dependencies) else { return [] }
        var services: [PlatformService] = [
            .delivery(sender, summary: "sending through the Bot API, paced to Telegram's limits")
        ]
        if let polling = TelegramPolling(settings: settings, dependencies: dependencies) {
            services.append(.running(polling))
        }
        return services
    }

    /// The sender of Telegram notifications as `settings` configure it, paced on `clock` (the
    /// server's unless given); nil when Telegram is off.
    package static func sender(
        _ settings: WebhookSettings, dependencies: WebhookServer.Dependencies, clock: (any HomeroomClock)? = nil
    ) -> (any MessageSender)? {
        guard let api = api(settings, dependencies: dependencies) else { return nil }
        return TelegramSender(api: api, pacer: TelegramPacer(clock: clock ?? dependencies.clock))
    }

    /// The Bot API as `settings` configure it; nil when Telegram is off.
    static func api(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies) -> TelegramBotAPI? {
        guard let token = settings.telegram.botToken else { return nil }
        return TelegramBotAPI(
            baseURL: settings.telegram.apiURL, token: token, fetcher: dependencies.fetcher,
            timeout: settings.deliveryTimeout)
    }
}
