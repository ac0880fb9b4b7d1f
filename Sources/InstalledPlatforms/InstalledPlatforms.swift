import HomeroomDiscord
import HomeroomEmail
import HomeroomGoogleChat
import HomeroomMattermost
import HomeroomMessageAPI
import HomeroomSlack
import HomeroomTeams
import HomeroomTelegram
import HomeroomTexts
import HomeroomWebhooks
import HomeroomWhatsApp

/// The chat platforms this build of `homeroom` serves over HTTP, in the order the `webhooks`
/// section lists them: one list that the executable serves and the tests read. A new platform is
/// a module of its own and one line here.
package let installedPlatforms: [any PlatformModule.Type] = [
    SlackPlatform.self, MattermostPlatform.self, DiscordPlatform.self, TeamsPlatform.self, GoogleChatPlatform.self,
    MessageAPIPlatform.self, TextsPlatform.self, WhatsAppPlatform.self, TelegramPlatform.self, EmailPlatform.self,
]

extension WebhookSettings: Decodable {
    /// The defaults, with every installed platform: listening on 127.0.0.1:8080 with none set up.
    public init() {
        self.init(platforms: installedPlatforms)
    }

    /// Reads the `webhooks` section, with a section for each installed platform.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, platforms: installedPlatforms)
    }
}
