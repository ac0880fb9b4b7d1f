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
    package init(
        homeserver: URL, accessToken: String? = nil, requestTimeout: Duration, http: HTTPClient, logger: Logger
    ) {
        self.homeserver = homeserver
        self.accessToken = accessToken
        self.requestTimeout = requestTimeout
        self.http = http
        self.logger = logger
    }

    /// The same client with `token`.
    package func authenticated(with token: String) -> MatrixClient {
        MatrixClient(
            homeserver: homeserver, accessToken: token, requestTimeout: requestTimeout, http: http, logger: logger)
    }

    /// Logs in with a password (`POST /login`, `m.login.password`, identifier `m.id.user`).
    package func login(user: String, password: String, deviceName: String) async throws(MatrixAPIError)
        -> MatrixCredentials
    {
        let request = LoginRequest(
            identifier: .init(user: user), password: password, deviceName: deviceName)
        let body = try await exchange(.POST, ["login"], body: try json(request, what: "login"), what: "login")
        let answer = try decode(LoginAnswer.self, from: body, what: "login")
        return MatrixCredentials(userID: answer.userID, deviceID: answer.deviceID, accessToken: answer.accessToken)
    }

    /// Who the token belongs to (`GET /account/whoami`).
    package func whoAmI() async throws(MatrixAPIError) -> (userID: String, deviceID: String?) {
        let body = try await exchange(.GET, ["account", "whoami"], what: "whoami")
        let answer = try decode(WhoAmIAnswer.self, from: body, what: "whoami")
        return (answer.userID, answer.deviceID)
    }

    /// One `/sync`: from `since` (nil: an initial sync), waiting up to `timeout` on the server for
    /// news, with `filter` (a filter's JSON, sent inline).
    ///
    /// The request's deadline is `timeout` plus ``requestTimeout``; its answer may be up to
    /// ``largestSyncAnswer`` bytes. The bot's presence is left offline (`set_presence=offline`).
    package func sync(since: String?, filter: String, timeout: Duration) async throws(MatrixAPIError) -> SyncBatch {
        let wait = max(timeout, .zero)
        let (milliseconds, overflow) = wait.components.seconds.multipliedReportingOverflow(by: 1000)
        var query: [(String, String)] = []
        if let since { query.append(("since", since)) }
        query.append(("timeout", overflow ? "\(Int64.max)" : "\(milliseconds)"))
        query.append(("filter", filter))
        query.append(("set_presence", "offline"))
        let body = try await exchange(
            .GET, ["sync"], query: query, timeout: wait + requestTimeout, largest: Self.largestSyncAnswer, what: "sync")
        return try decode(SyncBatch.self, from: body, what: "sync")
    }

    /// Joins a room by id or alias (`POST /join/{roomIdOrAlias}`); returns the room id.
    package func join(_ roomIDOrAlias: String) async throws(MatrixAPIError) -> String {
        let body = try await exchange(.POST, ["join", roomIDOrAlias], body: Self.emptyObject, what: "join")
        return try decode(RoomIDAnswer.self, from: body, what: "join").roomID
    }

    /// Leaves a room, or declines its invitation (`POST /rooms/{roomId}/leave`), with a reason shown to the room.
    package func leave(_ roomID: String, reason: String?) async throws(MatrixAPIError) {
        let body = try json(LeaveRequest(reason: reason), what: "leave")
        _ = try await exchange(.POST, ["rooms", roomID, "leave"], body: body, what: "leave")
    }

    /// Forgets a room the bot has left (`POST /rooms/{roomId}/forget`).
    package func forget(_ roomID: String) async throws(MatrixAPIError) {
        _ = try await exchange(.POST, ["rooms", roomID, "forget"], body: Self.emptyObject, what: "forget")
    }

    /// Sends `message` to `roomID` (`PUT /rooms/{roomId}/send/m.room.message/{txnId}`) and returns
    /// the event id. The server drops a repeat of `transactionID` from the same device and answers
    /// with the first event's id, so a retry never posts twice.
    package func send(_ message: MatrixMessage, to roomID: String, transactionID: String) async throws(MatrixAPIError)
        -> String
    {
        let body = try json(message, what: "send")
        let answer = try await exchange(
            .PUT, ["rooms", roomID, "send", "m.room.message", transactionID], body: body, what: "send")
        return try decode(EventIDAnswer.self, from: answer, what: "send").eventID
    }

    /// Creates a direct room with `userID` (`POST /createRoom`, `is_direct`, preset
    /// `trusted_private_chat`, the person invited) and returns its id.
    package func createDirectRoom(with userID: String) async throws(MatrixAPIError) -> String {
        let body = try json(CreateDirectRoomRequest(invite: [userID]), what: "createRoom")
        let answer = try await exchange(.POST, ["createRoom"], body: body, what: "createRoom")
        return try decode(RoomIDAnswer.self, from: answer, what: "createRoom").roomID
    }

    /// The room id an alias names (`GET /directory/room/{roomAlias}`).
    package func resolveAlias(_ alias: String) async throws(MatrixAPIError) -> String {
        let body = try await exchange(.GET, ["directory", "room", alias], what: "alias lookup")
        return try decode(RoomIDAnswer.self, from: body, what: "alias lookup").roomID
    }

    /// How many members have joined `roomID` (`GET /rooms/{roomId}/joined_members`).
    package func joinedMemberCount(of roomID: String) async throws(MatrixAPIError) -> Int {
        let body = try await exchange(.GET, ["rooms", roomID, "joined_members"], what: "joined_members")
        return try decode(JoinedMembersAnswer.self, from: body, what: "joined_members").count
    }

    private static let emptyObject = Array("{}".utf8)
}
