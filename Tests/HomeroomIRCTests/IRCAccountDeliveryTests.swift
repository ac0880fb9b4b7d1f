import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Testing

@testable import HomeroomIRC

/// Services accounts against a scripted server over a real socket (ngircd has no services): a
/// direct message to `irc:NETWORK:ACCOUNT` goes to a nick only when WHOIS says the nick is logged
/// in to that account, and an `account` tag counts only when the server acknowledged `account-tag`.
@Suite struct IRCAccountDeliveryTests {
    /// Who is online: nick → (user@host, account).
    static let online: [String: (String, String?)] = [
        "ada": ("~a@school.example", "ada"),
        "ada_phone": ("~a@phone.example", "ada"),
        "bob": ("~m@elsewhere.example", "mallory"),
        "eve": ("~e@elsewhere.example", nil),
    ]

    /// A server that registers the bot, acknowledges what it asks for when `acknowledge` is set,
    /// and answers WHOIS from ``online``.
    static func script(offering capabilities: String, acknowledge: Bool) -> ScriptedIRCServer.Script {
        { message in
            switch (message.command, message.parameters.first) {
            case ("CAP", "LS"): return [":irc.test CAP * LS :\(capabilities)"]
            case ("CAP", "REQ"):
                let list = message.parameters.last ?? ""
                return [":irc.test CAP homeroom \(acknowledge ? "ACK" : "NAK") :\(list)"]
            case ("CAP", "END"): return [":irc.test 001 homeroom :Welcome"]
            case ("JOIN", let channel?): return [":homeroom!bot@school JOIN \(channel)"]
            case ("WHOIS", let nick?):
                guard let (userAndHost, account) = online[nick.lowercased()] else {
                    return [":irc.test 401 homeroom \(nick) :No such nick", ":irc.test 318 homeroom \(nick) :End"]
                }
                let parts = userAndHost.split(separator: "@")
                return [":irc.test 311 homeroom \(nick) \(parts[0]) \(parts[1]) * :Someone"]
                    + (account.map { [":irc.test 330 homeroom \(nick) \($0) :is logged in as"] } ?? [])
                    + [":irc.test 318 homeroom \(nick) :End of WHOIS"]
            default: return []
            }
        }
    }

    static func network(port: Int) -> IRCNetworkSettings {
        var network = IRCNetworkSettings(name: "school", host: "127.0.0.1", port: port)
        network.tls = false
        network.session.channels = [.init(name: "#lunch")]
        network.flood = FloodControl(isEnabled: false)
        network.firstReconnectSeconds = 30
        network.maximumReconnectSeconds = 30
        return network
    }

    @Test func aMessageForAnAccountGoesOnlyToANickLoggedInToIt() async throws {
        let server = try await ScriptedIRCServer.start(
            Self.script(offering: "account-tag message-tags", acknowledge: true))
        try await IRCBotHarness.with(Self.network(port: server.port)) { harness in
            try await server.waitFor { $0 == "JOIN #lunch" }
            try await harness.waitUntilJoined(network: "school")
            let outbox = harness.bot.runtime.outbox
            let worker = OutboxDeliveryWorker(
                outbox: outbox, sender: harness.adapter.sender, logger: TestBot.testLogger())
            for (account, key) in [
                ("ada", "ada"), ("bob", "nick-of-another-account"), ("eve", "not-logged-in"),
                ("carol", "offline"),
            ] {
                try await outbox.enqueue(
                    adapter: "irc", target: .user(UserID("irc:school:\(account)")!), lines: ["for \(account)"],
                    idempotencyKey: key)
            }
            #expect(try await worker.deliverDue() == 1)
            try await server.waitFor { $0 == "PRIVMSG ada :for ada" }
            #expect(try await outbox.pendingCount(for: "irc") == 3)
            let sent = server.received
            #expect(sent.contains("WHOIS bob") && sent.contains("WHOIS eve") && sent.contains("WHOIS carol"))
            #expect(!sent.contains { $0.hasPrefix("PRIVMSG bob") || $0.hasPrefix("PRIVMSG eve") })
            #expect(!sent.contains { $0.hasPrefix("PRIVMSG carol") })

            // Ada wrote from her phone: that nick is asked first next time.
            server.push("@account=ada :ada_phone!~a@phone.example PRIVMSG homeroom :hello")
            try await outbox.enqueue(
                adapter: "irc", target: .user(UserID("irc:school:ada")!), lines: ["to the phone"],
                idempotencyKey: "phone")
            // Its answer (the welcome) shows the line was read.
            try await server.waitFor { $0.hasPrefix("PRIVMSG ada_phone :") }
            #expect(try await worker.deliverDue() == 1)
            try await server.waitFor { $0 == "PRIVMSG ada_phone :to the phone" }
        }
        await server.stop()
    }

    @Test func anAccountTagFromAServerThatDidNotAcknowledgeItIsIgnored() async throws {
        let server = try await ScriptedIRCServer.start(
            Self.script(offering: "account-tag message-tags", acknowledge: false))
        try await IRCBotHarness.with(
            Self.network(port: server.port), configure: { $0.admins = ["irc:school:principal"] }
        ) { harness in
            try await server.waitFor { $0 == "JOIN #lunch" }
            server.push("@account=principal :pat!p@school PRIVMSG #lunch :!staff")
            try await server.waitFor { $0.hasPrefix("NOTICE pat :!staff needs a services account") }
            let toTheChannel = server.received.filter { $0.hasPrefix("PRIVMSG #lunch :") }
            #expect(toTheChannel.isEmpty)

            // The same line from a server that agreed to send account tags is trusted.
            let trusting = try await ScriptedIRCServer.start(
                Self.script(offering: "account-tag message-tags", acknowledge: true))
            var network = Self.network(port: trusting.port)
            network.name = "trusting"
            try await IRCBotHarness.with(network, configure: { $0.admins = ["irc:trusting:principal"] }) { _ in
                try await trusting.waitFor { $0 == "JOIN #lunch" }
                trusting.push("@account=principal :pat!p@school PRIVMSG #lunch :!staff")
                try await trusting.waitFor { $0 == "PRIVMSG #lunch :pat: staff room" }
            }
            await trusting.stop()
        }
        await server.stop()
    }
}
