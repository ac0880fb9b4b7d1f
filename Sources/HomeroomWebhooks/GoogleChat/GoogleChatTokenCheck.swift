import Foundation
import HomeroomCore

/// The bearer token every request from Google Chat carries
/// (https://developers.google.com/workspace/chat/authenticate-authorize-chat-app — "Verify requests
/// from Google Chat"), in the form the app's "Authentication Audience" chose:
/// - Project Number: a JWT issued by `chat@system.gserviceaccount.com` for the project number,
///   signed with the keys Google publishes for that account;
/// - HTTP endpoint URL: a Google ID token (issuer `https://accounts.google.com`) for the endpoint's
///   address, whose `email` is `chat@system.gserviceaccount.com`, verified.
///
/// Google signs no timestamp of its own and no nonce: the token's `exp` (an hour at most, with
/// the verifier's five minutes of leeway) bounds how long a captured request could be replayed.
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

    /// A project-number token's claims beyond the registered ones: none are read.
    private struct ChatClaims: Decodable, Sendable {}

    /// An ID token's claims beyond the registered ones
    /// (https://developers.google.com/identity/openid-connect/openid-connect#an-id-tokens-payload).
    private struct IDTokenClaims: Decodable, Sendable {
        let email: String?
        let emailVerified: Bool

        enum CodingKeys: String, CodingKey {
            case email
            case emailVerified = "email_verified"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            email = try? container.decodeIfPresent(String.self, forKey: .email)
            if let flag = try? container.decodeIfPresent(Bool.self, forKey: .emailVerified) {
                emailVerified = flag
            } else {
                emailVerified = (try? container.decodeIfPresent(String.self, forKey: .emailVerified)) == "true"
            }
        }
    }

    /// Throws 401 with a short reason unless `request` carries a valid token from Google Chat.
    func check(_ request: RawRequest) async throws(WebhookRejection) {
        guard let authorization = request.header("Authorization") else {
            throw .unauthorized("the Authorization header is missing")
        }
        guard let token = BearerToken.read(authorization), !token.isEmpty else {
            throw .unauthorized("the Authorization header is not a Bearer token")
        }
        if let projectNumber, let chatKeys, idTokenKeys == nil || Self.claimedIssuer(of: token) == Self.chatAccount {
            _ = try await chatKeys.verify(
                token, issuers: [Self.chatAccount], audience: projectNumber, as: ChatClaims.self)
            return
        }
        guard let endpointURL, let idTokenKeys else { throw .unauthorized("no token form is configured") }
        let claims = try await idTokenKeys.verify(
            token, issuers: Self.idTokenIssuers, audience: endpointURL.absoluteString, as: IDTokenClaims.self)
        guard claims.email == Self.chatAccount, claims.emailVerified else {
            throw .unauthorized("the ID token is not Google Chat's")
        }
    }

    /// The `iss` the token claims, before anything is checked: it only picks which form to check
    /// when both are configured.
    private static func claimedIssuer(of token: String) -> String? {
        guard let jwt = try? CompactJWT(token) else { return nil }
        return (try? JSONDecoder().decode(RegisteredClaims.self, from: Data(jwt.payload)))?.iss
    }
}
