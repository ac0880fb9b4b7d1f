import Crypto
import Foundation
import HomeroomRuntime

extension SynapseServer {
    /// A person registered on the server.
    public struct Account: Sendable {
        /// The Matrix id, `@localpart:server`.
        public let userID: String
        /// The password given at registration.
        public let password: String
        /// An access token of a session of its own.
        public let accessToken: String
    }

    /// Registers `localpart` with the shared-secret registration (Synapse's admin API: a nonce,
    /// then the HMAC-SHA1 of nonce, user, password and admin flag), as an admin of the server when
    /// `admin` is set, and returns the account with a logged-in token.
    public func register(localpart: String, password: String = "correct horse battery", admin: Bool = false)
        async throws -> Account
    {
        let endpoint = url.appendingPathComponent("_synapse/admin/v1/register")
        let nonceAnswer = try await MatrixRequest.send(.GET, endpoint)
        guard let nonce = nonceAnswer.body["nonce"]?.string else {
            throw SynapseError.registrationRefused("no nonce: \(nonceAnswer.status)")
        }
        let message = [nonce, localpart, password, admin ? "admin" : "notadmin"].joined(separator: "\0")
        let mac = HMAC<Insecure.SHA1>.authenticationCode(
            for: Data(message.utf8), using: SymmetricKey(data: Data(Self.registrationSecret.utf8)))
        let body = JSONValue.object([
            "nonce": .string(nonce), "username": .string(localpart), "password": .string(password),
            "admin": .bool(admin), "mac": .string(mac.map { String(format: "%02x", $0) }.joined()),
        ])
        let answer = try await MatrixRequest.send(.POST, endpoint, body: body)
        guard answer.status == 200, let userID = answer.body["user_id"]?.string,
            let token = answer.body["access_token"]?.string
        else {
            throw SynapseError.registrationRefused("\(answer.status) \(answer.body)")
        }
        return Account(userID: userID, password: password, accessToken: token)
    }

    /// Lifts every rate limit for `userID` (Synapse's `override_ratelimit` admin API), asked by
    /// `admin`, so that only the others meet a low limit.
    public func liftRateLimits(for userID: String, asking admin: Account) async throws {
        let endpoint = url.appendingPathComponent("_synapse/admin/v1/users").appendingPathComponent(userID)
            .appendingPathComponent("override_ratelimit")
        let body = JSONValue.object(["messages_per_second": .number(0), "burst_count": .number(0)])
        let answer = try await MatrixRequest.send(.POST, endpoint, token: admin.accessToken, body: body)
        guard answer.status == 200 else { throw MatrixStudent.RequestError(answer) }
    }

    /// Registers `localpart` (see ``register(localpart:password:admin:)``) and returns a client of
    /// theirs on this server.
    public func student(_ localpart: String, admin: Bool = false) async throws -> MatrixStudent {
        MatrixStudent(homeserver: url, account: try await register(localpart: localpart, admin: admin))
    }
}
