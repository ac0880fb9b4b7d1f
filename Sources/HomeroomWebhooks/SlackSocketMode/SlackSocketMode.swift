import Foundation
import HomeroomCore
import ServiceLifecycle

/// Slack Socket Mode: the connection the bot opens to Slack, over which slash commands, mentions
/// and direct messages arrive. It is the duty `slack-socket:APP` of whichever instance holds it.
package struct SlackSocketMode: Service {
    let settings: WebhookSettings
    let dependencies: WebhookServer.Dependencies

    /// The connection `settings.slack` asks for, or nil without an app-level token.
    package init?(settings: WebhookSettings, dependencies: WebhookServer.Dependencies) {
        guard settings.slack.appToken != nil else { return nil }
        self.settings = settings
        self.dependencies = dependencies
    }

    package func run() async throws {
        try await gracefulShutdown()
    }
}
