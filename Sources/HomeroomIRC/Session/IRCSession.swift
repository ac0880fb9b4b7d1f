import Foundation
import HomeroomCore
import HomeroomEngine

/// The client side of one IRC connection as a state machine, apart from the socket: lines from
/// the server and the passing of time go in, lines to send and messages for the bot come out.
/// Registration (CAP LS 302, SASL PLAIN, PASS, NICK/USER), nick collisions, joins and rejoins,
/// PING in both directions, CTCP and WHOIS lookups are all here, so each is tested line by line.
///
/// What the server says is trusted only as far as it was agreed: the `account` tag names the
/// sender's services account only after the server acknowledged `account-tag`, and an
/// acknowledgement counts only for a capability that was asked for. Everything the server may
/// send without end (capabilities, channels, nick refusals, WHOIS answers) is capped.
package struct IRCSession: Sendable {
    /// What the session asks its driver to do.
    package enum Action: Sendable, Equatable {
        /// Send a line in a lane.
        case send(IRCMessage, OutgoingLane)
        /// A message for the bot.
        case deliver(IRCChatMessage)
        /// Registration is complete under `nick`.
        case registered(nick: String)
        /// The bot is in `channel`.
        case joined(String)
        /// Close the connection (the driver reconnects after its backoff).
        case disconnect(reason: String)
        /// Something an admin should read in the log.
        case note(String)
        /// The server's answer to a WHOIS asked with ``whois(_:)``.
        case whois(IRCWhoisAnswer)
    }

    /// The capabilities Homeroom asks for when the server offers them.
    package static let wantedCapabilities: Set<String> = [
        "sasl", "server-time", "message-tags", "account-tag", "multi-prefix",
    ]

    let settings: IRCSessionSettings
    /// The nick in use (the server's word after 001 or a NICK).
    package private(set) var nick: String
    /// True once the server sent 001.
    package private(set) var isRegistered = false
    /// Capabilities the server acknowledged.
    package private(set) var enabledCapabilities: Set<String> = []
    /// The services account the bot is logged in as (SASL), if any.
    package private(set) var account: String?
    /// Channels the bot is in.
    package private(set) var joinedChannels: Set<String> = []
    /// The server's case mapping.
    package private(set) var caseMapping = CaseMapping.rfc1459
    /// The bot's `user@host` as the server shows it, once seen (for line lengths).
    package private(set) var userAndHost: String?

    private var offeredCapabilities: [String: String] = [:]
    /// Capabilities asked for with CAP REQ and not yet answered.
    private var requestedCapabilities: Set<String> = []
    /// WHOIS answers being gathered, by folded nick.
    var whoisInProgress: [String: IRCWhoisAnswer] = [:]
    /// The nick last seen logged in to an account (through the `account` tag), by folded account:
    /// where a direct message to that account is looked for first.
    var nickByAccount: [String: String] = [:]
    private var capabilityNegotiationOpen = false
    private var saslStartedAt: Date?
    private var nickAttempt = 0
    private var lastReceived: Date
    private var pingSentAt: Date?
    private var startedAt: Date
    private var rejoins: [String: Date] = [:]
    private var lastReclaim: Date
    private var lastCTCPAnswer = Date.distantPast

    /// Capabilities kept from the server's offers; the rest of an endless list is ignored.
    static let maximumOfferedCapabilities = 200
    /// Channels the session keeps track of being in.
    static let maximumJoinedChannels = 500
    /// Nicks tried before registration gives up (the alternates, then up to this many with `_`).
    static let maximumNickSuffixes = 8
    /// WHOIS lookups waiting for their answer at one time.
    static let maximumWhoisInProgress = 16
    /// Accounts whose last nick is remembered.
    static let maximumRememberedAccounts = 1000

    /// A session that has not yet sent anything.
    package init(settings: IRCSessionSettings, now: Date) {
        self.settings = settings
        nick = settings.nick
        lastReceived = now
        startedAt = now
        lastReclaim = now
    }

    /// The first lines after the connection opens: CAP LS 302 (so the server waits for CAP END),
    /// the server password, NICK and USER.
    package mutating func start(now: Date) -> [Action] {
        startedAt = now
        lastReceived = now
        capabilityNegotiationOpen = true
        var lines = [IRCMessage("CAP", "LS", "302")]
        if let password = settings.serverPassword { lines.append(IRCMessage("PASS", password)) }
        lines.append(IRCMessage("NICK", settings.nick))
        lines.append(IRCMessage("USER", settings.user, "0", "*", settings.realName))
        return lines.map { .send($0, .control) }
    }

    /// Handles one line from the server.
    package mutating func receive(_ message: IRCMessage, now: Date) -> [Action] {
        lastReceived = now
        switch message.command {
        case "PING":
            return [.send(IRCMessage(command: "PONG", parameters: message.parameters), .control)]
        case "PONG":
            pingSentAt = nil
            return []
        case "CAP":
            return receiveCapability(message)
        case "AUTHENTICATE":
            return receiveAuthenticate(message)
        case "900":
            account = message.parameter(2)
            return [.note("logged in to services as \(account ?? "?")")]
        case "903":
            saslStartedAt = nil
            return endCapabilityNegotiation()
        case "902", "904", "905", "906", "908":
            return saslFailed("the server refused SASL: \(message.parameters.last ?? message.command)")
        case "001":
            return welcome(message)
        case "005":
            readISupport(message)
            return []
        case "433", "432", "437":
            return nickUnavailable(message)
        case "311", "330", "401", "318":
            return whoisReply(message)
        case "396":
            if let host = message.parameter(1), let user = userAndHost?.split(separator: "@").first {
                userAndHost = "\(user)@\(host)"
            }
            return []
        case "NICK":
            return nickChanged(message)
        case "JOIN":
            return joined(message)
        case "KICK":
            return kicked(message, now: now)
        case "PART":
            if isOwn(message), let channel = message.parameter(0) { joinedChannels.remove(caseMapping.fold(channel)) }
            return []
        case "QUIT":
            return reclaimIfFreed(by: message)
        case "PRIVMSG":
            return privateMessage(message, now: now)
        case "ERROR":
            return [.disconnect(reason: "the server closed the link: \(message.parameters.last ?? "")")]
        default:
            return []
        }
    }

    /// Handles the passing of time: our own PING and its deadline, the SASL and registration
    /// deadlines, rejoins after kicks and taking back the configured nick.
    package mutating func tick(now: Date) -> [Action] {
        if let sentAt = pingSentAt, now.timeIntervalSince(sentAt) >= settings.pingTimeout {
            return [.disconnect(reason: "no answer to PING within \(Int(settings.pingTimeout)) s")]
        }
        if !isRegistered, now.timeIntervalSince(startedAt) >= settings.registrationTimeout {
            return [.disconnect(reason: "registration did not finish within \(Int(settings.registrationTimeout)) s")]
        }
        var actions: [Action] = []
        if let started = saslStartedAt, now.timeIntervalSince(started) >= settings.saslTimeout {
            actions.append(.send(IRCMessage("AUTHENTICATE", "*"), .control))
            actions += saslFailed("SASL did not finish within \(Int(settings.saslTimeout)) s")
        }
        if pingSentAt == nil, now.timeIntervalSince(lastReceived) >= settings.pingInterval {
            pingSentAt = now
            actions.append(.send(IRCMessage("PING", "homeroom-\(Int(now.timeIntervalSince1970))"), .control))
        }
        guard isRegistered else { return actions }
        for (channel, due) in rejoins where due <= now {
            rejoins[channel] = nil
            actions.append(.send(joinMessage(for: channel), .control))
        }
        if !caseMapping.equal(nick, settings.nick), now.timeIntervalSince(lastReclaim) >= settings.nickReclaimInterval {
            lastReclaim = now
            actions.append(.send(IRCMessage("NICK", settings.nick), .control))
        }
        return actions
    }

    // MARK: Capabilities and SASL

    private mutating func receiveCapability(_ message: IRCMessage) -> [Action] {
        guard let subcommand = message.parameter(1)?.uppercased() else { return [] }
        let list = message.parameters.last ?? ""
        switch subcommand {
        case "LS":
            recordOffered(list)
            // `CAP * LS * :…` — more lines follow.
            if message.parameters.count >= 4, message.parameter(2) == "*" { return [] }
            return requestCapabilities()
        case "NEW":
            recordOffered(list)
            return requestCapabilities()
        case "DEL":
            for item in list.split(separator: " ") {
                offeredCapabilities[String(item)] = nil
                enabledCapabilities.remove(String(item))
            }
            return []
        case "ACK":
            // Only what was asked for counts: a server cannot switch on `account-tag` (and so make
            // the bot trust `account` tags) by acknowledging what nobody requested. `-name` disables.
            var acknowledged: Set<String> = []
            for item in list.split(separator: " ") {
                let name = String(item.drop { $0 == "~" || $0 == "=" })
                if name.hasPrefix("-") {
                    enabledCapabilities.remove(String(name.dropFirst()))
                    requestedCapabilities.remove(String(name.dropFirst()))
                } else if requestedCapabilities.remove(name) != nil {
                    acknowledged.insert(name)
                }
            }
            enabledCapabilities.formUnion(acknowledged)
            if acknowledged.contains("sasl"), capabilityNegotiationOpen, settings.sasl != nil {
                saslStartedAt = lastReceived
                return [.send(IRCMessage("AUTHENTICATE", "PLAIN"), .control)]
            }
            return requestedCapabilities.isEmpty ? endCapabilityNegotiation() : []
        case "NAK":
            requestedCapabilities.subtract(list.split(separator: " ").map(String.init))
            return endCapabilityNegotiation()
        default:
            return []
        }
    }

    /// Adds the capabilities of an LS or NEW list (`name` or `name=value`) to those offered.
    private mutating func recordOffered(_ list: String) {
        for item in list.split(separator: " ") {
            // "=" alone, or "=value", names nothing: skipped (splitting it on "=" gives no parts).
            let name = String(item.prefix { $0 != "=" })
            guard !name.isEmpty,
                offeredCapabilities[name] != nil || offeredCapabilities.count < Self.maximumOfferedCapabilities
            else { continue }
            offeredCapabilities[name] = String(item.dropFirst(name.count + 1))
        }
    }

    private mutating func requestCapabilities() -> [Action] {
        var wanted = Self.wantedCapabilities
        if settings.sasl == nil || isRegistered { wanted.remove("sasl") }
        if let mechanisms = offeredCapabilities["sasl"], !mechanisms.isEmpty,
            !mechanisms.split(separator: ",").contains("PLAIN")
        {
            wanted.remove("sasl")
        }
        let request = wanted.filter { offeredCapabilities[$0] != nil && !enabledCapabilities.contains($0) }.sorted()
        if request.isEmpty { return endCapabilityNegotiation() }
        requestedCapabilities.formUnion(request)
        return [.send(IRCMessage("CAP", "REQ", request.joined(separator: " ")), .control)]
    }

    private mutating func endCapabilityNegotiation() -> [Action] {
        guard capabilityNegotiationOpen, saslStartedAt == nil else { return [] }
        capabilityNegotiationOpen = false
        return [.send(IRCMessage("CAP", "END"), .control)]
    }

    private mutating func receiveAuthenticate(_ message: IRCMessage) -> [Action] {
        guard message.parameter(0) == "+", let sasl = settings.sasl, saslStartedAt != nil else { return [] }
        let payload = Array("\(sasl.account)\0\(sasl.account)\0\(sasl.password)".utf8)
        let encoded = Self.base64(payload)
        var chunks: [String] = stride(from: 0, to: encoded.count, by: 400).map { start in
            String(
                encoded[
                    encoded.index(
                        encoded.startIndex, offsetBy: start)..<encoded.index(
                            encoded.startIndex, offsetBy: min(start + 400, encoded.count))])
        }
        // A payload that is a multiple of 400 bytes is ended by a lone "+".
        if encoded.count % 400 == 0 { chunks.append("+") }
        return chunks.map { .send(IRCMessage("AUTHENTICATE", $0), .control) }
    }

    private mutating func saslFailed(_ reason: String) -> [Action] {
        guard saslStartedAt != nil else { return [] }
        saslStartedAt = nil
        if settings.sasl?.continueOnFailure ?? true {
            return [.note("\(reason) — going on without a services account")] + endCapabilityNegotiation()
        }
        return [.send(IRCMessage("QUIT", "SASL failed"), .control), .disconnect(reason: reason)]
    }

    // MARK: Registration and nicks

    private mutating func welcome(_ message: IRCMessage) -> [Action] {
        guard let given = message.parameter(0) else { return [] }
        isRegistered = true
        nick = given
        var actions: [Action] = [.registered(nick: nick)]
        if let password = settings.nickServPassword, account == nil {
            actions.append(.send(IRCMessage("PRIVMSG", "NickServ", "IDENTIFY \(password)"), .control))
        }
        if let name = settings.operatorName, let password = settings.operatorPassword {
            actions.append(.send(IRCMessage("OPER", name, password), .control))
        }
        if let modes = settings.userModes {
            actions.append(.send(IRCMessage("MODE", nick, modes), .control))
        }
        for channel in settings.channels {
            actions.append(.send(joinMessage(for: channel.name), .control))
        }
        return actions
    }

    private mutating func readISupport(_ message: IRCMessage) {
        for token in message.parameters.dropFirst().dropLast() where token.hasPrefix("CASEMAPPING=") {
            caseMapping = CaseMapping(rawValue: String(token.dropFirst(12)).lowercased()) ?? .rfc1459
        }
    }

    private mutating func nickUnavailable(_ message: IRCMessage) -> [Action] {
        guard !isRegistered, let refused = message.parameter(1) else { return [] }
        nickAttempt += 1
        let candidates = settings.alternateNicks
        let next: String
        if nickAttempt <= candidates.count {
            next = candidates[nickAttempt - 1]
        } else if nickAttempt - candidates.count <= Self.maximumNickSuffixes {
            next = settings.nick + String(repeating: "_", count: nickAttempt - candidates.count)
        } else {
            return [.disconnect(reason: "no nick is available: the server refused \(nickAttempt) of them")]
        }
        nick = next
        return [
            .note("the nick \(refused) is unavailable (\(message.command)); trying \(next)"),
            .send(IRCMessage("NICK", next), .control),
        ]
    }

    private mutating func nickChanged(_ message: IRCMessage) -> [Action] {
        guard let newNick = message.parameter(0) else { return [] }
        if isOwn(message) {
            nick = newNick
            return [.note("now known as \(newNick)")]
        }
        if let old = message.sourceNick {
            for (account, known) in nickByAccount where caseMapping.equal(known, old) {
                nickByAccount[account] = newNick
            }
        }
        return reclaimIfFreed(by: message)
    }

    /// Someone holding the configured nick changed it or left: take it back at once.
    private mutating func reclaimIfFreed(by message: IRCMessage) -> [Action] {
        guard isRegistered, let leaving = message.sourceNick, caseMapping.equal(leaving, settings.nick),
            !caseMapping.equal(nick, settings.nick)
        else { return [] }
        return [.send(IRCMessage("NICK", settings.nick), .control)]
    }

    // MARK: Channels

    private func joinMessage(for channel: String) -> IRCMessage {
        let key = settings.channels.first { caseMapping.equal($0.name, channel) }?.key
        return key.map { IRCMessage("JOIN", channel, $0) } ?? IRCMessage("JOIN", channel)
    }

    private mutating func joined(_ message: IRCMessage) -> [Action] {
        guard isOwn(message), let channel = message.parameter(0) else { return [] }
        guard joinedChannels.count < Self.maximumJoinedChannels else { return [] }
        joinedChannels.insert(caseMapping.fold(channel))
        if let source = message.source, let bang = source.firstIndex(of: "!") {
            userAndHost = String(source[source.index(after: bang)...])
        }
        return [.joined(channel)]
    }

    private mutating func kicked(_ message: IRCMessage, now: Date) -> [Action] {
        guard let channel = message.parameter(0), let victim = message.parameter(1), caseMapping.equal(victim, nick)
        else { return [] }
        joinedChannels.remove(caseMapping.fold(channel))
        guard settings.channels.contains(where: { caseMapping.equal($0.name, channel) }) else { return [] }
        rejoins[channel] = now.addingTimeInterval(settings.rejoinDelay)
        return [
            .note(
                "kicked from \(channel) by \(message.sourceNick ?? "?") (\(message.parameter(2) ?? "")); rejoining in \(Int(settings.rejoinDelay)) s"
            )
        ]
    }

    // MARK: Messages

    private mutating func privateMessage(_ message: IRCMessage, now: Date) -> [Action] {
        guard let target = message.parameter(0), let text = message.parameter(1), let sender = message.sourceNick,
            !isOwn(message)
        else { return [] }
        if text.hasPrefix("\u{1}") { return ctcp(text, from: sender, now: now) }
        let time = message.tags["time"].flatMap(Self.serverTime) ?? now
        let isDirect = caseMapping.equal(target, nick)
        let account = vouchedAccount(of: message)
        if let account { rememberNick(sender, forAccount: account) }
        return [
            .deliver(
                IRCChatMessage(
                    nick: sender, hostmask: message.source ?? sender, account: account,
                    channel: isDirect ? nil : target, text: text, time: time))
        ]
    }

    /// CTCP VERSION and PING are answered (in a NOTICE, at most one answer every 2 s so that a
    /// CTCP flood cannot make the bot flood); others are ignored.
    private mutating func ctcp(_ text: String, from sender: String, now: Date) -> [Action] {
        let body = text.trimmingCharacters(in: CharacterSet(charactersIn: "\u{1}"))
        let word = body.prefix { $0 != " " }.uppercased()
        guard word == "VERSION" || word == "PING", now.timeIntervalSince(lastCTCPAnswer) >= 2 else { return [] }
        lastCTCPAnswer = now
        // PING's token is sent back as plain, short text: no codes and no second CTCP inside.
        let answer = word == "VERSION" ? "VERSION \(settings.version)" : String(IRCPlainText.cleaned(body).prefix(64))
        return [.send(IRCMessage("NOTICE", sender, "\u{1}\(answer)\u{1}"), .reply)]
    }

    private func isOwn(_ message: IRCMessage) -> Bool {
        message.sourceNick.map { caseMapping.equal($0, nick) } ?? false
    }

    private static func serverTime(_ text: String) -> Date? {
        try? Date(text, strategy: .iso8601)
    }

    private static func base64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}
