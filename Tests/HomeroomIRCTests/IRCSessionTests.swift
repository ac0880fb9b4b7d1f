import Foundation
import Testing

@testable import HomeroomIRC

/// The session fed recorded server lines, one at a time.
@Suite struct IRCSessionTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    struct Run {
        var session: IRCSession
        var now = IRCSessionTests.start

        init(_ settings: IRCSessionSettings) {
            session = IRCSession(settings: settings, now: IRCSessionTests.start)
        }

        /// Feeds `lines` and returns what the session sent, as text, and its other actions.
        mutating func feed(_ lines: String...) -> (sent: [String], actions: [IRCSession.Action]) {
            var actions: [IRCSession.Action] = []
            for line in lines {
                actions += session.receive(IRCMessage(line: Array(line.utf8))!, now: now)
            }
            return Self.split(actions)
        }

        mutating func start() -> [String] { Self.split(session.start(now: now)).sent }

        mutating func tick(after seconds: TimeInterval) -> (sent: [String], actions: [IRCSession.Action]) {
            now = now.addingTimeInterval(seconds)
            return Self.split(session.tick(now: now))
        }

        static func split(_ actions: [IRCSession.Action]) -> (sent: [String], actions: [IRCSession.Action]) {
            var sent: [String] = []
            var others: [IRCSession.Action] = []
            for action in actions {
                if case .send(let message, _) = action {
                    sent.append(String(decoding: message.serialized.dropLast(2), as: UTF8.self))
                } else {
                    others.append(action)
                }
            }
            return (sent, others)
        }
    }

    static func settings(sasl: IRCSessionSettings.SASL? = nil) -> IRCSessionSettings {
        var settings = IRCSessionSettings(nick: "homeroom")
        settings.alternateNicks = ["homeroom-bot"]
        settings.sasl = sasl
        settings.serverPassword = nil
        settings.channels = [.init(name: "#lunch"), .init(name: "#staff", key: "s3cret")]
        return settings
    }

    @Test func registrationWithMultiLineCapLSAndSASLSuccess() {
        var run = Run(Self.settings(sasl: .init(account: "homeroom", password: "pw")))
        #expect(run.start() == ["CAP LS 302", "NICK homeroom", "USER homeroom 0 * :Homeroom school bot"])
        #expect(run.feed(":irc.test CAP * LS * :multi-prefix sasl=PLAIN,EXTERNAL").sent.isEmpty, "more LS lines follow")
        #expect(
            run.feed(":irc.test CAP * LS :server-time message-tags account-tag echo-message").sent == [
                "CAP REQ :account-tag message-tags multi-prefix sasl server-time"
            ])
        #expect(
            run.feed(":irc.test CAP homeroom ACK :account-tag message-tags multi-prefix sasl server-time").sent == [
                "AUTHENTICATE PLAIN"
            ])
        let payload = Data("homeroom\0homeroom\0pw".utf8).base64EncodedString()
        #expect(run.feed("AUTHENTICATE +").sent == ["AUTHENTICATE \(payload)"])
        #expect(run.feed(":irc.test 900 homeroom homeroom!u@h homeroom :You are now logged in").sent.isEmpty)
        #expect(run.feed(":irc.test 903 homeroom :SASL authentication successful").sent == ["CAP END"])
        #expect(run.session.account == "homeroom")
        let welcome = run.feed(":irc.test 001 homeroom :Welcome")
        #expect(welcome.sent == ["JOIN #lunch", "JOIN #staff s3cret"], "no NickServ after SASL")
        #expect(welcome.actions.contains(.registered(nick: "homeroom")))
    }

    @Test func saslPayloadsAreSentIn400ByteChunksEndedByAPlusWhenExact() {
        // 300 bytes of payload are 400 base64 characters: one full chunk, then "+".
        let password = String(repeating: "p", count: 300 - 2 - 2 * "a".count)
        var run = Run(Self.settings(sasl: .init(account: "a", password: password)))
        _ = run.start()
        _ = run.feed(":s CAP * LS :sasl")
        _ = run.feed(":s CAP * ACK :sasl")
        let sent = run.feed("AUTHENTICATE +").sent
        #expect(sent.count == 2)
        #expect(sent[0].count == "AUTHENTICATE ".count + 400)
        #expect(sent[1] == "AUTHENTICATE +")
    }

    @Test func aRefusedSASLGoesOnOrDisconnectsAsConfigured() {
        var goOn = Run(Self.settings(sasl: .init(account: "a", password: "wrong", continueOnFailure: true)))
        _ = goOn.start()
        _ = goOn.feed(":s CAP * LS :sasl", ":s CAP * ACK :sasl", "AUTHENTICATE +")
        #expect(goOn.feed(":s 904 homeroom :SASL authentication failed").sent == ["CAP END"])

        var stop = Run(Self.settings(sasl: .init(account: "a", password: "wrong", continueOnFailure: false)))
        _ = stop.start()
        _ = stop.feed(":s CAP * LS :sasl", ":s CAP * ACK :sasl", "AUTHENTICATE +")
        let failed = stop.feed(":s 904 homeroom :SASL authentication failed")
        #expect(failed.sent == ["QUIT :SASL failed"])
        #expect(failed.actions.contains { if case .disconnect = $0 { true } else { false } })
    }

    @Test func aSASLThatHangsTimesOutAndCapEndFollows() {
        var run = Run(Self.settings(sasl: .init(account: "a", password: "pw")))
        _ = run.start()
        _ = run.feed(":s CAP * LS :sasl", ":s CAP * ACK :sasl")
        #expect(run.tick(after: 5).sent.isEmpty)
        #expect(run.tick(after: 11).sent == ["AUTHENTICATE *", "CAP END"])
    }

    @Test func aServerWithoutCapabilitiesStillRegistersAndNickServIdentifies() {
        var settings = Self.settings()
        settings.nickServPassword = "pw"
        settings.serverPassword = "letmein"
        var run = Run(settings)
        #expect(run.start().contains("PASS letmein"))
        #expect(run.feed(":s CAP * LS :").sent == ["CAP END"])
        #expect(
            run.feed(":s 001 homeroom :hi").sent == [
                "PRIVMSG NickServ :IDENTIFY pw", "JOIN #lunch", "JOIN #staff s3cret",
            ])
    }

    @Test func aNickInUseTriesTheAlternatesThenUnderscoresAndIsTakenBackLater() {
        var run = Run(Self.settings())
        _ = run.start()
        #expect(run.feed(":s 433 * homeroom :Nickname is already in use").sent == ["NICK homeroom-bot"])
        #expect(run.feed(":s 433 * homeroom-bot :Nickname is already in use").sent == ["NICK homeroom_"])
        #expect(run.feed(":s 437 * homeroom_ :Nick temporarily unavailable").sent == ["NICK homeroom__"])
        _ = run.feed(":s 001 homeroom__ :hi")
        #expect(run.session.nick == "homeroom__")
        #expect(run.feed(":homeroom!x@y QUIT :gone").sent == ["NICK homeroom"], "the nick was freed")
        _ = run.feed(":homeroom__!b@h NICK :homeroom")
        #expect(run.session.nick == "homeroom")
    }

    @Test func pingIsAnsweredAndSilenceEndsTheConnection() {
        var run = Run(Self.settings())
        _ = run.start()
        _ = run.feed(":s CAP * LS :", ":s 001 homeroom :hi")
        #expect(run.feed("PING :irc.test 12345").sent == ["PONG :irc.test 12345"])
        #expect(run.tick(after: 59).sent.isEmpty)
        let ping = run.tick(after: 1).sent
        #expect(ping.count == 1 && ping[0].hasPrefix("PING homeroom-"))
        let dead = run.tick(after: 30)
        #expect(
            dead.actions.contains { if case .disconnect(let reason) = $0 { reason.contains("PING") } else { false } })
    }

    @Test func aKickIsFollowedByARejoinAfterTheDelay() {
        var run = Run(Self.settings())
        _ = run.start()
        _ = run.feed(":s CAP * LS :", ":s 001 homeroom :hi", ":homeroom!bot@school.test JOIN #staff")
        #expect(run.session.userAndHost == "bot@school.test")
        _ = run.feed(":teacher!t@h KICK #Staff homeroom :quiet please")
        #expect(run.session.joinedChannels.isEmpty)
        #expect(run.tick(after: 5).sent.isEmpty)
        #expect(run.tick(after: 5).sent == ["JOIN #Staff s3cret"])
    }

    @Test func messagesCTCPNoticesAndOwnEchoes() {
        var run = Run(Self.settings())
        _ = run.start()
        _ = run.feed(
            ":s CAP * LS :account-tag server-time", ":s CAP * ACK :account-tag server-time", ":s 001 homeroom :hi",
            ":s 005 homeroom CASEMAPPING=ascii :are supported")
        let channel = run.feed("@account=ada;time=2026-11-23T17:00:00.000Z :ada!~a@h PRIVMSG #lunch :!lunch")
        guard case .deliver(let message) = channel.actions.first else {
            Issue.record("no delivery")
            return
        }
        #expect(message.channel == "#lunch")
        #expect(message.account == "ada")
        #expect(message.time == (try? Date("2026-11-23T17:00:00Z", strategy: .iso8601)))
        let direct = run.feed(":bob!b@h PRIVMSG HomeRoom :lunch")
        if case .deliver(let message) = direct.actions.first {
            #expect(message.channel == nil)
            #expect(message.account == nil)
        } else {
            Issue.record("no direct delivery")
        }
        #expect(run.feed(":bob!b@h NOTICE homeroom :lunch").actions.isEmpty, "never answer a NOTICE")
        #expect(run.feed(":homeroom!x@y PRIVMSG #lunch :echo").actions.isEmpty, "own echo ignored")
        #expect(
            run.feed(":bob!b@h PRIVMSG homeroom :\u{1}VERSION\u{1}").sent == [
                "NOTICE bob :\u{1}VERSION Homeroom 1.0 (school chat bot)\u{1}"
            ])
        #expect(run.feed(":eve!e@h PRIVMSG homeroom :\u{1}PING 1\u{1}").sent.isEmpty, "CTCP answers are rate limited")
        _ = run.tick(after: 3)
        #expect(run.feed(":eve!e@h PRIVMSG homeroom :\u{1}PING 1\u{1}").sent == ["NOTICE eve :\u{1}PING 1\u{1}"])
    }

    @Test func capNewAndDel() {
        var run = Run(Self.settings())
        _ = run.start()
        _ = run.feed(":s CAP * LS :multi-prefix", ":s CAP * ACK :multi-prefix", ":s 001 homeroom :hi")
        #expect(run.feed(":s CAP homeroom NEW :server-time sasl").sent == ["CAP REQ server-time"])
        _ = run.feed(":s CAP homeroom ACK :server-time")
        #expect(run.session.enabledCapabilities == ["multi-prefix", "server-time"])
        _ = run.feed(":s CAP homeroom DEL :server-time")
        #expect(run.session.enabledCapabilities == ["multi-prefix"])
    }

    @Test func malformedLinesChangeNothing() {
        var run = Run(Self.settings())
        _ = run.start()
        for line in [
            "PRIVMSG", ":x PRIVMSG #a", "KICK", "CAP", "CAP *", "001", "433", "JOIN", ":a!b@c KICK #lunch",
            "AUTHENTICATE +",
        ] {
            let result = run.feed(line)
            #expect(result.actions.isEmpty, "\(line)")
        }
        #expect(!run.session.isRegistered)
    }
}
