import Foundation
import HomeroomCore
import HomeroomWebhooks
import Hummingbird

/// `POST /api/v1/messages`: Homeroom's own JSON API for any system that can post JSON (a kiosk,
/// a school portal, a script). `{"user": "alice", "channel": "#lobby", "text": "/lunch"}` →
/// `{"replies": [...], "visibility": "conversation", "error": false}`. The sender is
/// `api:CLIENT:USER`, vouched for by the authenticated client, and the channel `CLIENT:#lobby`,
/// which the answers call `#lobby`, as the client does.
struct MessageAPIEndpoint: Sendable {
    struct Request: Decodable {
        let user: String
        let channel: String?
        let text: String

        /// The request in `body`: read directly in its common form (plain strings), otherwise by
        /// `JSONDecoder`, whose error for a malformed body is the answer.
        static func read(_ body: [UInt8]) throws(WebhookRejection) -> Request {
            if let members = PlainJSONObject.members(of: body), let user = members["user"], let text = members["text"] {
                return Request(user: user, channel: members["channel"], text: text)
            }
            return try JSONBody.decode(Request.self, from: body)
        }
    }

    /// The answer: `{"error": false, "replies": […], "visibility": "conversation"}`, the keys sorted
    /// and `visibility` left out when there is no reply.
    struct Answer {
        let replies: [String]
        let visibility: String?
        let error: Bool

        var json: [UInt8] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(replies.reduce(64) { $0 + $1.utf8.count + 3 })
            bytes += error ? #"{"error":true,"replies":["#.utf8 : #"{"error":false,"replies":["#.utf8
            for (index, reply) in replies.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONBody.appendString(reply, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
            if let visibility {
                bytes += #","visibility":"#.utf8
                JSONBody.appendString(visibility, to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
            return bytes
        }
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
        let body = try Request.read(request.body)
        let user = body.user.trimmingSpaces()
        guard !user.isEmpty, Self.fits(user, Self.maximumUserLength), !user.contains(where: \.isNewline) else {
            throw .badRequest("user must be 1 to \(Self.maximumUserLength) characters on one line")
        }
        guard Self.fits(body.text, Self.maximumTextLength) else {
            throw .badRequest("text must be at most \(Self.maximumTextLength) characters")
        }
        // A channel is the client's own: another client's `#lobby` is another channel.
        let channel = body.channel.map { $0.trimmingSpaces() }.flatMap { $0.isEmpty ? nil : $0 }
        let owned = channel.map { APINotificationSender.channel($0, of: client) }
        let message = IncomingMessage(
            sender: UserID(adapter: WebhookPlatform.api.rawValue, id: "\(client):\(user)"), senderIsVerified: true,
            conversation: owned.map { .channel($0) } ?? .direct, text: body.text, receivedAt: gateway.clock.now)
        let reply = await gateway.reply(to: message)
        // The client knows its channel as it named it (`#lobby`), not as Homeroom keeps it.
        let lines = (reply?.lines ?? []).map { line in
            guard let owned, let channel else { return line }
            return line.replacingOccurrences(of: owned, with: channel)
        }
        let answer = Answer(replies: lines, visibility: reply?.visibility.rawValue, error: reply?.isError ?? false)
        return JSONBody.response(bytes: answer.json)
    }

    /// True when `text` has at most `limit` characters; its UTF-8 length, never smaller, settles most.
    private static func fits(_ text: String, _ limit: Int) -> Bool {
        text.utf8.count <= limit || text.count <= limit
    }

    /// The client's name, from its bearer token or its HMAC signature.
    func authenticate(_ request: RawRequest) async throws(WebhookRejection) -> String {
        if let authorization = request.headers[.authorization] {
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
