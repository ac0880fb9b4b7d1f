import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import JWTKit

/// A Google Cloud service account, as its JSON key file describes it (IAM → Service accounts →
/// Keys → Add key → JSON), and the signed assertion it trades for an access token
/// (https://developers.google.com/identity/protocols/oauth2/service-account#httprest —
/// "Preparing to make an authorized API call", "Creating a JWT").
struct GoogleServiceAccount: Sendable {
    /// The configuration key that names the file, in every error about it.
    static let setting = "webhooks.googleChat.serviceAccountKeyFile"
    /// The largest key file read; Google's are about 2.3 KB.
    static let maximumFileBytes = 65_536
    /// How long an assertion is valid: Google accepts at most an hour.
    static let assertionLifetime: TimeInterval = 3600

    /// `client_email`: the assertion's issuer.
    let clientEmail: String
    /// `private_key_id`: named in the assertion's header, when the file gives it.
    let privateKeyID: String?
    /// `token_uri`: where the assertion is traded, and its audience.
    let tokenURL: URL
    /// `private_key`, which signs the assertion.
    let privateKey: Insecure.RSA.PrivateKey

    /// The fields of the key file Homeroom reads.
    private struct KeyFile: Decodable {
        let clientEmail: String?
        let privateKey: String?
        let privateKeyID: String?
        let tokenURI: String?

        enum CodingKeys: String, CodingKey {
            case clientEmail = "client_email"
            case privateKey = "private_key"
            case privateKeyID = "private_key_id"
            case tokenURI = "token_uri"
        }
    }

    /// Reads the key file at `path`; the error names ``setting``, the file and what is wrong with it.
    static func read(file path: String) throws(DeliveryFailure) -> GoogleServiceAccount {
        func problem(_ what: String) -> DeliveryFailure {
            DeliveryFailure("\(setting): \(path) \(what)", isPermanent: true)
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw problem("does not exist: download the service account's JSON key there")
        }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: maximumFileBytes + 1) ?? Data()
        } catch {
            throw problem("cannot be read (check its permissions)")
        }
        guard data.count <= maximumFileBytes else {
            throw problem("is larger than a service account key (\(maximumFileBytes) bytes)")
        }
        guard let file = try? JSONDecoder().decode(KeyFile.self, from: data) else {
            throw problem("is not a service account JSON key file")
        }
        guard let clientEmail = file.clientEmail, !clientEmail.isEmpty else {
            throw problem("has no client_email: download a JSON key of the service account")
        }
        guard let pem = file.privateKey, !pem.isEmpty else {
            throw problem("has no private_key: download a JSON key of the service account")
        }
        guard let text = file.tokenURI, let tokenURL = URL(string: text), tokenURL.isWebAddress else {
            throw problem("has no token_uri with an http or https address")
        }
        let key: Insecure.RSA.PrivateKey
        do {
            key = try Insecure.RSA.PrivateKey(pem: pem)
        } catch {
            throw problem("has a private_key that is not an RSA private key in PEM form")
        }
        return GoogleServiceAccount(
            clientEmail: clientEmail, privateKeyID: file.privateKeyID, tokenURL: tokenURL, privateKey: key)
    }

    /// The claims of an assertion
    /// (https://developers.google.com/identity/protocols/oauth2/service-account#jwt-claimset — "JWT claim set").
    struct Assertion: JWTPayload {
        let iss: String
        let scope: String
        let aud: String
        let iat: Int64
        let exp: Int64

        /// Homeroom signs assertions and never reads one back.
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// An RS256 assertion for `scope`, issued at `now` and valid for an hour.
    func assertion(scope: String, now: Date) async throws(DeliveryFailure) -> String {
        let seconds = now.timeIntervalSince1970
        let issuedAt = seconds.isFinite ? Int64(clamping: Int(exactly: seconds.rounded(.down)) ?? 0) : 0
        let claims = Assertion(
            iss: clientEmail, scope: scope, aud: tokenURL.absoluteString, iat: issuedAt,
            exp: issuedAt.addingReportingOverflow(Int64(Self.assertionLifetime)).partialValue)
        let kid = privateKeyID.map { JWKIdentifier(string: $0) }
        let keys = JWTKeyCollection()
        await keys.add(rsa: privateKey, digestAlgorithm: .sha256, kid: kid)
        do {
            return try await keys.sign(claims, kid: kid)
        } catch {
            throw DeliveryFailure("\(Self.setting): the assertion could not be signed: \(error)", isPermanent: true)
        }
    }
}
