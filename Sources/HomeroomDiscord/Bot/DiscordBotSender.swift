import Crypto
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks

/// Discord notifications through the bot token: posts to channels by id, and direct messages to
/// people through the DM channel Create DM gives (remembered in the adapter state under
/// `direct:USER`). Each message carries the outbox's idempotency key as its enforced nonce, so a
/// message sent again after a lost answer is posted once.
package struct DiscordBotSender: MessageSender {
    package let adapter = WebhookPlatform.discord.rawValue
    let rest: DiscordREST
    let database: any Database
    let clock: any HomeroomClock
    let status: AdapterStatusBoard
    /// Where the DM channels are remembered.
    let state = AdapterState(adapter: WebhookPlatform.discord.rawValue, account: "bot")

    /// Discord's longest nonce (https://discord.com/developers/docs/resources/message#create-message — "nonce").
    static let longestNonce = 25

    /// The sender for `settings.discord`, or nil without a bot token.
    package init?(settings: WebhookSettings, dependencies: WebhookServer.Dependencies) {
        guard let botToken = settings.discord.botToken else { return nil }
        rest = DiscordREST(
            baseURL: settings.discord.apiBaseURL, botToken: botToken, fetcher: dependencies.fetcher,
            timeout: settings.deliveryTimeout, limits: DiscordRateLimits())
        database = dependencies.database
        clock = dependencies.clock
        status = dependencies.adapterStatus
    }

    package func send(_ message: OutboxMessage) async throws {
        let content = DiscordResponse.Message.fitted(DiscordText.escaping(message.lines.joined(separator: "\n")))
        let nonce = Self.nonce(for: message.idempotencyKey)
        switch message.target {
        case .channel(let channel):
            guard Self.isSnowflake(channel) else {
                throw DeliveryFailure(
                    "Discord bots post to channel ids, not to \(channel): use the id (Developer Mode → Copy Channel ID)"
                        + " or give \(channel) an incoming webhook",
                    isPermanent: true)
            }
            let answer = try await rest.createMessage(in: channel, content: content, nonce: nonce)
            try posted(answer, target: "channel \(channel)")
        case .user(let user):
            guard user.adapter == adapter, let id = Self.discordUser(user) else {
                throw DeliveryFailure("\(user) is not a Discord user id (discord:GUILD:USER)", isPermanent: true)
            }
            try await sendDirect(content, nonce: nonce, to: id, user: user)
        }
    }

    /// Posts in the DM channel with `id`, opening it first unless one is remembered; a remembered
    /// channel Discord no longer knows (10003 Unknown Channel) is forgotten and opened once more.
    private func sendDirect(_ content: String, nonce: String, to id: String, user: UserID) async throws {
        let key = "direct:\(id)"
        if let known = try await state.value(for: key, in: database) {
            let answer = try await rest.createMessage(in: known, content: content, nonce: nonce)
            guard answer.status == 404, answer.error?.code == Self.unknownChannel else {
                return try posted(answer, target: "\(user)")
            }
            try await state.remove(key, in: database)
        }
        let channel: String
        switch try await rest.openDirectMessage(to: id) {
        case .opened(let opened): channel = opened
        case .refused(let answer): throw refusal(answer, target: "\(user)")
        }
        guard Self.isSnowflake(channel) else {
            throw DeliveryFailure("Discord gave \(user) a DM channel id that is not a number")
        }
        try await state.set(channel, for: key, about: user, at: clock.now, in: database)
        let answer = try await rest.createMessage(in: channel, content: content, nonce: nonce)
        try posted(answer, target: "\(user)")
    }

    /// Returns on a 2xx, and marks the bot up; otherwise throws ``refusal(_:target:)``.
    private func posted(_ answer: DiscordREST.Answer, target: String) throws {
        guard (200..<300).contains(answer.status) else { throw refusal(answer, target: target) }
        status.report(adapter, .up, detail: "the bot posts to channels and people", at: clock.now)
    }

    /// What Discord's refusal means for `target`, given up at once: trying again cannot help
    /// (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json — "JSON Error Codes").
    /// A refused token also marks the bot down.
    private func refusal(_ answer: DiscordREST.Answer, target: String) -> DeliveryFailure {
        let error = answer.error
        switch (answer.status, error?.code) {
        case (401, _):
            status.report(adapter, .down, detail: "Discord refused the bot token", at: clock.now)
            return DeliveryFailure(
                "Discord refused the bot token (401): set webhooks.discord.botToken to the token under Bot → Reset Token",
                isPermanent: true)
        case (403, 50007):
            return DeliveryFailure(
                "\(target) does not accept direct messages from this server's members", isPermanent: true)
        case (403, 50001):
            return DeliveryFailure(
                "the Discord bot cannot see \(target) (Missing Access): invite it to the server and let it view the"
                    + " channel",
                isPermanent: true)
        case (403, 50013):
            return DeliveryFailure(
                "the Discord bot may not post in \(target) (Missing Permissions): give it Send Messages there",
                isPermanent: true)
        case (404, Self.unknownChannel):
            return DeliveryFailure("Discord knows no \(target) (Unknown Channel): check the id", isPermanent: true)
        case (404, 10013):
            return DeliveryFailure("Discord knows no user \(target) (Unknown User)", isPermanent: true)
        default:
            let said = (error?.message).map { ": " + String($0.prefix(200)) } ?? ""
            return DeliveryFailure(
                "Discord refused the message to \(target) with \(answer.status)\(said)", isPermanent: true)
        }
    }

    /// Discord's code for a channel it does not know.
    static let unknownChannel = 10003

    /// `key` when it fits Discord's nonce, else the first 25 hex digits of its SHA-256: the same
    /// key gives the same nonce on every attempt and every instance.
    static func nonce(for key: String) -> String {
        if !key.isEmpty, key.utf8.count <= longestNonce, key.unicodeScalars.allSatisfy(\.isASCII) { return key }
        return String(HexBytes.encode(SHA256.hash(data: Array(key.utf8))).prefix(longestNonce))
    }

    /// The Discord user id of `user` (`discord:GUILD:USER` or `discord:dm:USER`), or nil.
    static func discordUser(_ user: UserID) -> String? {
        let id = user.id.split(separator: ":", omittingEmptySubsequences: false).last.map(String.init)
        return id.flatMap { isSnowflake($0) ? $0 : nil }
    }

    /// True for a Discord id: 1 to 20 ASCII digits.
    static func isSnowflake(_ text: String) -> Bool {
        (1...20).contains(text.utf8.count)
            && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
