import Foundation

/// Who holds a nick and which services account they are logged in to: WHOIS lookups, the
/// `account` tag the server vouches for, and the nicks last seen with each account.
extension IRCSession {
    /// Asks the server who holds `nick` (WHOIS); the answer comes as a ``Action/whois(_:)`` action.
    /// nil when it cannot be asked now: not registered, not a nick, or too many lookups waiting.
    /// A lookup already waiting for the same nick is not asked twice.
    package mutating func whois(_ nick: String) -> [Action]? {
        guard isRegistered, IRCNetworkSettings.isNick(nick), !"#&:".contains(nick.first ?? "#") else { return nil }
        let key = caseMapping.fold(nick)
        if whoisInProgress[key] != nil { return [] }
        guard whoisInProgress.count < Self.maximumWhoisInProgress else { return nil }
        whoisInProgress[key] = IRCWhoisAnswer(nick: nick)
        return [.send(IRCMessage("WHOIS", nick), .bulk)]
    }

    /// Gives up the WHOIS of `nick` (its answer took too long); a late answer is ignored.
    package mutating func cancelWhois(_ nick: String) {
        whoisInProgress[caseMapping.fold(nick)] = nil
    }

    /// 311 (user and host), 330 (services account), 401 (no such nick) and 318 (the end) for a
    /// WHOIS that was asked; others are ignored.
    mutating func whoisReply(_ message: IRCMessage) -> [Action] {
        guard let about = message.parameter(1) else { return [] }
        let key = caseMapping.fold(about)
        guard var answer = whoisInProgress[key] else { return [] }
        switch message.command {
        case "311":
            guard let user = message.parameter(2), let host = message.parameter(3) else { return [] }
            answer.userAndHost = "\(user)@\(host)"
        case "330":
            guard let account = message.parameter(2), !account.isEmpty, account != "*" else { return [] }
            answer.account = account
        case "401":
            answer = IRCWhoisAnswer(nick: answer.nick)
            whoisInProgress[key] = nil
            return [.whois(answer)]
        default:
            whoisInProgress[key] = nil
            return [.whois(answer)]
        }
        whoisInProgress[key] = answer
        return []
    }

    /// The services account the server vouches for in the message's `account` tag, when the
    /// server acknowledged `account-tag`; otherwise nil, whatever the line says.
    func vouchedAccount(of message: IRCMessage) -> String? {
        guard enabledCapabilities.contains("account-tag"), let account = message.tags["account"],
            !account.isEmpty, account != "*"
        else { return nil }
        return account
    }

    mutating func rememberNick(_ nick: String, forAccount account: String) {
        if nickByAccount.count >= Self.maximumRememberedAccounts { nickByAccount.removeAll() }
        nickByAccount[caseMapping.fold(account)] = nick
    }

    /// Where to look for the person logged in to `account`: the nick last seen logged in to it,
    /// then the account's name as a nick (most networks reserve it for its owner). A nick found
    /// here is only a guess until a WHOIS confirms the account.
    package func nicksToAsk(forAccount account: String) -> [String] {
        var nicks: [String] = []
        if let seen = nickByAccount[caseMapping.fold(account)] { nicks.append(seen) }
        if IRCNetworkSettings.isNick(account), !nicks.contains(where: { caseMapping.equal($0, account) }) {
            nicks.append(account)
        }
        return nicks
    }
}
