import Crypto
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Logging

/// Answers one update, whichever way it arrived, at most once: its number is remembered
/// (``ReplayGuard``, keyed by the bot and the update), the message is read as
/// ``TelegramAddressing`` says, run through the bot, and the answer sent with `sendMessage`:
/// - in a private chat, there;
/// - in a group, an answer for everyone to the group (its short form when it has one), an answer
///   for the asker alone (``Reply/isForAskerAlone``) to the asker's private chat, never to the
///   group; when Telegram refuses that because the person never started the bot, the group is told
///   to open a private chat, without the answer.
///
/// An answer Telegram could not take now (flood control, its own trouble, no connection) goes to
/// the outbox, which sends it later with the same key: nothing answered is lost.
struct TelegramUpdateHandler: Sendable {
    let api: TelegramBotAPI
    let addressing: TelegramAddressing
    let gateway: CommandGateway
    let pacer: TelegramPacer
    let replays: ReplayGuard
    let outbox: Outbox
    /// The bot's number, which the update keys name.
    let botID: String
    let botUsername: String?
    /// The language of a note whose reply names none.
    let schoolLanguage: Language
    let logger: Logger

    /// How long an update's number is remembered: Telegram keeps an update for at most 24 hours
    /// (https://core.telegram.org/bots/api#getting-updates).
    static let replayWindow: TimeInterval = 2 * 86_400

    /// The handler of `settings`' bot answering through `gateway`, paced by `pacer`; nil when
    /// Telegram is off.
    init?(
        settings: TelegramSettings, gateway: CommandGateway, dependencies: WebhookServer.Dependencies,
        pacer: TelegramPacer? = nil
    ) {
        guard let token = settings.botToken, let botID = TelegramBotToken.botID(of: token) else { return nil }
        api = TelegramBotAPI(
            baseURL: settings.apiURL, token: token, fetcher: dependencies.fetcher, timeout: .seconds(10))
        addressing = TelegramAddressing(
            botUsername: settings.botUsername, botName: gateway.dispatcher.recognizer.botName, prefix: gateway.prefix)
        self.gateway = gateway
        self.pacer = pacer ?? TelegramPacer(clock: gateway.clock)
        replays = ReplayGuard.make(window: Self.replayWindow, database: dependencies.database, logger: gateway.logger)
        outbox = dependencies.outbox
        self.botID = botID
        botUsername = settings.botUsername
        schoolLanguage = gateway.dispatcher.school.language
        logger = gateway.logger
    }

    /// Handles `update`; false when it was handled before. Throws when it cannot be checked
    /// against the updates handled (the database does not answer): it must come again.
    @discardableResult
    func handle(_ update: TelegramUpdate) async throws(WebhookRejection) -> Bool {
        let now = gateway.clock.now
        let key = Array(SHA256.hash(data: Array("telegram-update:\(botID):\(update.updateID)".utf8)))
        guard try await replays.firstUse(of: key, signedAt: now, now: now) else { return false }
        guard let message = update.message, let sender = message.from, let text = addressing.text(of: message)
        else { return true }
        let person = TelegramPlatform.user(sender.id)
        let isPrivate = message.chat.kind == .private
        let incoming = IncomingMessage(
            sender: person, senderIsVerified: true,
            conversation: isPrivate ? .direct : .channel(TelegramPlatform.channelName(message.chat.id)), text: text,
            receivedAt: now)
        guard let reply = await gateway.reply(to: incoming), !reply.lines.isEmpty else { return true }
        let answerKey = "telegram-answer:\(botID):\(update.updateID)"
        if isPrivate {
            await send(reply.lines, to: sender.id, isGroup: false, target: .user(person), key: answerKey)
        } else if reply.isForAskerAlone {
            await sendPrivately(reply, to: sender.id, askedIn: message.chat.id, key: answerKey)
        } else {
            let channel = DeliveryTarget.channel(TelegramPlatform.channelName(message.chat.id))
            await send(
                reply.channelLines ?? reply.lines, to: message.chat.id, isGroup: true, target: channel, key: answerKey)
        }
        return true
    }

    /// Sends `reply` to person `userID`'s private chat; when they never started the bot, tells
    /// group `groupID` how to, without the answer.
    private func sendPrivately(_ reply: Reply, to userID: Int64, askedIn groupID: Int64, key: String) async {
        let person = TelegramPlatform.user(userID)
        guard let refusal = await send(reply.lines, to: userID, isGroup: false, target: .user(person), key: key),
            refusal.kind == .forbidden
        else { return }
        let note = TelegramWords(reply.language ?? schoolLanguage).openPrivateChat(botUsername: botUsername)
        await send(
            [note], to: groupID, isGroup: true, target: .channel(TelegramPlatform.channelName(groupID)),
            key: key + ":note")
    }

    /// Sends `lines` to chat `chatID`, paced; what Telegram may take later goes to the outbox for
    /// `target` under `key`. Returns the refusal that ended it, nil when it went out or was queued.
    @discardableResult
    private func send(_ lines: [String], to chatID: Int64, isGroup: Bool, target: DeliveryTarget, key: String) async
        -> TelegramAPIError?
    {
        do {
            try await pacer.waitToSend(to: chatID, isGroup: isGroup)
            try await api.sendMessage(TelegramHTML.message(lines), to: chatID)
            return nil
        } catch let refusal as TelegramAPIError where refusal.isWorthRetrying {
            logger.info("Telegram: an answer waits in the outbox: \(refusal)")
            await queue(lines, for: target, key: key)
            return nil
        } catch let refusal as TelegramAPIError {
            logger.warning("Telegram: an answer was refused: \(refusal)")
            return refusal
        } catch {
            // Cancelled while paced (the server stops): the outbox sends it.
            await queue(lines, for: target, key: key)
            return nil
        }
    }

    /// Queues `lines` for `target` in the outbox under `key`.
    private func queue(_ lines: [String], for target: DeliveryTarget, key: String) async {
        do {
            try await outbox.enqueue(
                adapter: TelegramPlatform.platform.rawValue, target: target, lines: lines, idempotencyKey: key)
        } catch {
            logger.error("Telegram: an answer could not be queued: \(error)")
        }
    }
}
