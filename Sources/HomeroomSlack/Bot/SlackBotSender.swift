import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Logging

/// Slack notifications through the bot token: `chat.postMessage` to channels, and to people
/// through the direct-message channel `conversations.open` gives (remembered in the adapter state).
package struct SlackBotSender: MessageSender {
    package let adapter = WebhookPlatform.slack.rawValue
    let api: SlackWebAPI
    let database: any Database
    let clock: any HomeroomClock
    let adapterStatus: AdapterStatusBoard
    let logger: Logger

    /// The start of the `/healthz` detail while Slack refuses the token.
    static let refusedTokenDetail = "Slack refused the "

    /// The sender for `settings.slack`, or nil without a bot token.
    package init?(settings: WebhookSettings, dependencies: WebhookServer.Dependencies) {
        guard let botToken = settings.slack.botToken else { return nil }
        api = SlackWebAPI(
            baseURL: settings.slack.apiBaseURL, botToken: botToken, appToken: settings.slack.appToken,
            fetcher: dependencies.fetcher, timeout: settings.deliveryTimeout)
        database = dependencies.database
        clock = dependencies.clock
        adapterStatus = dependencies.adapterStatus
        logger = dependencies.logger
    }

    package func send(_ message: OutboxMessage) async throws {
        let text = SlackText.escaping(message.lines.joined(separator: "\n"))
        do throws(SlackAPIFailure) {
            switch message.target {
            case .channel(let channel): _ = try await api.postMessage(channel: channel, text: text)
            case .user(let user): try await sendDirectly(text, to: user)
            }
        } catch {
            if error.refusedToken { adapterStatus.report(adapter, .down, detail: error.description, at: clock.now) }
            throw error.delivery
        }
        if let status = adapterStatus.snapshot[adapter], status.state == .down,
            status.detail.hasPrefix(Self.refusedTokenDetail)
        {
            adapterStatus.report(adapter, .up, detail: "Slack accepts the bot token again", at: clock.now)
        }
    }

    /// Posts `text` to the direct-message channel with `user` (`slack:TEAM:USER`): the one remembered
    /// for them, else a newly opened one, which is remembered. A remembered channel Slack no longer
    /// knows is forgotten and opened again, once.
    func sendDirectly(_ text: String, to user: UserID) async throws(SlackAPIFailure) {
        let parts = user.id.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw SlackAPIFailure(
                DeliveryFailure("Slack cannot reach \(user): a Slack person is slack:TEAM:USER", isPermanent: true))
        }
        let (team, member) = (String(parts[0]), String(parts[1]))
        let state = AdapterState(adapter: adapter, account: team)
        let key = "direct:" + member
        let remembered: String?
        do {
            remembered = try await state.value(for: key, in: database)
        } catch {
            throw SlackAPIFailure(DeliveryFailure("the direct-message channel of \(user) could not be read: \(error)"))
        }
        if let remembered {
            do throws(SlackAPIFailure) {
                _ = try await api.postMessage(channel: remembered, text: text)
                return
            } catch  where error.code == "channel_not_found" {
                logger.info(
                    "Slack no longer knows \(remembered), the direct-message channel of \(user); opening another")
                try? await state.remove(key, in: database)
            }
        }
        let channel = try await api.openDirectMessage(user: member)
        do {
            try await state.set(channel, for: key, about: user, at: clock.now, in: database)
        } catch {
            logger.warning("the direct-message channel of \(user) was not remembered: \(error)")
        }
        _ = try await api.postMessage(channel: channel, text: text)
    }
}
