import Foundation
import HomeroomTestbed
import HomeroomTesting
import Testing

@testable import HomeroomIRC

/// What the session believes of the server, fed line by line: account tags only after the
/// server acknowledged `account-tag`, WHOIS answers only for what was asked, and caps on
/// everything the server could send without end.
@Suite struct IRCSessionTrustTests {
    typealias Run = IRCSessionTests.Run

    /// A registered session after `capabilities` were offered and `acknowledged`.
    static func registered(offering capabilities: String, acknowledging acknowledged: String?) -> Run {
        var run = Run(IRCSessionTests.settings())
        _ = run.start()
        _ = run.feed(":s CAP * LS :\(capabilities)")
        if let acknowledged { _ = run.feed(":s CAP homeroom ACK :\(acknowledged)") }
        _ = run.feed(":s 001 homeroom :hi")
        return run
    }

    static func delivered(_ actions: [IRCSession.Action]) -> IRCChatMessage? {
        for action in actions {
            if case .deliver(let message) = action { return message }
        }
        return nil
    }

    static func whoisAnswers(_ actions: [IRCSession.Action]) -> [IRCWhoisAnswer] {
        actions.compactMap { if case .whois(let answer) = $0 { answer } else { nil } }
    }

    static let taggedLine = "@account=principal :pat!p@school PRIVMSG #lunch :!lunch set specials cake"

    @Test func anAccountTagCountsOnlyAfterTheServerAcknowledgedAccountTag() throws {
        var acknowledged = Self.registered(offering: "account-tag", acknowledging: "account-tag")
        #expect(Self.delivered(acknowledged.feed(Self.taggedLine).actions)?.account == "principal")
        _ = acknowledged.feed(":s CAP homeroom DEL :account-tag")
        #expect(Self.delivered(acknowledged.feed(Self.taggedLine).actions)?.account == nil, "withdrawn with DEL")

        var notOffered = Self.registered(offering: "multi-prefix", acknowledging: "multi-prefix")
        let message = try #require(Self.delivered(notOffered.feed(Self.taggedLine).actions))
        #expect(message.account == nil, "a tag from a server that never agreed to send it")
        #expect(message.hostmask == "pat!p@school")

        var refused = Self.registered(offering: "account-tag", acknowledging: nil)
        _ = refused.feed(":s CAP homeroom NAK :account-tag")
        #expect(Self.delivered(refused.feed(Self.taggedLine).actions)?.account == nil)
    }

    @Test func anAcknowledgementNobodyAskedForSwitchesNothingOn() {
        var run = Self.registered(offering: "multi-prefix", acknowledging: "multi-prefix")
        _ = run.feed(":s CAP homeroom ACK :account-tag sasl")
        #expect(run.session.enabledCapabilities == ["multi-prefix"])
        #expect(Self.delivered(run.feed(Self.taggedLine).actions)?.account == nil)
        _ = run.feed(":s CAP homeroom ACK :-multi-prefix")
        #expect(run.session.enabledCapabilities.isEmpty, "-name switches a capability off, never on")
    }

    @Test func aWhoisGathersUserHostAndAccountUntilItsEnd() throws {
        var run = Self.registered(offering: "", acknowledging: nil)
        let first = run.session.whois("Ada")
        let asked = try #require(first)
        #expect(IRCSessionTests.Run.split(asked).sent == ["WHOIS Ada"])
        let again = run.session.whois("ada")
        #expect(again == [], "one question per nick")
        #expect(
            run.feed(
                ":s 311 homeroom ada ~a host.example * :Ada",
                ":s 330 homeroom ada ada-account :is logged in as",
                ":s 311 homeroom mallory ~m evil * :not asked about"
            ).actions.isEmpty)
        let answers = Self.whoisAnswers(run.feed(":s 318 homeroom ada :End of WHOIS").actions)
        #expect(answers == [IRCWhoisAnswer(nick: "Ada", userAndHost: "~a@host.example", account: "ada-account")])
        #expect(Self.whoisAnswers(run.feed(":s 318 homeroom ada :End of WHOIS").actions).isEmpty, "answered once")

        _ = run.session.whois("ghost")
        let missing = Self.whoisAnswers(run.feed(":s 401 homeroom ghost :No such nick").actions)
        #expect(missing == [IRCWhoisAnswer(nick: "ghost")])
        #expect(Self.whoisAnswers(run.feed(":s 318 homeroom ghost :End").actions).isEmpty)

        _ = run.session.whois("late")
        run.session.cancelWhois("late")
        #expect(
            Self.whoisAnswers(run.feed(":s 311 homeroom late u h * :x", ":s 318 homeroom late :End").actions).isEmpty)
    }

    @Test func whoisIsAskedOnlyForANickAndOnlyAFewAtOnce() {
        var run = Self.registered(offering: "", acknowledging: nil)
        for bad in ["", "#lunch", "a b", "a,b", "nick!user@host", ":x"] {
            let asked = run.session.whois(bad)
            #expect(asked == nil, "\(bad)")
        }
        for number in 0..<IRCSession.maximumWhoisInProgress {
            let asked = run.session.whois("user\(number)")
            #expect(asked != nil)
        }
        let tooMany = run.session.whois("one-too-many")
        #expect(tooMany == nil)
        var unregistered = Run(IRCSessionTests.settings())
        _ = unregistered.start()
        let early = unregistered.session.whois("ada")
        #expect(early == nil)
    }

    @Test func theNickLastSeenOnAnAccountIsAskedFirstAndFollowsNickChanges() {
        var run = Self.registered(offering: "account-tag", acknowledging: "account-tag")
        #expect(run.session.nicksToAsk(forAccount: "ada") == ["ada"])
        _ = run.feed("@account=ada :ada_phone!a@h PRIVMSG homeroom :lunch")
        #expect(run.session.nicksToAsk(forAccount: "ADA") == ["ada_phone", "ADA"])
        _ = run.feed(":ada_phone!a@h NICK :ada_away")
        #expect(run.session.nicksToAsk(forAccount: "ada") == ["ada_away", "ada"])
        #expect(run.session.nicksToAsk(forAccount: "not a nick") == [])

        var untrusted = Self.registered(offering: "", acknowledging: nil)
        _ = untrusted.feed("@account=ada :mallory!m@h PRIVMSG homeroom :lunch")
        #expect(untrusted.session.nicksToAsk(forAccount: "ada") == ["ada"], "an unacknowledged tag is no hint")
    }

    @Test func endlessNickRefusalsEndInADisconnect() {
        var run = Run(IRCSessionTests.settings())
        _ = run.start()
        var longest = 0
        var disconnected = false
        for _ in 0..<1000 where !disconnected {
            let result = run.feed(":s 433 * \(run.session.nick) :Nickname is already in use")
            longest = max(longest, run.session.nick.count)
            disconnected = result.actions.contains { if case .disconnect = $0 { true } else { false } }
        }
        #expect(disconnected)
        #expect(longest <= "homeroom".count + IRCSession.maximumNickSuffixes)
    }

    @Test func endlessCapabilityOffersAndForcedJoinsAreCapped() {
        var run = Run(IRCSessionTests.settings())
        _ = run.start()
        for batch in 0..<50 {
            let names = (0..<20).map { "x-\(batch)-\($0)" }.joined(separator: " ")
            _ = run.feed(":s CAP * LS * :\(names)")
        }
        #expect(run.feed(":s CAP * LS :account-tag").sent == ["CAP END"], "what came after the cap is ignored")
        _ = run.feed(":s 001 homeroom :hi")
        for number in 0..<(IRCSession.maximumJoinedChannels + 100) {
            _ = run.feed(":homeroom!b@h JOIN #forced\(number)")
        }
        #expect(run.session.joinedChannels.count == IRCSession.maximumJoinedChannels)
    }

    /// Found by the IRC fuzz target (`Tests/Fixtures/hostile/fuzz/IRC/crash-cap-ls-bare-equals`):
    /// an offered capability written `=` alone split into no parts and trapped.
    @Test func anOfferedCapabilityWithNoNameIsSkipped() throws {
        let line = try String(
            contentsOf: Corpus.packageRoot.appendingPathComponent(
                "Tests/Fixtures/hostile/fuzz/IRC/crash-cap-ls-bare-equals"), encoding: .utf8)
        var run = Run(IRCSessionTests.settings())
        _ = run.start()
        _ = run.feed(line.trimmingCharacters(in: .newlines))
        _ = run.feed(":s CAP * LS * :=x = ==")
        let sent = run.feed(":s CAP * LS :account-tag=").sent
        #expect(sent == ["CAP REQ account-tag"])
    }

    @Test func aCTCPPingTokenIsSentBackPlainAndShort() throws {
        var run = Self.registered(offering: "", acknowledging: nil)
        let token = "\u{2}\u{3}4,4" + String(repeating: "x", count: 400) + "\u{1}DCC SEND"
        let sent = run.feed(":eve!e@h PRIVMSG homeroom :\u{1}PING \(token)\u{1}").sent
        let answer = try #require(sent.first)
        #expect(answer == "NOTICE eve :\u{1}PING " + String(repeating: "x", count: 59) + "\u{1}")
    }
}
