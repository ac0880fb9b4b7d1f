import Foundation
import HomeroomTesting
import Synchronization
import _CryptoExtras

/// A loopback publisher of test signing keys (RSA 2048, ``TestRSAKeys``) as a JWK set and as OpenID
/// metadata, which signs tokens for tests. Its keys may carry the Bot Framework's `endorsements`.
public final class TestTokenIssuer: Sendable {
    /// One signing key and the id it is published under.
    private struct SigningKey: Sendable {
        let id: String
        let key: _RSA.Signing.PrivateKey
        /// The channels it may sign for, published beside it; nil: none published.
        let endorsements: [String]?

        static func generate(number: Int, endorsements: [String]?) throws -> SigningKey {
            SigningKey(id: "test-key-\(number)", key: try TestRSAKeys.key(number), endorsements: endorsements)
        }

        /// Its public half as a JWK (RFC 7518 §6.3.1) without `alg`, as Microsoft publishes its keys, with
        /// its `endorsements` when it has them.
        /// https://learn.microsoft.com/en-us/azure/bot-service/rest-api/bot-framework-rest-connector-authentication
        /// — "Step 3: Get the list of valid signing keys"
        var jwk: [String: any Sendable] {
            let primitives = try? key.publicKey.getKeyPrimitives()
            var jwk: [String: any Sendable] = [
                "kty": "RSA", "use": "sig", "kid": id,
                "n": TestTokenIssuer.base64URL(primitives?.modulus ?? Data()),
                "e": TestTokenIssuer.base64URL(primitives?.publicExponent ?? Data()),
            ]
            if let endorsements { jwk["endorsements"] = endorsements }
            return jwk
        }
    }

    private let server: LoopbackHTTPServer
    /// The published keys, the newest last; tokens are signed with the newest.
    private let keys: Mutex<[SigningKey]>
    /// A key nobody published.
    private let stranger: SigningKey
    /// The endorsements new keys are published with unless told otherwise.
    private let endorsements: [String]?

    private init(server: LoopbackHTTPServer, key: SigningKey, stranger: SigningKey, endorsements: [String]?) {
        self.server = server
        self.keys = Mutex([key])
        self.stranger = stranger
        self.endorsements = endorsements
    }

    /// Starts the publisher on a free loopback port with one fresh key, published with `endorsements`
    /// (none unless given).
    public static func start(endorsements: [String]? = nil) async throws -> TestTokenIssuer {
        let server = try await LoopbackHTTPServer.start()
        let issuer = TestTokenIssuer(
            server: server, key: try .generate(number: 1, endorsements: endorsements),
            stranger: try .generate(number: 0, endorsements: endorsements), endorsements: endorsements)
        // https://openid.net/specs/openid-connect-discovery-1_0.html — "3. OpenID Provider Metadata"
        let metadata: [String: any Sendable] = [
            "issuer": server.url("").absoluteString,
            "jwks_uri": issuer.keysURL.absoluteString,
            "id_token_signing_alg_values_supported": ["RS256"],
        ]
        server.serve(
            "/.well-known/openid-configuration",
            .text(String(decoding: json(metadata), as: UTF8.self), contentType: "application/json"))
        issuer.publish()
        return issuer
    }

    /// The JWK set (RFC 7517 §5).
    public var keysURL: URL { server.url("/keys") }

    /// OpenID metadata whose `jwks_uri` is ``keysURL``.
    public var openIDMetadataURL: URL { server.url("/.well-known/openid-configuration") }

    /// How many times the key set was fetched.
    public var keySetFetches: Int { server.requests.filter { $0.path == "/keys" }.count }

    /// A compact RS256 JWT of `claims` (the test gives the standard ones: iss, aud, exp, nbf, iat),
    /// signed with the newest published key; `keyID` overrides the header's `kid`, and
    /// `signedByStranger` signs with a key that was never published (under the newest key's id).
    public func token(claims: [String: any Sendable], keyID: String? = nil, signedByStranger: Bool = false) -> String {
        let newest = keys.withLock { $0[$0.count - 1] }
        let header: [String: any Sendable] = ["alg": "RS256", "typ": "JWT", "kid": keyID ?? newest.id]
        let signingInput = Self.base64URL(Data(json(header))) + "." + Self.base64URL(Data(json(claims)))
        let signer = signedByStranger ? stranger.key : newest.key
        let signature =
            (try? signer.signature(for: Data(signingInput.utf8), padding: .insecurePKCS1v1_5).rawRepresentation)
            ?? Data()
        return signingInput + "." + Self.base64URL(signature)
    }

    /// The id of the key tokens are signed with now.
    public var currentKeyID: String { keys.withLock { $0[$0.count - 1].id } }

    /// Publishes a new key beside the old one, with `endorsements` (the issuer's unless given); tokens
    /// are signed with the new key from now on.
    public func rotateKey(endorsements: [String]? = nil) {
        keys.withLock { keys in
            if let key = try? SigningKey.generate(
                number: keys.count + 1, endorsements: endorsements ?? self.endorsements)
            {
                keys.append(key)
            }
        }
        publish()
    }

    /// Answers requests for the key set with 503 from now on, as a publisher that is down.
    public func failKeySet() {
        server.serve("/keys", .init(status: 503))
    }

    /// Stops the publisher.
    public func stop() async {
        await server.stop()
    }

    private func publish() {
        let set: [String: any Sendable] = ["keys": keys.withLock { $0.map(\.jwk) }]
        server.serve("/keys", .text(String(decoding: json(set), as: UTF8.self), contentType: "application/json"))
    }

    /// Base64url without padding (RFC 7515 §2).
    public static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

/// `value` (JSON objects, arrays, strings, numbers, booleans) as JSON with sorted keys.
private func json(_ value: [String: any Sendable]) -> [UInt8] {
    Array((try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data("{}".utf8))
}
