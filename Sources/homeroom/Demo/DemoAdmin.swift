import HomeroomCore
import HomeroomRuntime

/// Sends the demo's admin commands through the whole bot, as an admin types them in a direct
/// message: the demo loads clubs, events and news the way a school does.
struct DemoAdmin {
    /// The admin the demo acts as; the demo's configuration lists it among the admins.
    static let id = UserID(adapter: "console", id: "demo")

    let runtime: BotRuntime

    /// Sends `text` as `user` (by default the demo's admin, vouched for as the console vouches for
    /// its user) without counting it against the rate limit; throws the answer when it is an error.
    @discardableResult
    func send(_ text: String, as user: UserID = DemoAdmin.id) async throws -> Reply {
        let message = IncomingMessage(
            sender: user, senderIsVerified: user == Self.id, conversation: .direct, text: "/" + text,
            receivedAt: runtime.clock.now)
        let dispatcher = runtime.dispatcher
        guard let recognized = dispatcher.recognizer.recognize(message.text, in: message.conversation),
            let reply = await dispatcher.handle(message, recognized: recognized, countingAgainstRateLimit: false)
        else {
            throw UserFacingError("/\(text) got no answer")
        }
        if reply.isError { throw UserFacingError("/\(text): \(reply.text)") }
        return reply
    }
}
