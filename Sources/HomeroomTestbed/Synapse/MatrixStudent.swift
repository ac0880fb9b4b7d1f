import Foundation
import HomeroomRuntime
import HomeroomTesting
import NIOHTTP1
import Synchronization

/// A person on a homeserver as the tests play them, a student or an admin: a plain client of the
/// client-server API (v3) that makes rooms, invites, joins, sends, and reads what arrives with a
/// `/sync` of its own (see ``waitForMessage(in:from:timeout:matching:)``).
public final class MatrixStudent: Sendable {
    /// The homeserver's client-server API base.
    public let homeserver: URL
    /// The person's Matrix id.
    public let userID: String
    /// The session's access token.
    public let accessToken: String
    let inbox = Mutex(MatrixInbox())

    /// A client of `userID` on `homeserver`, with `accessToken`.
    public init(homeserver: URL, userID: String, accessToken: String) {
        self.homeserver = homeserver
        self.userID = userID
        self.accessToken = accessToken
    }

    /// A client of the registered `account` on `homeserver`.
    public convenience init(homeserver: URL, account: SynapseServer.Account) {
        self.init(homeserver: homeserver, userID: account.userID, accessToken: account.accessToken)
    }

    /// Logs `user` (a localpart or a Matrix id) in with `password` and returns a client of the new session.
    public static func logIn(homeserver: URL, user: String, password: String) async throws -> MatrixStudent {
        let body = JSONValue.object([
            "type": .string("m.login.password"),
            "identifier": .object(["type": .string("m.id.user"), "user": .string(user)]),
            "password": .string(password),
        ])
        let answer = try await MatrixRequest.send(.POST, endpoint(homeserver, ["login"]), body: body)
        guard answer.status == 200, let userID = answer.body["user_id"]?.string,
            let token = answer.body["access_token"]?.string
        else { throw RequestError(answer) }
        return MatrixStudent(homeserver: homeserver, userID: userID, accessToken: token)
    }

    // MARK: - Rooms

    /// Creates a private room named `name`, inviting `invite`; with `encrypted`, its initial
    /// state turns on Megolm encryption (`m.room.encryption`); with `isDirect`, it is a direct
    /// chat (`is_direct` on the invitations). Returns the room id.
    public func createRoom(name: String? = nil, invite: [String] = [], encrypted: Bool = false, isDirect: Bool = false)
        async throws -> String
    {
        var body: [String: JSONValue] = [
            "preset": .string(isDirect ? "trusted_private_chat" : "private_chat"),
            "invite": .array(invite.map { .string($0) }),
            "is_direct": .bool(isDirect),
        ]
        if let name { body["name"] = .string(name) }
        if encrypted {
            body["initial_state"] = .array([
                .object([
                    "type": .string("m.room.encryption"), "state_key": .string(""),
                    "content": .object(["algorithm": .string("m.megolm.v1.aes-sha2")]),
                ])
            ])
        }
        let answer = try await call(.POST, ["createRoom"], body: .object(body))
        guard let room = answer["room_id"]?.string else { throw RequestError(status: 200, body: answer) }
        return room
    }

    /// Makes `alias` (`#name:server`) point at `room`.
    public func addAlias(_ alias: String, for room: String) async throws {
        _ = try await call(.PUT, ["directory", "room", alias], body: .object(["room_id": .string(room)]))
    }

    /// Invites `user` to `room`.
    public func invite(_ user: String, to room: String) async throws {
        _ = try await call(.POST, ["rooms", room, "invite"], body: .object(["user_id": .string(user)]))
    }

    /// Joins `room` (an id or an alias) and returns its id.
    @discardableResult
    public func join(_ room: String) async throws -> String {
        let answer = try await call(.POST, ["join", room], body: .object([:]))
        return answer["room_id"]?.string ?? room
    }

    /// Leaves `room`.
    public func leave(_ room: String) async throws {
        _ = try await call(.POST, ["rooms", room, "leave"], body: .object([:]))
    }

    /// Removes `user` from `room`, with `reason` when given.
    public func kick(_ user: String, from room: String, reason: String? = nil) async throws {
        var body: [String: JSONValue] = ["user_id": .string(user)]
        if let reason { body["reason"] = .string(reason) }
        _ = try await call(.POST, ["rooms", room, "kick"], body: .object(body))
    }

    /// The membership of `user` in `room` (`join`, `invite`, `leave`, `ban`), or nil when they
    /// never had one.
    public func membership(of user: String, in room: String) async throws -> String? {
        let answer = try await MatrixRequest.send(
            .GET, Self.endpoint(homeserver, ["rooms", room, "state", "m.room.member", user]), token: accessToken)
        if answer.status == 404 { return nil }
        guard answer.status == 200 else { throw RequestError(answer) }
        return answer.body["membership"]?.string
    }

    /// Waits (polling, up to `timeout`) until `user`'s membership of `room` is `membership`.
    public func waitUntil(
        _ user: String, is membership: String = "join", in room: String, timeout: Duration = .seconds(30),
        fileID: String = #fileID, line: Int = #line
    ) async throws {
        var last: String?
        try await eventually(
            "\(user) to be \(membership) in \(room) (is \(last ?? "not"))", within: timeout,
            every: .milliseconds(100), fileID: fileID, line: line
        ) {
            last = try await self.membership(of: user, in: room)
            return last == membership
        }
    }

    // MARK: - Sending

    /// Sends `text` (`m.text`) to `room`, with `html` as its formatted body and `mentions` as its
    /// `m.mentions` when given, and returns the event id.
    @discardableResult
    public func send(text: String, to room: String, html: String? = nil, mentions: [String]? = nil) async throws
        -> String
    {
        var content: [String: JSONValue] = ["msgtype": .string("m.text"), "body": .string(text)]
        if let html {
            content["format"] = .string("org.matrix.custom.html")
            content["formatted_body"] = .string(html)
        }
        if let mentions { content["m.mentions"] = .object(["user_ids": .array(mentions.map { .string($0) })]) }
        return try await send(type: "m.room.message", content: .object(content), to: room)
    }

    /// Sends an event of `type` with `content` to `room` (e.g. an `m.room.encrypted` one) and
    /// returns its id.
    @discardableResult
    public func send(type: String, content: JSONValue, to room: String) async throws -> String {
        let answer = try await call(.PUT, ["rooms", room, "send", type, UUID().uuidString], body: content)
        guard let event = answer["event_id"]?.string else { throw RequestError(status: 200, body: answer) }
        return event
    }

    // MARK: - Requests

    /// Calls the client-server API at `segments` (each percent-encoded) and returns the JSON of a
    /// 200 answer; anything else throws ``RequestError``.
    func call(
        _ method: HTTPMethod, _ segments: [String], query: [URLQueryItem] = [], body: JSONValue? = nil,
        timeout: Duration = .seconds(30)
    ) async throws -> JSONValue {
        let answer = try await MatrixRequest.send(
            method, Self.endpoint(homeserver, segments, query: query), token: accessToken, body: body, timeout: timeout)
        guard answer.status == 200 else { throw RequestError(answer) }
        return answer.body
    }

    /// The address of `segments` under `/_matrix/client/v3/`, each segment percent-encoded.
    static func endpoint(_ homeserver: URL, _ segments: [String], query: [URLQueryItem] = []) -> URL {
        let unreserved = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        let path = segments.map { $0.addingPercentEncoding(withAllowedCharacters: unreserved) ?? $0 }
            .joined(separator: "/")
        let base =
            homeserver.absoluteString.hasSuffix("/") ? homeserver.absoluteString : homeserver.absoluteString + "/"
        var components = URLComponents(string: base + "_matrix/client/v3/" + path)!
        if !query.isEmpty {
            components.percentEncodedQuery = query.map { item in
                let value = (item.value ?? "").addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
                return "\(item.name)=\(value)"
            }.joined(separator: "&")
        }
        return components.url!
    }

    /// A homeserver refused a request.
    public struct RequestError: Error, CustomStringConvertible {
        /// The HTTP status.
        public let status: Int
        /// The answer's JSON (its `errcode`, `error`, `retry_after_ms`).
        public let body: JSONValue

        init(status: Int, body: JSONValue) {
            self.status = status
            self.body = body
        }

        init(_ answer: MatrixRequest.Answer) { self.init(status: answer.status, body: answer.body) }

        /// The Matrix error code, e.g. `M_LIMIT_EXCEEDED`.
        public var errcode: String? { body["errcode"]?.string }

        public var description: String { "the homeserver answered \(status): \(body)" }
    }
}
