import Foundation
import HomeroomCore
import HomeroomWebhooks
import Hummingbird

/// `POST /api/v1/announcements`: an announcement from a program (the school's portal, its
/// emergency system), as `/announce` takes it, without writing the command's quotes:
/// `{"user": "office", "audience": "grade 9", "text": "No school tomorrow.", "urgent": false,
/// "at": "2026-12-01 07:00", "translations": {"es": "Mañana no hay clases."}}`. It runs as
/// `api:CLIENT:USER`, whose roles decide what it may send, and answers as `/api/v1/messages` does.
struct AnnouncementAPIEndpoint: Sendable {
    struct Request: Decodable {
        let user: String
        let audience: String
        let text: String
        let urgent: Bool?
        let at: String?
        let translations: [String: String]?
    }

    /// The most translations one request carries.
    static let maximumTranslations = 20

    let messages: MessageAPIEndpoint

    func respond(to request: RawRequest) async throws(WebhookRejection) -> Response {
        guard !messages.credentials.isEmpty else { throw .notSetUp("API clients", key: "api.clients") }
        let client = try await messages.authenticate(request)
        let body = try JSONBody.decode(Request.self, from: request.body)
        let user = body.user.trimmingSpaces()
        guard !user.isEmpty, user.count <= MessageAPIEndpoint.maximumUserLength, !user.contains(where: \.isNewline)
        else {
            throw .badRequest("user must be 1 to \(MessageAPIEndpoint.maximumUserLength) characters on one line")
        }
        let translations = body.translations ?? [:]
        guard translations.count <= Self.maximumTranslations else {
            throw .badRequest("at most \(Self.maximumTranslations) translations")
        }
        let audience = body.audience.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !audience.isEmpty, audience.count <= 60 else { throw .badRequest("audience names whom it is for") }
        var words = (body.urgent == true ? ["urgent"] : []) + audience + [ArgumentTokenizer.quoted(body.text)]
        if let at = body.at { words += ["at"] + at.split(whereSeparator: \.isWhitespace).map(String.init) }
        for (code, text) in translations.sorted(by: { $0.key < $1.key }) {
            words += [ArgumentTokenizer.quoted(code), ArgumentTokenizer.quoted(text)]
        }
        let arguments = words.joined(separator: " ")
        guard arguments.utf8.count <= 64 * 1024 else { throw .badRequest("the announcement is too long") }
        let message = IncomingMessage(
            sender: UserID(adapter: WebhookPlatform.api.rawValue, id: "\(client):\(user)"), senderIsVerified: true,
            conversation: .direct, text: "/announce " + arguments,
            command: PlatformCommand(name: "announce", arguments: arguments), receivedAt: messages.gateway.clock.now)
        let reply = await messages.gateway.reply(to: message)
        let answer = MessageAPIEndpoint.Answer(
            replies: reply?.lines ?? [], visibility: reply?.visibility.rawValue, error: reply?.isError ?? true)
        return JSONBody.response(bytes: answer.json)
    }
}
