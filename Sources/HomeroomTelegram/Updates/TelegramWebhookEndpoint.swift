import Crypto
import HomeroomWebhooks
import Hummingbird

/// `POST /telegram/webhook`: an update Telegram posts in webhook mode
/// (https://core.telegram.org/bots/api#setwebhook), taken only with the secret given to
/// `setWebhook`: "the header “X-Telegram-Bot-Api-Secret-Token” [is sent] in every webhook request",
/// compared in constant time; 401 without it. The update is answered before the response (so that
/// Telegram posts it again when the server could not take it); an update posted again is answered
/// 200 and not handled twice.
struct TelegramWebhookEndpoint: Sendable {
    let secretToken: String
    let handler: TelegramUpdateHandler

    /// The header Telegram sends the secret in.
    static let secretHeader = "X-Telegram-Bot-Api-Secret-Token"

    func respond(to request: RawRequest) async throws(WebhookRejection) -> Response {
        guard let sent = request.header(Self.secretHeader) else {
            throw .unauthorized("the \(Self.secretHeader) header is missing")
        }
        // Hashed first, so that neither the secret's bytes nor its length show in the time taken.
        guard ConstantTime.equal(Self.digest(sent), Self.digest(secretToken))
        else { throw .unauthorized("the \(Self.secretHeader) header does not match webhooks.telegram.secretToken") }
        let update = try JSONBody.decode(TelegramUpdate.self, from: request.body)
        try await handler.handle(update)
        return JSONBody.response(["ok": true])
    }

    /// The SHA-256 of `text`'s bytes.
    private static func digest(_ text: String) -> [UInt8] { Array(SHA256.hash(data: Array(text.utf8))) }
}
