import Crypto
import Foundation

/// The clients of the JSON API and how each proves who it is: a bearer token
/// (`Authorization: Bearer TOKEN`), or an HMAC signature with a timestamp
/// (`X-Homeroom-Client: NAME`, `X-Homeroom-Timestamp: SECONDS`,
/// `X-Homeroom-Signature: v1=HEX(HMAC-SHA256(secret, "v1:SECONDS:BODY"))`).
struct APICredentials: Sendable {
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

    /// True when `signature` (with its `v1=`) signs `timestamp` and `body` with `client`'s secret.
    func isValid(client: String, signature: String, timestamp: String, body: some Collection<UInt8>) -> Bool {
        guard let key = hmacKeys[client], signature.hasPrefix("v1="),
            let code = HexBytes.decode(signature.dropFirst(3))
        else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(
            code, authenticating: Self.signed(timestamp, body), using: SymmetricKey(data: key))
    }

    /// `v1=HEX` signing `timestamp` and `body` with `client`'s secret; nil for a client without one.
    func signature(client: String, timestamp: String, body: some Collection<UInt8>) -> String? {
        guard let key = hmacKeys[client] else { return nil }
        let code = HMAC<SHA256>.authenticationCode(for: Self.signed(timestamp, body), using: SymmetricKey(data: key))
        return "v1=" + HexBytes.encode(code)
    }

    /// What a signature covers: `v1:TIMESTAMP:BODY`.
    private static func signed(_ timestamp: String, _ body: some Collection<UInt8>) -> [UInt8] {
        var message = Array("v1:\(timestamp):".utf8)
        message.append(contentsOf: body)
        return message
    }
}
