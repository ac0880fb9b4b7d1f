import Foundation

/// What ``TelegramBotAPIServer`` remembers, and its decisions, with no I/O: the routes read a
/// request, ask this under a lock, and send what it answers. Every rule cites the Bot API
/// reference (https://core.telegram.org/bots/api) or the Bots FAQ (https://core.telegram.org/bots/faq).
struct TelegramBotAPIState {
    /// A chat the bot knows.
    enum Chat: Equatable {
        /// A person's private chat; `started` is false until they pressed Start.
        case person(started: Bool)
        /// A group or supergroup.
        case group
    }

    /// What a sendMessage request comes to.
    enum SendOutcome {
        case sent(TelegramBotAPIServer.SentMessage)
        case refused(TelegramBotAPIServer.Refusal)
    }

    let token: String
    let tolerance: Double
    var chats: [Int64: Chat] = [:]
    /// Updates not yet confirmed, in order: their numbers and JSON.
    var pending: [(id: Int64, json: Data)] = []
    var nextUpdateID: Int64 = 100_000
    var nextMessageID: Int64 = 1
    var injectedFailures: [TelegramBotAPIServer.InjectedFailure] = []
    /// Until when (uptime seconds) each chat is under a flood wait the test set.
    var floodUntil: [Int64: Double] = [:]
    var floodSeconds: [Int64: Int] = [:]
    var lastSentToChat: [Int64: Double] = [:]
    var groupSends: [Int64: [Double]] = [:]
    var recentSends: [Double] = []
    var refusals: [TelegramBotAPIServer.Refusal] = []
    var getUpdatesCalls = 0

    /// An update `payload` (as JSON) waits for getUpdates, in the order of the numbers; returns its
    /// number: the one it has (an update Telegram sends again), else the next.
    mutating func queue(_ payload: Data) -> Int64 {
        var update = (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any] ?? [:]
        let id = (update["update_id"] as? NSNumber)?.int64Value ?? nextUpdateID
        nextUpdateID = max(nextUpdateID, id + 1)
        update["update_id"] = id
        let json = (try? JSONSerialization.data(withJSONObject: update)) ?? Data("{}".utf8)
        pending.insert((id, json), at: pending.firstIndex { $0.id > id } ?? pending.endIndex)
        return id
    }

    /// The answer to getUpdates from `offset`: "An update is considered confirmed as soon as
    /// getUpdates is called with an offset higher than its update_id" (#getupdates), so the
    /// updates before it are dropped; at most `limit` ("Values between 1-100 are accepted").
    mutating func updates(from offset: Int64?, limit: Int) -> [Data] {
        if let offset { pending.removeAll { $0.id < offset } }
        return pending.prefix(min(max(limit, 1), 100)).map(\.json)
    }

    /// Decides a sendMessage to `chatID` of `text` in `parseMode` at `now` (uptime seconds).
    mutating func sendMessage(chatID: Int64?, text: String?, parseMode: String?, at now: Double)
        -> SendOutcome
    {
        guard let chatID, let chat = chats[chatID] else {
            return refuse(chatID, 400, "Bad Request: chat not found")
        }
        // #sendmessage — "Text of the message to be sent, 1-4096 characters after entities parsing".
        guard let text, !text.isEmpty else { return refuse(chatID, 400, "Bad Request: message text is empty") }
        var visible = text
        if parseMode == "HTML" {
            switch TelegramHTMLCheck.visibleText(of: text) {
            case .success(let parsed): visible = parsed
            case .failure(let problem): return refuse(chatID, 400, "Bad Request: can't parse entities: \(problem)")
            }
        }
        guard !visible.isEmpty else { return refuse(chatID, 400, "Bad Request: message text is empty") }
        guard visible.utf16.count <= 4096 else { return refuse(chatID, 400, "Bad Request: message is too long") }
        if chat == .person(started: false) {
            return refuse(chatID, 403, "Forbidden: bot can't initiate conversation with a user")
        }
        if let until = floodUntil[chatID], now < until {
            return refuse(chatID, 429, "Too Many Requests", retryAfter: Self.wholeSeconds(until - now))
        }
        if let wait = limitWait(chatID: chatID, isGroup: chat == .group, at: now) {
            return refuse(chatID, 429, "Too Many Requests", retryAfter: Self.wholeSeconds(wait))
        }
        if let seconds = floodSeconds.removeValue(forKey: chatID) {
            floodUntil[chatID] = now + Double(seconds)
            return refuse(chatID, 429, "Too Many Requests", retryAfter: seconds)
        }
        lastSentToChat[chatID] = now
        if chat == .group { groupSends[chatID, default: []].append(now) }
        recentSends.append(now)
        let message = TelegramBotAPIServer.SentMessage(
            messageID: nextMessageID, chatID: chatID, text: text, visibleText: visible, parseMode: parseMode,
            arrivedAt: now)
        nextMessageID += 1
        return .sent(message)
    }

    /// The wait Telegram's limits ask of a message to `chatID` at `now`, nil when it may go
    /// (Bots FAQ, "My bot is hitting limits, how do I avoid this?": "avoid sending more than one
    /// message per second" in a chat; "not more than about 30 messages per second" in all; "not
    /// able to send more than 20 messages per minute to the same group"), each with `tolerance`
    /// for network jitter.
    private mutating func limitWait(chatID: Int64, isGroup: Bool, at now: Double) -> Double? {
        var wait = 0.0
        if let last = lastSentToChat[chatID] { wait = max(wait, last + 1 - tolerance - now) }
        recentSends.removeAll { $0 <= now - 1 + tolerance }
        if recentSends.count >= 30, let first = recentSends.first { wait = max(wait, first + 1 - tolerance - now) }
        if isGroup {
            var sends = groupSends[chatID] ?? []
            sends.removeAll { $0 <= now - 60 + tolerance }
            groupSends[chatID] = sends
            if sends.count >= 20, let first = sends.first { wait = max(wait, first + 60 - tolerance - now) }
        }
        return wait > 0 ? wait : nil
    }

    /// Records and answers a refusal; a 429 names `retryAfter` in `parameters` (#responseparameters).
    private mutating func refuse(_ chatID: Int64?, _ code: Int, _ description: String, retryAfter: Int? = nil)
        -> SendOutcome
    {
        let said = retryAfter.map { "\(description): retry after \($0)" } ?? description
        let refusal = TelegramBotAPIServer.Refusal(
            chatID: chatID, code: code, description: said, retryAfter: retryAfter)
        refusals.append(refusal)
        return .refused(refusal)
    }

    /// `seconds` rounded up, at least 1.
    private static func wholeSeconds(_ seconds: Double) -> Int { max(1, Int(seconds.rounded(.up))) }
}
