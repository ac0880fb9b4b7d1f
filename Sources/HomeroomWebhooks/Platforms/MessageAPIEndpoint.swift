import Foundation
import HomeroomCore
import Hummingbird

/// `POST /api/v1/messages`: Homeroom's own JSON API for any system that can post JSON (a kiosk,
/// a school portal, a script). `{"user": "alice", "channel": "#lobby", "text": "/lunch"}` →
/// `{"replies": [...], "visibility": "conversation", "error": false}`. The sender is
/// `api:CLIENT:USER`, vouched for by the authenticated client.
struct MessageAPIEndpoint: Sendable {
    struct Request: Decodable {
        let user: String
        let channel: String?
        let text: String
    }

    struct Answer: Encodable {
        let replies: [String]
        let visibility: String?
        let error: Bool
    }

    /// The longest user name and text accepted.
    static let maximumUserLength = 200
    static let maximumTextLength = 4000

    let credentials: APICredentials
    let replays: ReplayGuard
    let gateway: CommandGateway

    func respond(to request: RawRequest) async throws(WebhookRejection) -> Response {
        guard !credentials.isEmpty else { throw .notSetUp("API clients", key: "api.clients") }
        let client = try await authenticate(request)
        let body = try JSONBody.decode(Request.self, from: request.body)
        let user = body.user.trimmingCharacters(in: .whitespaces)
        guard !user.isEmpty, user.count <= Self.maximumUserLength, !user.contains(where: \.isNewline) else {
            throw .badRequest("user must be 1 to \(Self.maximumUserLength) characters on one line")
        }
        guard body.text.count <= Self.maximumTextLength else {
            throw .badRequest("text must be at most \(Self.maximumTextLength) characters")
        }
        let channel = body.channel?.trimmingCharacters(in: .whitespaces)
        let message = IncomingMessage(
            sender: UserID(adapter: WebhookPlatform.api.rawValue, id: "\(client):\(user)"), senderIsVerified: true,
            conversation: channel.flatMap { $0.isEmpty ? nil : .channel($0) } ?? .direct, text: body.text,
            receivedAt: gateway.clock.now)
        let reply = await gateway.dispatcher.handle(message)
        return JSONBody.response(
            Answer(replies: reply?.lines ?? [], visibility: reply?.visibility.rawValue, error: reply?.isError ?? false))
    }

    /// The client's name, from its bearer token or its HMAC signature.
    private func authenticate(_ request: RawRequest) async throws(WebhookRejection) -> String {
        if let authorization = request.header("Authorization") {
            guard let token = BearerToken.read(authorization), let client = credentials.client(bearer: token) else {
                throw .unauthorized("the bearer token does not match a client")
            }
            return client
        }
        if request.header(APICredentials.notificationSignatureHeader) != nil {
            throw .unauthorized("this is a notification Homeroom sent, not a request to it")
        }
        guard let client = request.header("X-Homeroom-Client"), request.header("X-Homeroom-Signature") != nil else {
            throw .unauthorized("send Authorization: Bearer TOKEN, or X-Homeroom-Client, -Timestamp and -Signature")
        }
        try await gateway.checkSignedRequest(
            request, signatureHeader: "X-Homeroom-Signature", timestampHeader: "X-Homeroom-Timestamp", replays: replays,
            platform: "API", decode: APICredentials.code(in:)
        ) { code, timestamp in
            credentials.isValid(client: client, code: code, timestamp: timestamp, body: request.body)
        }
        return client
    }
}
