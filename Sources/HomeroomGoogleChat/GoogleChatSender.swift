import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Logging

/// Google Chat notifications through the Chat API with the service account's token: to spaces,
/// and to a person's direct-message space — the one remembered from their last event there, or
/// the one `spaces.findDirectMessage` finds. The outbox's idempotency key is the request id, so a
/// message sent again is posted once.
package struct GoogleChatSender: MessageSender {
    package let adapter = WebhookPlatform.googlechat.rawValue
    let api: GoogleChatAPI
    let directSpaces: GoogleChatDirectSpaces

    /// The sender for `settings.googleChat`, or nil without a service account key file. The key
    /// file is read once here, so a bad one is logged and shown on `/healthz` at start; each
    /// delivery then gives up naming the setting.
    package init?(settings: WebhookSettings, dependencies: WebhookServer.Dependencies) {
        guard let keyFile = settings.googleChat.serviceAccountKeyFile,
            let api = GoogleChatAPI(
                settings: settings.googleChat, timeout: settings.deliveryTimeout, dependencies: dependencies)
        else { return nil }
        self.api = api
        directSpaces = GoogleChatDirectSpaces(database: dependencies.database)
        do {
            _ = try GoogleServiceAccount.read(file: keyFile)
        } catch {
            dependencies.logger.error("Google Chat notifications cannot be sent: \(error.description)")
            dependencies.adapterStatus.report(adapter, .down, detail: error.description, at: dependencies.clock.now)
        }
    }

    package func send(_ message: OutboxMessage) async throws {
        let text = GoogleChatText.message(Reply(lines: message.lines))
        let requestID = GoogleChatAPI.requestID(for: message.idempotencyKey)
        switch message.target {
        case .channel(let channel):
            guard let space = GoogleChatAPI.spaceName(channel) else {
                throw DeliveryFailure("\(channel) is not a Google Chat space (spaces/NAME)", isPermanent: true)
            }
            guard try await api.createMessage(in: space, text: text, thread: nil, requestID: requestID) else {
                throw DeliveryFailure(
                    "Google Chat has no space \(space) with the app in it; add the app to the space", isPermanent: true)
            }
        case .user(let user):
            let parts = user.id.split(separator: ":", omittingEmptySubsequences: false)
            guard user.adapter == adapter, parts.count == 2, let number = parts.last, !number.isEmpty,
                number.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
            else {
                throw DeliveryFailure(
                    "\(user) is not a Google Chat person (googlechat:DOMAIN:NUMBER)", isPermanent: true)
            }
            let unreachable = DeliveryFailure(
                "Google Chat cannot reach \(user) until they have added the app in a direct message", isPermanent: true)
            if let space = try await directSpaces.space(of: String(number)) {
                if try await api.createMessage(in: space, text: text, thread: nil, requestID: requestID) { return }
                // The app left that space since: look the person's direct message up again.
                try await directSpaces.forget(String(number))
            }
            guard let space = try await api.findDirectMessage(user: String(number)) else { throw unreachable }
            try await directSpaces.remember(space, of: String(number), person: user, at: api.clock.now)
            guard try await api.createMessage(in: space, text: text, thread: nil, requestID: requestID) else {
                throw unreachable
            }
        }
    }
}
