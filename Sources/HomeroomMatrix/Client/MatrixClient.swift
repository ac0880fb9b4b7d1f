import AsyncHTTPClient
import Foundation
import Logging

/// The slice of the Matrix Client-Server API (v3) the bot uses, over one homeserver.
///
/// Every request has a deadline and a cap on the answer's size; cancelling the calling task ends
/// the request at once (a graceful shutdown ends the long poll without waiting for it). Errors are
/// ``MatrixAPIError``: a `429 M_LIMIT_EXCEEDED` comes back as ``MatrixAPIError/Kind/rateLimited(retryAfter:)``
/// for the caller to wait out.
package struct MatrixClient: Sendable {
    /// The homeserver's base URL.
    package let homeserver: URL
    /// The access token sent with each request; nil before login.
    package let accessToken: String?
    /// The deadline of each request (a sync adds its long poll to it).
    package let requestTimeout: Duration
    let http: HTTPClient
    let logger: Logger

    /// A client of `homeserver` through `http`, authenticated with `accessToken` when given.
    package init(homeserver: URL, accessToken: String? = nil, requestTimeout: Duration, http: HTTPClient, logger: Logger)
    {
        self.homeserver = homeserver
        self.accessToken = accessToken
        self.requestTimeout = requestTimeout
        self.http = http
        self.logger = logger
    }

    /// The same client with `token`.
    package func authenticated(with token: String) -> MatrixClient {
        MatrixClient(homeserver: homeserver, accessToken: token, requestTimeout: requestTimeout, http: http, logger: logger)
    }

    /// Logs in with a password (`POST /login`, `m.login.password`, identifier `m.id.user`).
    package func login(user: String, password: String, deviceName: String) async throws(MatrixAPIError)
        -> MatrixCredentials
    {
        fatalError("to be written")
    }

    /// Who the token belongs to (`GET /account/whoami`).
    package func whoAmI() async throws(MatrixAPIError) -> (userID: String, deviceID: String?) {
        fatalError("to be written")
    }

    /// One `/sync`: from `since` (nil: an initial sync), waiting up to `timeout` on the server for
    /// news, with `filter` (a filter's JSON, sent inline).
    package func sync(since: String?, filter: String, timeout: Duration) async throws(MatrixAPIError) -> SyncBatch {
        fatalError("to be written")
    }

    /// Joins a room by id or alias (`POST /join/{roomIdOrAlias}`); returns the room id.
    package func join(_ roomIDOrAlias: String) async throws(MatrixAPIError) -> String {
        fatalError("to be written")
    }

    /// Leaves a room, or declines its invitation (`POST /rooms/{roomId}/leave`), with a reason shown to the room.
    package func leave(_ roomID: String, reason: String?) async throws(MatrixAPIError) {
        fatalError("to be written")
    }

    /// Forgets a room the bot has left (`POST /rooms/{roomId}/forget`).
    package func forget(_ roomID: String) async throws(MatrixAPIError) {
        fatalError("to be written")
    }

    /// Sends `message` to `roomID` (`PUT /rooms/{roomId}/send/m.room.message/{txnId}`) and returns
    /// the event id. The server drops a repeat of `transactionID` from the same device and answers
    /// with the first event's id, so a retry never posts twice.
    package func send(_ message: MatrixMessage, to roomID: String, transactionID: String) async throws(MatrixAPIError)
        -> String
    {
        fatalError("to be written")
    }

    /// Creates a direct room with `userID` (`POST /createRoom`, `is_direct`, preset
    /// `trusted_private_chat`, the person invited) and returns its id.
    package func createDirectRoom(with userID: String) async throws(MatrixAPIError) -> String {
        fatalError("to be written")
    }

    /// The room id an alias names (`GET /directory/room/{roomAlias}`).
    package func resolveAlias(_ alias: String) async throws(MatrixAPIError) -> String {
        fatalError("to be written")
    }

    /// How many members have joined `roomID` (`GET /rooms/{roomId}/joined_members`).
    package func joinedMemberCount(of roomID: String) async throws(MatrixAPIError) -> Int {
        fatalError("to be written")
    }
}
