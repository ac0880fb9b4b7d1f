import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks

/// What a Mattermost sender whose id is unverified may not do: link or unlink accounts. Whoever
/// holds a command token can send any `user_id`, and a link joins roles: a code asked for in an
/// admin's name and typed on the holder's own Slack account (or the other way round) would make
/// that account an admin. So `/link` and `/unlink` are refused unless the admin trusts
/// Mattermost's ids (`webhooks.mattermost.trustUserIDs`), as IRC refuses them to a bare nick.
struct MattermostIdentityRule {
    let dispatcher: Dispatcher

    /// The core's commands that join or split one person's accounts.
    static let identityCommands: Set<String> = ["link", "unlink"]

    /// The refusal for `message`, or nil when its sender is verified or it asks for no such command.
    /// It comes before the bot has answered, so no language is known yet: English.
    func refusal(for message: IncomingMessage) -> String? {
        guard !message.senderIsVerified,
            let recognized = dispatcher.recognizer.recognize(message.text, in: message.conversation),
            let command = dispatcher.catalog.coreCommand(in: recognized.body, among: Self.identityCommands)
        else { return nil }
        let words = Words(.mattermost, .english)
        return words(
            "{command} is off on Mattermost: a slash command cannot prove who sent it, so an admin must set {setting} first",
            ["command": recognized.prefix + command.fullName, "setting": "webhooks.mattermost.trustUserIDs"])
    }
}
