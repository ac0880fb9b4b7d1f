import Foundation
import HomeroomCore

extension CorePlugin {
    /// `/admin web`: a one-time link to the office's web console, for the person who asks, in a
    /// direct message only (a link in a channel could be used by anyone who reads it first).
    var webCommand: Command {
        Command(
            "web", summary: "a one-time link that signs you in to the web console", access: .restricted
        ) { [webConsole] context in
            guard context.arguments.isEmpty else { throw context.usageError() }
            let words = context.words
            guard let webConsole, webConsole.settings.enabled else {
                throw UserFacingError(
                    words("The web console is switched off (webConsole.enabled in the configuration)."))
            }
            guard context.message.conversation.isDirect else {
                throw UserFacingError(
                    words("Ask for the link in a direct message with me: anyone in a channel could use it first."))
            }
            let link = try await webConsole.link(
                for: context.caller.user, verified: context.message.senderIsVerified)
            let minutes = Int(webConsole.settings.linkLifetime.components.seconds / 60)
            return Reply.privately(
                words.plural(
                    "Your sign-in link works once, for {count} minute: {link}",
                    "Your sign-in link works once, for {count} minutes: {link}", count: minutes, ["link": link]))
        }
    }
}
