import Foundation
import HomeroomTelegram

/// libFuzzer entry: what Telegram sends. The bytes are read as a webhook update, as a getUpdates
/// answer and as a sendMessage refusal, as the bot reads them; each message is then addressed as
/// in a private chat and a group, and its text cut and escaped for an answer.
@_cdecl("LLVMFuzzerTestOneInput")
func telegramFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var messages: [TelegramMessage] = []
    if let update = try? JSONDecoder().decode(TelegramUpdate.self, from: Data(bytes)), let message = update.message {
        messages.append(message)
    }
    if case .success(let batch) = TelegramAnswer<TelegramUpdateBatch>.read(status: 200, body: bytes) {
        precondition(batch.updates.count <= TelegramUpdateBatch.maximumUpdates)
        messages += batch.updates.compactMap(\.message)
    }
    if case .failure(let error) = TelegramAnswer<Bool>.read(status: 429, body: bytes), let wait = error.retryAfter {
        precondition((1...3600).contains(wait), "retry_after out of bounds: \(wait)")
    }
    let addressing = TelegramAddressing(botUsername: "SchoolBot", botName: "homeroom", prefix: "/")
    for message in messages {
        precondition(message.entities.count <= 100)
        for kind in [TelegramChat.Kind.private, .group, .supergroup, .channel] {
            let seen = TelegramMessage(
                messageID: message.messageID, from: message.from, chat: TelegramChat(id: message.chat.id, kind: kind),
                text: message.text, entities: message.entities)
            if let text = addressing.text(of: seen) {
                precondition(kind != .channel, "a channel post was answered")
                _ = TelegramHTML.message([text])
            }
        }
        if let text = message.text {
            let html = TelegramHTML.message([text, text])
            precondition(!html.contains("<") && !html.contains(">"), "markup left in an answer")
        }
    }
    return 0
}
