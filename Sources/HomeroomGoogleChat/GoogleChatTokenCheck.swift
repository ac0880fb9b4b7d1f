import Foundation
import HomeroomCore
import HomeroomWebhooks

/// The bearer token every request from Google Chat carries
/// (https://developers.google.com/workspace/chat/authenticate-authorize-chat-app — "Verify requests
/// from Google Chat"), in the form the app's "Authentication Audience" chose:
/// - Project Number: a JWT issued by `chat@system.gserviceaccount.com` for the project number,
///   signed with the keys Google publishes for that account;
/// - HTTP endpoint URL: a Google ID token (issuer `https://accounts.google.com`) for the endpoint's
///   address, whose `email` is `chat@system.gserviceaccount.com`, verified.
///
/// Google signs no timestamp of its own, no nonce and not the body: the token's `exp` (an hour at
/// most, with the verifier's five minutes of leeway) bounds how long a captured token could be
/// used, and ``GoogleChatEndpoint`` remembers each event it ran until then, so the same event sent
/// again is refused.
struct GoogleChatTokenCheck: Sendable {
    /// The issuer of project-number tokens, and the `email` of endpoint-URL ID tokens.
    static let chatAccount = "chat@system.gserviceaccount.com"
    /// The issuers of Google ID tokens.
    static let idTokenIssuers: Set<String> = ["https://accounts.google.com", "accounts.google.com"]

    let projectNumber: String?
    let chatKeys: SignedTokenVerifier?
    let endpointURL: URL?
    let idTokenKeys: SignedTokenVerifier?

    init(settings: GoogleChatSettings, dependencies: WebhookServer.Dependencies) {
        projectNumber = settings.projectNumber
        endpointURL = settings.endpointURL
        chatKeys = settings.projectNumber.map { _ in
            SignedTokenVerifier(
                source: .jwks(settings.chatKeysURL), fetcher: dependencies.fetcher, clock: dependencies.clock,
                logger: dependencies.logger)
        }
        idTokenKeys = settings.endpointURL.map { _ in
            SignedTokenVerifier(
                source: .jwks(settings.idTokenKeysURL), fetcher: dependencies.fetcher, clock: dependencies.clock,
                logger: dependencies.logger)
        }
    }

    /// A project-number token's claims that are read beyond the checked ones: its expiry.
    private struct ChatClaims: Decodable, Sendable {
        /// Seconds since 1970; present, since the verifier refuses a token without it.
        let exp: Double?
    }

    /// An ID token's claims beyond the registered ones
    /// (https://developers.google.com/identity/openid-connect/openid-connect#an-id-tokens-payload).
    private struct IDTokenClaims: Decodable, Sendable {
        let email: String?
        let emailVerified: Bool
        /// Seconds since 1970; present, since the verifier refuses a token without it.
        let exp: Double?

        enum CodingKeys: String, CodingKey {
            case email, exp
            case emailVerified = "email_verified"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            email = try? container.decodeIfPresent(String.self, forKey: .email)
            exp = try? container.decodeIfPresent(Double.self, forKey: .exp)
            if let flag = try? container.decodeIfPresent(Bool.self, forKey: .emailVerified) {
                emailVerified = flag
            } else {
                emailVerified = (try? container.decodeIfPresent(String.self, forKey: .emailVerified)) == "true"
            }
        }
    }

    /// Throws 401 with a short reason unless `request` carries a valid token from Google Chat;
    /// returns the instant the token expires.
    func check(_ request: RawRequest) async throws(WebhookRejection) -> Date {
        guard let authorization = request.header("Authorization") else {
            throw .unauthorized("the Authorization header is missing")
        }
        guard let token = BearerToken.read(authorization), !token.isEmpty else {
            throw .unauthorized("the Authorization header is not a Bearer token")
        }
        if let projectNumber, let chatKeys, idTokenKeys == nil || Self.claimedIssuer(of: token) == Self.chatAccount {
            let claims = try await chatKeys.verify(
                token, issuers: [Self.chatAccount], audience: projectNumber, as: ChatClaims.self)
            return try Self.expiry(claims.exp)
        }
        guard let endpointURL, let idTokenKeys else { throw .unauthorized("no token form is configured") }
        let claims = try await idTokenKeys.verify(
            token, issuers: Self.idTokenIssuers, audience: endpointURL.absoluteString, as: IDTokenClaims.self)
        guard claims.email == Self.chatAccount, claims.emailVerified else {
            throw .unauthorized("the ID token is not Google Chat's")
        }
        return try Self.expiry(claims.exp)
    }

    /// `exp` as an instant; the verifier already refused a token without one.
    private static func expiry(_ exp: Double?) throws(WebhookRejection) -> Date {
        guard let exp, exp.isFinite else { throw .unauthorized("the token has no expiry") }
        return Date(timeIntervalSince1970: exp)
    }

    /// The `iss` the token claims, before anything is checked: it only picks which form to check
    /// when both are configured.
    private static func claimedIssuer(of token: String) -> String? {
        guard let jwt = try? CompactJWT(token) else { return nil }
        return (try? JSONDecoder().decode(RegisteredClaims.self, from: Data(jwt.payload)))?.iss
    }
}
