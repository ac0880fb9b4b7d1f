import HomeroomCore
import HomeroomEngine

/// Delivers Telegram notifications from the outbox (subscriptions, circle posts, answers Telegram
/// could not take at once): to a person's private chat (`telegram:<user id>`, whose chat id is the
/// user id) or to a group (`telegram:<chat id>`), in HTML, paced to Telegram's limits. Flood
/// control (429) and Telegram's own trouble are retried by the outbox after `retry_after`; a chat
/// the bot may not write to (403) or that does not exist (400) is given up.
struct TelegramSender: MessageSender {
    let adapter = TelegramPlatform.platform.rawValue
    let api: TelegramBotAPI
    let pacer: TelegramPacer

    func send(_ message: OutboxMessage) async throws {
        guard let chat = TelegramPlatform.chat(for: message.target) else {
            throw DeliveryFailure(
                "Telegram notifications go to telegram:<user id> or a group telegram:<chat id>, not to \(message.target)",
                isPermanent: true)
        }
        try await pacer.waitToSend(to: chat.id, isGroup: chat.isGroup)
        do {
            try await api.sendMessage(TelegramHTML.message(message.lines), to: chat.id)
        } catch {
            throw DeliveryFailure(
                error.description, retryAfter: error.retryAfter.map(Double.init), isPermanent: !error.isWorthRetrying)
        }
    }
}
