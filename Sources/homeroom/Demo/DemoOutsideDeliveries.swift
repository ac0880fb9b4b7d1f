import HomeroomIRC
import HomeroomMessageAPI
import HomeroomRuntime
import HomeroomWebhooks
import InstalledPlatforms

/// What a school's configuration reaches other machines with, which the demo switches off (see
/// ``HomeroomConfiguration/demo(in:bellSchedule:)``), named for the startup line.
enum DemoOutsideDeliveries {
    /// `IRC`, `chat platforms` and `API notify URLs`: those `configuration` switches on.
    static func names(in configuration: ResolvedConfiguration) throws(ConfigurationError) -> [String] {
        let irc = try configuration.decodeSection(configuration.configuration.irc, key: "irc", as: IRCSettings.self)
        let webhooks = try configuration.decodeSection(
            configuration.configuration.webhooks, key: "webhooks", as: WebhookSettings.self)
        var names: [String] = []
        if !irc.networks.isEmpty { names.append("IRC") }
        guard webhooks.enabled else { return names }
        if !webhooks.incomingWebhooks.isEmpty || !webhooks.platformsTakingCommands.isEmpty {
            names.append("chat platforms")
        }
        if webhooks.api.clients.values.contains(where: { $0.notifyURL != nil }) { names.append("API notify URLs") }
        return names
    }
}
