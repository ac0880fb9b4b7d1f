import Foundation
import HomeroomCore

/// The slice of Slack's Web API Homeroom calls, through HomeroomFetch.
package struct SlackWebAPI: Sendable {
    let baseURL: URL
    let botToken: String?
    let appToken: String?
    let fetcher: any HTTPFetching
    let timeout: Duration

    /// A client of the API at `baseURL`, authenticating with the bot token or, for Socket Mode, the app-level token.
    package init(baseURL: URL, botToken: String?, appToken: String?, fetcher: any HTTPFetching, timeout: Duration) {
        self.baseURL = baseURL
        self.botToken = botToken
        self.appToken = appToken
        self.fetcher = fetcher
        self.timeout = timeout
    }

    /// `chat.postMessage` of mrkdwn-escaped `text` to `channel` (an id, or a `#name`), in the thread
    /// of `threadTS` when given; returns the message's `ts`.
    package func postMessage(channel: String, text: String, threadTS: String? = nil) async throws(DeliveryFailure)
        -> String
    {
        throw DeliveryFailure("chat.postMessage is not written yet", isPermanent: true)
    }

    /// `conversations.open` with one user: the id of the bot's direct-message channel with them.
    package func openDirectMessage(user: String) async throws(DeliveryFailure) -> String {
        throw DeliveryFailure("conversations.open is not written yet", isPermanent: true)
    }

    /// `apps.connections.open` with the app-level token: the `wss://` URL of a new Socket Mode connection.
    package func openSocketConnection() async throws(DeliveryFailure) -> URL {
        throw DeliveryFailure("apps.connections.open is not written yet", isPermanent: true)
    }
}
