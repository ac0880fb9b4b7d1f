import AsyncHTTPClient
import Foundation
import HomeroomWhatsApp
import NIOCore

extension WhatsAppCloudAPIServer {
    /// Posts a text message `body` from `from` (E.164) to the application's webhook at `url`, as
    /// Meta does when a person writes to the business number: the payload of the "Webhooks —
    /// messages" reference (`object`, `entry[].changes[].value` with `metadata`, `contacts` and
    /// `messages[]` of `from`, `id`, `timestamp`, `type`, `text.body`), signed with
    /// `X-Hub-Signature-256` over the body with the app secret. The person's window opens at the
    /// clock's date. Returns the answer and the message's id (`messageID`, else a new one).
    @discardableResult
    public func postText(
        _ body: String, from: String, to url: URL, messageID: String? = nil, tamper: NotificationTamper? = nil
    ) async throws -> (answer: WebhookAnswer, messageID: String) {
        let digits = String(from.drop { $0 == "+" })
        let id = messageID ?? "wamid." + Data(UUID().uuidString.utf8).base64EncodedString()
        let now = shared.clock.now
        shared.state.withLock { state in state.lastInbound[digits] = max(state.lastInbound[digits] ?? now, now) }
        let value: [String: Any] = [
            "messaging_product": "whatsapp",
            "metadata": ["display_phone_number": Self.displayPhoneNumber, "phone_number_id": phoneNumberID],
            "contacts": [["profile": ["name": "Parent"], "wa_id": digits]],
            "messages": [
                [
                    "from": digits, "id": id, "timestamp": String(Int64(now.timeIntervalSince1970)), "type": "text",
                    "text": ["body": body],
                ]
            ],
        ]
        return (try await postNotification(changes: [value], to: url, tamper: tamper), id)
    }

    /// Posts the status `stage` (`sent`, `delivered`, `read`, `failed`) of the sent message `id` to
    /// `recipient` (digits), with `errorCode` for a failure ("Webhooks — messages", `statuses[]`).
    @discardableResult
    public func postStatus(
        _ stage: String, of id: String, recipient: String, errorCode: Int? = nil, to url: URL
    ) async throws -> WebhookAnswer {
        var status: [String: Any] = [
            "id": id, "status": stage, "timestamp": String(Int64(shared.clock.now.timeIntervalSince1970)),
            "recipient_id": recipient,
        ]
        if let errorCode {
            status["errors"] = [["code": errorCode, "title": "Message failed", "message": "Message failed"]]
        }
        let value: [String: Any] = [
            "messaging_product": "whatsapp",
            "metadata": ["display_phone_number": Self.displayPhoneNumber, "phone_number_id": phoneNumberID],
            "statuses": [status],
        ]
        return try await postNotification(changes: [value], to: url)
    }

    /// Posts a notification whose one entry has `changes` (each a change's `value`, field `messages`).
    public func postNotification(changes: [[String: Any]], to url: URL, tamper: NotificationTamper? = nil)
        async throws -> WebhookAnswer
    {
        let payload: [String: Any] = [
            "object": "whatsapp_business_account",
            "entry": [
                ["id": Self.businessAccountID, "changes": changes.map { ["value": $0, "field": "messages"] }]
            ],
        ]
        let body = Array(try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys]))
        return try await post(body, to: url, tamper: tamper)
    }

    /// Posts `body` to `url`, signed as Meta signs it ("Webhooks — Getting started: Validate
    /// payloads": `X-Hub-Signature-256: sha256=` and the HMAC-SHA256 of the body keyed by the app
    /// secret), spoiled as `tamper` says.
    public func post(_ body: [UInt8], to url: URL, tamper: NotificationTamper? = nil) async throws -> WebhookAnswer {
        let signature = WhatsAppSignature.header(
            for: body, appSecret: tamper == .wrongSecret ? shared.appSecret + "0" : shared.appSecret)
        var sent = body
        if tamper == .bodyChangedAfterSigning { sent.append(UInt8(ascii: " ")) }
        var request = HTTPClientRequest(url: try Self.loopback(url))
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        if tamper != .noSignatureHeader { request.headers.add(name: "X-Hub-Signature-256", value: signature) }
        request.body = .bytes(ByteBuffer(bytes: sent))
        return try await Self.send(request)
    }

    /// Makes Meta's verification request to `url` ("Webhooks — Getting started: Verification
    /// requests"): `GET` with `hub.mode`, `hub.verify_token` and `hub.challenge`.
    public func verify(_ url: URL, token: String, challenge: String, mode: String = "subscribe") async throws
        -> WebhookAnswer
    {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "hub.mode", value: mode), URLQueryItem(name: "hub.verify_token", value: token),
            URLQueryItem(name: "hub.challenge", value: challenge),
        ]
        guard let address = components?.url else { throw WhatsAppCloudAPIServerError.notLoopback(url.absoluteString) }
        return try await Self.send(HTTPClientRequest(url: try Self.loopback(address)))
    }

    private var phoneNumberID: String { shared.state.withLock { $0.phoneNumberID } }

    /// `url` as text, when it is on this machine; the fake posts nowhere else.
    private static func loopback(_ url: URL) throws -> String {
        guard TwilioWebhookPost.isLoopback(url.absoluteString) else {
            throw WhatsAppCloudAPIServerError.notLoopback(url.absoluteString)
        }
        return url.absoluteString
    }

    private static func send(_ request: HTTPClientRequest) async throws -> WebhookAnswer {
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1_048_576)
        return WebhookAnswer(
            status: Int(response.status.code), contentType: response.headers.first(name: "Content-Type"),
            body: String(buffer: body))
    }
}

/// Why ``WhatsAppCloudAPIServer`` did not make a request.
public enum WhatsAppCloudAPIServerError: Error, CustomStringConvertible {
    /// The URL is not on this machine; the fake posts to loopback addresses only.
    case notLoopback(String)

    public var description: String {
        switch self {
        case .notLoopback(let url): "the WhatsApp fake posts to loopback addresses only, not \(url)"
        }
    }
}
