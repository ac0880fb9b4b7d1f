import HomeroomCore
import HomeroomEngine

/// A platform whose notifications go to its channels' incoming webhooks and, where one is
/// configured, through its bot: its sender (``PlatformSender``) and what it runs beside the HTTP
/// server come from those two alone.
package protocol WebhookAndBotPlatform: PlatformModule {
    /// Its bot's sender as `settings` configure it; nil when they configure none (or the
    /// platform has no bot Homeroom speaks for).
    static func botSender(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies) -> (any MessageSender)?
    /// The settings that configure its bot, named when a notification needs the bot and it is missing.
    static var botSetting: String { get }
}

extension WebhookAndBotPlatform {
    package static func botSender(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies)
        -> (any MessageSender)?
    { nil }

    /// Its notifications' sender as `settings` configure it, or nil when they reach no one.
    package static func sender(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies) -> PlatformSender? {
        PlatformSender.make(
            self, settings: settings, dependencies: dependencies,
            bot: botSender(settings, dependencies: dependencies), botSetting: botSetting)
    }

    package static func services(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies)
        -> [PlatformService]
    {
        sender(settings, dependencies: dependencies).map { [$0.service] } ?? []
    }
}
