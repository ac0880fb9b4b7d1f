import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTesting
import Testing

@testable import HomeroomIRC

/// SASL and account-tag against a scripted server over a real socket (ngircd has neither).
@Suite struct SASLTests {
    /// A server that accepts `password` for the account `homeroom`, or never answers SASL.
    static func script(password: String, answerSASL: Bool = true) -> ScriptedIRCServer.Script {
        { message in
            switch (message.command, message.parameters.first) {
            case ("CAP", "LS"): return [":irc.test CAP * LS :sasl=PLAIN server-time account-tag message-tags"]
            case ("CAP", "REQ"): return [":irc.test CAP homeroom ACK :\(message.parameters.last ?? "")"]
            case ("CAP", "END"):
                return [":irc.test 001 homeroom :Welcome", ":irc.test 005 homeroom CASEMAPPING=rfc1459 :ok"]
            case ("AUTHENTICATE", "PLAIN"): return answerSASL ? ["AUTHENTICATE +"] : []
            case ("AUTHENTICATE", let payload?) where payload != "*":
                let expected = Data("homeroom\0homeroom\0\(password)".utf8).base64EncodedString()
                if payload == expected {
                    return [
                        ":irc.test 900 homeroom homeroom!bot@school homeroom :You are now logged in",
                        ":irc.test 903 homeroom :SASL successful",
                    ]
                }
                return [":irc.test 904 homeroom :SASL authentication failed"]
            case ("JOIN", let channel?): return [":homeroom!bot@school JOIN \(channel)"]
            default: return []
            }
        }
    }

    static func network(port: Int, password: String, onFailureContinue: Bool = true) -> IRCNetworkSettings {
        var network = IRCNetworkSettings(name: "school", host: "127.0.0.1", port: port)
        network.tls = false
        network.session.sasl = .init(account: "homeroom", password: password, continueOnFailure: onFailureContinue)
        network.session.saslTimeout = 1
        network.session.channels = [.init(name: "#lunch")]
        network.flood = FloodControl(isEnabled: false)
        network.firstReconnectSeconds = 30
        network.maximumReconnectSeconds = 30
        return network
    }

    @Test func saslSucceedsBeforeCapEndAndAccountsAreTrustedForRoles() async throws {
        let server = try await ScriptedIRCServer.start(Self.script(password: "right"))
        try await IRCBotHarness.with(
            Self.network(port: server.port, password: "right"), configure: { $0.admins = ["irc:school:principal"] }
        ) { _ in
            try await server.waitFor { $0 == "JOIN #lunch" }
            let sent = server.received
            let authenticate = try #require(
                sent.lastIndex { $0.hasPrefix("AUTHENTICATE ") && $0 != "AUTHENTICATE PLAIN" })
            let capEnd = try #require(sent.firstIndex(of: "CAP END"))
            #expect(authenticate < capEnd, "CAP END only after SASL: \(sent)")
            #expect(sent.first == "CAP LS 302")
            #expect(sent.contains { $0.hasPrefix("CAP REQ :") && $0.contains("sasl") && $0.contains("account-tag") })

            server.push("@account=principal :pat!p@school PRIVMSG #lunch :!lunch set specials \"Fish tacos\"")
            server.push(":eve!e@elsewhere PRIVMSG #lunch :!lunch set specials \"Cake\"")
            server.push(":eve!e@elsewhere PRIVMSG #lunch :!lunch")
            try await server.waitFor {
                $0.hasPrefix("PRIVMSG #lunch :") && $0.contains("Fish tacos") && !$0.contains("set")
            }
            #expect(server.received.contains { $0.hasPrefix("NOTICE eve :") }, "eve was refused privately")
            #expect(!server.received.contains { $0.contains("Cake") && $0.hasPrefix("PRIVMSG") })
        }
        await server.stop()
    }

    @Test func aRefusedSASLDisconnectsWhenConfiguredTo() async throws {
        let server = try await ScriptedIRCServer.start(Self.script(password: "right"))
        try await IRCBotHarness.with(Self.network(port: server.port, password: "wrong", onFailureContinue: false)) {
            harness in
            let bot = harness.bot
            try await server.waitFor { $0 == "QUIT :SASL failed" }
            #expect(!server.received.contains("CAP END"))
            try await eventually("the network reported down", within: .seconds(30)) {
                bot.runtime.adapterStatus.snapshot["irc/school"]?.state == .down
            }
            let status = bot.runtime.adapterStatus.snapshot["irc/school"]
            #expect(status?.detail.contains("SASL") == true, "\(status?.detail ?? "")")
        }
        await server.stop()
    }

    @Test func aSASLThatNeverAnswersTimesOutAndRegistrationGoesOn() async throws {
        let server = try await ScriptedIRCServer.start(Self.script(password: "right", answerSASL: false))
        try await IRCBotHarness.with(Self.network(port: server.port, password: "right")) { _ in
            try await server.waitFor(timeout: .seconds(10)) { $0 == "JOIN #lunch" }
            let sent = server.received
            #expect(sent.contains("AUTHENTICATE *"))
            #expect(sent.firstIndex(of: "AUTHENTICATE *")! < sent.firstIndex(of: "CAP END")!)
        }
        await server.stop()
    }
}
