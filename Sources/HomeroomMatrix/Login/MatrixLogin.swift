import Foundation
import HomeroomCore
import HomeroomEngine

/// How one account logs in: with its configured access token; else with the session a password
/// login stored before (`session` in its ``AdapterState``); else, or when that token is refused,
/// with its password, storing the session it gives.
///
/// A token must belong to the configured ``MatrixAccountSettings/userID``: the bot never serves
/// under another account than the one named in the configuration.
package struct MatrixLogin: Sendable {
    let account: MatrixAccountSettings
    /// The homeserver's client, without a token.
    let client: MatrixClient
    let clock: any HomeroomClock

    /// The login of `account` through `client` (its token, if any, is not used).
    package init(account: MatrixAccountSettings, client: MatrixClient, clock: any HomeroomClock) {
        self.account = account
        self.client = client
        self.clock = clock
    }

    /// The key of the stored session.
    static let sessionKey = "session"

    var state: AdapterState { AdapterState(adapter: "matrix", account: account.name) }

    /// Logs in once and returns the credentials to serve with; a password login's session is
    /// stored through `database` (the account's hold). Throws ``MatrixLoginFailure``.
    package func logIn(database: any Database) async throws(MatrixLoginFailure) -> MatrixCredentials {
        if let token = account.accessToken {
            do {
                return try await check(token: token, deviceID: nil)
            } catch let error as MatrixAPIError where error.isUnknownToken && account.password != nil {
                // Revoked: the password logs in instead.
            } catch let error as MatrixAPIError where error.isUnknownToken {
                throw MatrixLoginFailure("the homeserver refused the access token of \(account.userID)")
            } catch {
                throw failure(error)
            }
        }
        do {
            if let stored = try await storedSession(database: database) {
                do {
                    return try await check(token: stored.accessToken, deviceID: stored.deviceID)
                } catch let error as MatrixAPIError where error.isUnknownToken {
                    try await state.remove(Self.sessionKey, in: database)
                }
            }
        } catch {
            throw failure(error)
        }
        guard let password = account.password else {
            throw MatrixLoginFailure("no password to log \(account.userID) in with")
        }
        let credentials: MatrixCredentials
        do {
            credentials = try await client.login(
                user: account.userID, password: password, deviceName: account.deviceName)
        } catch let error where error.kind == .refused(status: 403, errcode: "M_FORBIDDEN") {
            throw MatrixLoginFailure("the homeserver refused the password for \(account.userID)")
        } catch {
            throw failure(error)
        }
        guard Self.sameUser(credentials.userID, account.userID) else {
            throw MatrixLoginFailure("the password logged in as \(credentials.userID), not \(account.userID)")
        }
        do {
            let json = String(decoding: try JSONEncoder().encode(credentials), as: UTF8.self)
            try await state.set(json, for: Self.sessionKey, at: clock.now, in: database)
        } catch {
            throw failure(error)
        }
        return credentials
    }

    /// Forgets the stored session (its token was refused): the next login uses the password.
    package func forgetStoredSession(database: any Database) async throws {
        try await state.remove(Self.sessionKey, in: database)
    }

    /// The session a password login stored, or nil; an unreadable one is forgotten.
    private func storedSession(database: any Database) async throws -> MatrixCredentials? {
        guard let json = try await state.value(for: Self.sessionKey, in: database) else { return nil }
        guard let stored = try? JSONDecoder().decode(MatrixCredentials.self, from: Data(json.utf8)),
            Self.sameUser(stored.userID, account.userID)
        else {
            try await state.remove(Self.sessionKey, in: database)
            return nil
        }
        return stored
    }

    /// The credentials of `token`, once the server said it belongs to the configured account.
    private func check(token: String, deviceID: String?) async throws -> MatrixCredentials {
        let owner = try await client.authenticated(with: token).whoAmI()
        guard Self.sameUser(owner.userID, account.userID) else {
            throw MatrixLoginFailure("the access token belongs to \(owner.userID), not \(account.userID)")
        }
        return MatrixCredentials(userID: owner.userID, deviceID: owner.deviceID ?? deviceID, accessToken: token)
    }

    /// The error as a login failure: a homeserver's refusal or silence in a few words.
    private func failure(_ error: any Error) -> MatrixLoginFailure {
        if let failure = error as? MatrixLoginFailure { return failure }
        if let error = error as? MatrixAPIError {
            switch error.kind {
            case .noAnswer: return MatrixLoginFailure("no answer from \(client.homeserver.absoluteString): \(error)")
            case .rateLimited(let wait):
                return MatrixLoginFailure("the homeserver asks to wait \(wait.components.seconds) s", wait: wait)
            case .refused, .malformed, .tooLarge:
                return MatrixLoginFailure("the homeserver refused the login: \(error)")
            }
        }
        return MatrixLoginFailure("cannot log in: \(error)")
    }

    /// Matrix ids compared as servers treat them: the server name without regard to case.
    static func sameUser(_ a: String, _ b: String) -> Bool {
        MatrixID.localpart(of: a) == MatrixID.localpart(of: b)
            && MatrixID.serverName(of: a) == MatrixID.serverName(of: b)
    }
}

/// Why an account could not log in, in a few words for the log and `/healthz`.
package struct MatrixLoginFailure: Error, CustomStringConvertible {
    /// What went wrong.
    package let description: String
    /// The wait the homeserver asked for (a rate limit), when it gave one.
    package let wait: Duration?

    /// A failure.
    package init(_ description: String, wait: Duration? = nil) {
        self.description = description
        self.wait = wait
    }
}
