import Foundation
import HomeroomCore

/// One bot account on one homeserver: where, how it logs in, whose invitations it accepts, and how
/// it waits.
public struct MatrixAccountSettings: Sendable, Decodable {
    /// The account's name in outbox targets (`school/!room:server`) and in its duty
    /// (`matrix:school`): letters, digits and `-`.
    public var name: String
    /// The homeserver's client-server API base, e.g. `https://matrix.school.example`.
    public var homeserver: URL
    /// The bot's Matrix id, e.g. `@homeroom:school.example`.
    public var userID: String
    /// An access token; when nil, ``password`` logs in and the token it gives is stored in the database.
    public var accessToken: String?
    /// The account's password, used when there is no ``accessToken`` (or the stored one was revoked).
    public var password: String?
    /// The device name a password login shows in the account's session list.
    public var deviceName = "Homeroom"
    /// Matrix ids (`@admin:school.example`) whose invitations the bot accepts, besides ``allowedServers``.
    public var allowedInviters: [String] = []
    /// Server names (`school.example`) whose users' invitations the bot accepts. Both lists empty:
    /// the bot's own server only.
    public var allowedServers: [String] = []
    /// How long one `/sync` long poll waits for news on the server.
    public var syncTimeoutSeconds = 30.0
    /// The deadline of every other request, and what a sync may take beyond its long poll.
    public var requestTimeoutSeconds = 20.0
    /// Commands sent longer ago than this (by the server's count, `unsigned.age`) are not answered:
    /// after an outage, the bot does not answer `!now` from an hour ago.
    public var maximumCommandAgeSeconds = 300.0
    /// The first wait before reconnecting after a network error; it doubles up to ``maximumReconnectSeconds``.
    public var firstReconnectSeconds = 1.0
    /// The longest wait before reconnecting.
    public var maximumReconnectSeconds = 60.0
    /// True answers a command in a room as a reply to it (`m.in_reply_to`), so busy rooms show what
    /// was asked.
    public var replyToCommands = true
    /// True accepts a homeserver certificate that does not verify (a school's self-signed server).
    public var allowInvalidCertificate = false

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, homeserver, userID, accessToken, password, deviceName, allowedInviters, allowedServers,
            syncTimeoutSeconds, requestTimeoutSeconds, maximumCommandAgeSeconds, firstReconnectSeconds,
            maximumReconnectSeconds, replyToCommands, allowInvalidCertificate
    }

    /// An account with the defaults, for tests.
    public init(name: String, homeserver: URL, userID: String, accessToken: String? = nil, password: String? = nil) {
        self.name = name
        self.homeserver = homeserver
        self.userID = userID
        self.accessToken = accessToken
        self.password = password
    }

    /// Reads one account; unknown keys and values out of range are refused with the key named.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let environment = decoder.homeroomEnvironment
        name = try container.decode(String.self, forKey: .name)
        guard !name.isEmpty, name.count <= 32,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        else {
            throw container.invalid(.name, "one word of letters, digits and -, e.g. school")
        }
        let address = try container.decode(String.self, forKey: .homeserver)
        guard let url = URL(string: address), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host?.isEmpty == false
        else {
            throw container.invalid(.homeserver, "an http or https address, e.g. https://matrix.school.example")
        }
        homeserver = url
        userID = try container.decode(String.self, forKey: .userID)
        guard MatrixID.isUserID(userID) else {
            throw container.invalid(.userID, "a Matrix id such as @homeroom:school.example")
        }
        accessToken = try container.decodeSecret(.accessToken, environment: environment)
        password = try container.decodeSecret(.password, environment: environment)
        guard accessToken != nil || password != nil else {
            throw container.invalid(.accessToken, "an access token or a password is needed")
        }
        deviceName = try container.decode(.deviceName, or: deviceName)
        allowedInviters = try container.decode(.allowedInviters, or: allowedInviters)
        if let bad = allowedInviters.first(where: { !MatrixID.isUserID($0) }) {
            throw container.invalid(.allowedInviters, "\"\(bad)\" is not a Matrix id such as @admin:school.example")
        }
        allowedServers = try container.decode(.allowedServers, or: allowedServers).map { $0.lowercased() }
        if let bad = allowedServers.first(where: { $0.isEmpty || $0.contains(where: { $0.isWhitespace || $0 == "@" }) })
        {
            throw container.invalid(.allowedServers, "\"\(bad)\" is not a server name such as school.example")
        }
        syncTimeoutSeconds = try container.decode(.syncTimeoutSeconds, or: syncTimeoutSeconds)
        guard (0...300).contains(syncTimeoutSeconds) else { throw container.invalid(.syncTimeoutSeconds, "0 to 300") }
        requestTimeoutSeconds = try container.decode(.requestTimeoutSeconds, or: requestTimeoutSeconds)
        guard (1...300).contains(requestTimeoutSeconds) else {
            throw container.invalid(.requestTimeoutSeconds, "1 to 300")
        }
        maximumCommandAgeSeconds = try container.decode(.maximumCommandAgeSeconds, or: maximumCommandAgeSeconds)
        guard (1...86_400).contains(maximumCommandAgeSeconds) else {
            throw container.invalid(.maximumCommandAgeSeconds, "1 to 86400")
        }
        firstReconnectSeconds = try container.decode(.firstReconnectSeconds, or: firstReconnectSeconds)
        maximumReconnectSeconds = try container.decode(.maximumReconnectSeconds, or: maximumReconnectSeconds)
        guard firstReconnectSeconds > 0, maximumReconnectSeconds >= firstReconnectSeconds,
            maximumReconnectSeconds <= 3600
        else {
            throw container.invalid(
                .maximumReconnectSeconds, "at least firstReconnectSeconds, both above 0, at most 3600")
        }
        replyToCommands = try container.decode(.replyToCommands, or: replyToCommands)
        allowInvalidCertificate = try container.decode(.allowInvalidCertificate, or: false)
    }

    /// True when the bot accepts an invitation from `inviter`: listed, on a listed server, or, with
    /// both lists empty, on the bot's own server.
    package func acceptsInvitation(from inviter: String) -> Bool {
        let server = MatrixID.serverName(of: inviter)
        if allowedInviters.isEmpty && allowedServers.isEmpty { return server == MatrixID.serverName(of: userID) }
        return allowedInviters.contains(inviter) || server.map(allowedServers.contains) ?? false
    }
}
