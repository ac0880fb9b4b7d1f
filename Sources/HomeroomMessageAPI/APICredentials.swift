import Crypto
import Foundation
import HomeroomCore
import HomeroomWebhooks

/// The clients of the JSON API and how each proves who it is: a bearer token
/// (`Authorization: Bearer TOKEN`), or an HMAC signature with a timestamp
/// (`X-Homeroom-Client: NAME`, `X-Homeroom-Timestamp: SECONDS`,
/// `X-Homeroom-Signature: v1=HEX(HMAC-SHA256(secret, "v1:SECONDS:BODY"))`).
///
/// Notifications Homeroom posts to a client are signed with the same secret in another scheme
/// (``notificationSignature(client:timestamp:body:)``), so that a captured notification posted
/// back to the API is not a signed request.
struct APICredentials: Sendable {
    /// The header a notification's signature travels in.
    static let notificationSignatureHeader = "X-Homeroom-Notification-Signature"

    private let tokens: TokenList
    /// Each client's HMAC secret (`SymmetricKey` is not `Sendable`; a key is made for each check).
    private let hmacKeys: [String: [UInt8]]

    init(_ settings: APISettings) {
        tokens = TokenList(settings.clients.compactMap { name, client in client.token.map { (name, $0) } })
        hmacKeys = settings.clients.compactMap { name, client in
            client.hmacSecret.map { (name, Array($0.utf8)) }
        }.reduce(into: [:]) { $0[$1.0] = $1.1 }
    }

    /// True when no client is configured (the API is off).
    var isEmpty: Bool { tokens.isEmpty && hmacKeys.isEmpty }

    /// The client whose bearer token this is.
    func client(bearer token: String) -> String? { tokens.owner(of: token) }

    /// The HMAC an `X-Homeroom-Signature` header names (`v1=` and hex digits in either case), or nil.
    static func code(in header: String) -> [UInt8]? { HexBytes.decode(header, after: "v1=") }

    /// True when `code` signs a request's `timestamp` and `body` with `client`'s secret.
    func isValid(client: String, code: [UInt8], timestamp: String, body: some Collection<UInt8>) -> Bool {
        guard let key = hmacKeys[client] else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(
            code, authenticating: Self.signed(Self.requestScheme, timestamp, body), using: SymmetricKey(data: key))
    }

    /// `v1=HEX` signing a notification's `timestamp` and `body` with `client`'s secret, over
    /// `homeroom-notification:v1:TIMESTAMP:BODY`; nil for a client without a secret.
    func notificationSignature(client: String, timestamp: String, body: some Collection<UInt8>) -> String? {
        guard let key = hmacKeys[client] else { return nil }
        let code = HMAC<SHA256>.authenticationCode(
            for: Self.signed(Self.notificationScheme, timestamp, body), using: SymmetricKey(data: key))
        return "v1=" + HexBytes.encode(code)
    }

    /// What starts the signed text of a client's request, and of a notification to a client.
    private static let requestScheme = "v1"
    private static let notificationScheme = "homeroom-notification:v1"

    /// What a signature covers: `SCHEME:TIMESTAMP:BODY`.
    private static func signed(_ scheme: String, _ timestamp: String, _ body: some Collection<UInt8>) -> [UInt8] {
        var message = Array("\(scheme):\(timestamp):".utf8)
        message.append(contentsOf: body)
        return message
    }
}
