import Foundation
import HomeroomCore
import HomeroomEngine

/// One chat platform's notifications, whichever way the configuration reaches it: a channel with
/// an incoming-webhook URL of its own (or the `*` one) through that URL, any other channel and
/// every person through the platform's bot. Without a bot, a person cannot be reached, and the
/// outbox gives the message up at once, naming the setting that would reach them.
package struct PlatformSender: MessageSender {
    let platform: WebhookPlatform
    let webhooks: IncomingWebhookSender?
    let bot: (any MessageSender)?
    /// The setting that gives the platform a bot, named when a person cannot be reached.
    let botSetting: String

    package var adapter: String { platform.rawValue }

    /// The sender for `module`'s platform as `settings` configure it: its incoming webhooks, and
    /// its `bot`, which `botSetting` gives it; nil when it has neither.
    package static func make(
        _ module: any PlatformModule.Type, settings: WebhookSettings, dependencies: WebhookServer.Dependencies,
        bot: (any MessageSender)?, botSetting: String
    ) -> PlatformSender? {
        let urls = module.incomingWebhooks(settings)
        let webhooks =
            urls.isEmpty
            ? nil
            : IncomingWebhookSender(
                platform: module, urls: urls, fetcher: dependencies.fetcher, timeout: settings.deliveryTimeout)
        guard webhooks != nil || bot != nil else { return nil }
        return PlatformSender(platform: module.platform, webhooks: webhooks, bot: bot, botSetting: botSetting)
    }

    /// The platform's notifications, delivered through this sender, for the runtime to run.
    package var service: PlatformService { .delivery(self, summary: summary) }

    /// How the platform is reached, for `/healthz`.
    package var summary: String {
        var ways: [String] = []
        if let webhooks { ways.append("\(webhooks.urls.count) incoming webhook URL(s)") }
        if bot != nil { ways.append("the bot, to channels and people") }
        return "posting through " + ways.joined(separator: " and ")
    }

    package func send(_ message: OutboxMessage) async throws {
        switch message.target {
        case .channel(let channel):
            if let webhooks, webhooks.hasURL(for: channel) || bot == nil {
                try await webhooks.send(message)
            } else if let bot {
                try await bot.send(message)
            }
        case .user(let user):
            guard let bot else {
                throw DeliveryFailure(
                    "\(platform.rawValue) incoming webhooks cannot reach a person (\(user)); set \(botSetting)",
                    isPermanent: true)
            }
            try await bot.send(message)
        }
    }
}
