import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTestbed
import HomeroomTesting
import Testing

@testable import HomeroomIRC

/// The adapter against a real ngircd on a loopback port, with a second real client.
@Suite(.enabled(if: NgircdServer.isInstalled, "needs Debian's ngircd (Scripts/test installs it)"))
struct IRCIntegrationTests {
    static func withServer(tls: Bool = false, _ body: (NgircdServer) async throws -> Void) async throws {
        let server = try NgircdServer(tls: tls)
        do {
            try await server.start()
            try await body(server)
        } catch {
            await server.remove()
            throw error
        }
        await server.remove()
    }

    /// A server with the bot joined to #lunch, and ada there too.
    static func withAdaInTheLunchRoom(_ body: (IRCTestClient) async throws -> Void) async throws {
        try await withServer { server in
            try await IRCBotHarness.with(IRCBotHarness.network(port: server.port)) { harness in
                try await harness.waitUntilJoined()
                try await IRCTestClient.with(port: server.port, nick: "ada") { ada in
                    try await ada.join("#lunch")
                    try await body(ada)
                }
            }
        }
    }

    @Test func aCommandInAChannelAndADirectMessageWithoutPrefixAreAnswered() async throws {
        try await Self.withAdaInTheLunchRoom { ada in
            try await ada.send(IRCMessage("PRIVMSG", "#lunch", "!echo hello lunch room"))
            try await ada.waitFor {
                $0.says("hello lunch room", in: "#lunch")
            }
            try await ada.send(IRCMessage("PRIVMSG", "#lunch", "homeroom: lunch"))
            let lunch = try await ada.waitFor {
                $0.command == "PRIVMSG" && $0.parameter(1)?.lowercased().contains("lunch") == true
                    && $0.sourceNick == "homeroom" && $0.parameter(1)?.withoutAddressees != "hello lunch room"
            }
            #expect(lunch.parameter(0) == "#lunch")
            try await ada.send(IRCMessage("PRIVMSG", "homeroom", "echo just for me"))
            try await ada.waitFor { $0.command == "PRIVMSG" && $0.parameters == ["ada", "just for me"] }
            try await ada.send(IRCMessage("PRIVMSG", "#lunch", "!secret"))
            try await ada.waitFor { $0.command == "NOTICE" && $0.parameters == ["ada", "only for you"] }
            try await ada.send(IRCMessage("PRIVMSG", "#lunch", "just chatting about lunch"))
            try await ada.send(IRCMessage("NOTICE", "homeroom", "!echo never answered"))
            try await ada.send(IRCMessage("PRIVMSG", "#lunch", "!echo last"))
            try await ada.waitFor { $0.says("last", in: "#lunch") }
            let fromBot = ada.received.filter {
                $0.message.sourceNick == "homeroom" && $0.message.command != "JOIN"
            }
            #expect(
                !fromBot.contains { $0.message.parameter(1)?.withoutAddressees == "never answered" },
                "a NOTICE is never answered")
        }
    }

    @Test func aSixtyLineAnswerIsSplitUnder512BytesAndContinuesWithMore() async throws {
        try await Self.withAdaInTheLunchRoom { ada in
            try await ada.send(IRCMessage("PRIVMSG", "#lunch", "!long"))
            var pieces: [String] = []
            var notes = 0
            while true {
                let expected = pieces.count + notes + 1
                let page = try await ada.waitFor(count: expected) {
                    $0.command == "PRIVMSG" && $0.sourceNick == "homeroom"
                }
                for line in page.dropFirst(pieces.count + notes) {
                    #expect(line.bytes.count + 2 <= 512, "relayed line of \(line.bytes.count + 2) bytes")
                    #expect(String(validating: line.bytes, as: UTF8.self) != nil, "a character was cut")
                    let text = line.message.parameter(1)?.withoutAddressees ?? ""
                    if text.hasPrefix("(") && text.hasSuffix("type !more)") {
                        notes += 1
                    } else {
                        pieces.append(text)
                    }
                }
                if pieces.joined(separator: " ").hasSuffix("end 60") { break }
                if page.last?.message.parameter(1)?.hasSuffix("type !more)") == true {
                    try await ada.send(IRCMessage("PRIVMSG", "#lunch", "!more"))
                }
            }
            // Each original line is its pieces joined with the spaces the cuts took.
            let rebuilt = pieces.joined(separator: " ")
            #expect(rebuilt == TalkPlugin.longLines.joined(separator: " "))
            #expect(pieces.count > 60, "the long lines were split")
            try await ada.send(IRCMessage("PRIVMSG", "#lunch", "!more"))
            try await ada.waitFor { $0.command == "NOTICE" && $0.parameter(1) == "nothing more to show" }
        }
    }

    @Test func aPrivateShortAnswerInAChannelContinuesPrivatelyWithMore() async throws {
        try await Self.withAdaInTheLunchRoom { ada in
            try await ada.send(IRCMessage("PRIVMSG", "#lunch", "!long"))
            try await ada.waitFor { $0.parameter(1)?.hasSuffix("type !more)") == true }
            try await ada.send(IRCMessage("PRIVMSG", "#lunch", "!diary"))
            try await ada.waitFor {
                $0.command == "NOTICE" && $0.parameters == ["ada", "diary in short · more: !more"]
            }
            // The newer, private answer is what !more continues, still privately.
            try await ada.send(IRCMessage("PRIVMSG", "#lunch", "!more"))
            try await ada.waitFor { $0.command == "NOTICE" && $0.parameters == ["ada", "diary 3"] }
            let inTheChannel = ada.messages(from: "homeroom", to: "#lunch").filter { $0.contains("diary") }
            #expect(inTheChannel.isEmpty, "a private answer never reaches the channel: \(inTheChannel)")
        }
    }

    @Test func aBurstOfFortyCommandsFromFourPeopleIsAnsweredInOrderWithoutADisconnect() async throws {
        try await Self.withServer { server in
            // Not an operator: the server's own flood limit applies (ngircd: 3 lines a second).
            var network = IRCBotHarness.network(port: server.port, asOperator: false)
            network.flood = FloodControl(burst: 4, secondsPerLine: 0.35)
            try await IRCBotHarness.with(network) { harness in
                try await harness.waitUntilJoined()
                try await IRCTestClient.with(port: server.port, nick: "watcher") { watcher in
                    try await watcher.join("#lunch")
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for person in ["ada", "bo", "cy", "di"] {
                            group.addTask {
                                try await IRCTestClient.with(port: server.port, nick: person) { client in
                                    try await client.join("#lunch")
                                    for number in 1...10 {
                                        try await client.sendLine("PRIVMSG #lunch :!echo \(person) \(number)")
                                    }
                                    _ = try await client.waitFor(count: 10, timeout: .seconds(60)) {
                                        $0.sourceNick == "homeroom"
                                            && $0.parameter(1)?.withoutAddressees.hasPrefix("\(person) ") == true
                                    }
                                }
                            }
                        }
                        try await group.waitForAll()
                    }
                    let answers = watcher.messages(from: "homeroom", to: "#lunch").map(\.withoutAddressees)
                    #expect(answers.count == 40)
                    for person in ["ada", "bo", "cy", "di"] {
                        let numbers = answers.filter { $0.hasPrefix("\(person) ") }.compactMap {
                            Int($0.split(separator: " ")[1])
                        }
                        #expect(numbers == Array(1...10), "\(person): \(numbers)")
                    }
                    #expect(
                        !watcher.received.contains {
                            $0.message.command == "QUIT" && $0.message.sourceNick == "homeroom"
                        })
                }
            }
        }
    }

    @Test func afterTheServerRestartsTheBotReconnectsRejoinsAndAnswers() async throws {
        try await Self.withServer { server in
            try await IRCBotHarness.with(IRCBotHarness.network(port: server.port)) { harness in
                try await harness.waitUntilJoined()
                await server.stop()
                try await eventually("the network no longer reported up", within: .seconds(10)) {
                    harness.bot.runtime.adapterStatus.snapshot["irc/test"]?.state != .up
                }
                try await server.start()
                try await harness.waitUntilJoined()
                #expect(harness.bot.runtime.adapterStatus.snapshot["irc/test"]?.state == .up)
                try await IRCTestClient.with(port: server.port, nick: "ada") { ada in
                    try await ada.join("#lunch")
                    try await ada.send(IRCMessage("PRIVMSG", "#lunch", "!echo back again"))
                    try await ada.waitFor { $0.says("back again", in: "#lunch") }
                }
            }
        }
    }

    @Test func aNickInUseIsWorkedAroundAndTakenBackWhenFree() async throws {
        try await Self.withServer { server in
            try await IRCTestClient.with(port: server.port, nick: "homeroom") { squatter in
                try await squatter.join("#lunch")
                try await IRCBotHarness.with(IRCBotHarness.network(port: server.port)) { harness in
                    try await harness.waitUntilJoined()
                    #expect(await harness.nick() == "homeroom-alt")
                    try await squatter.sendLine("QUIT :leaving")
                    try await eventually("the bot took its nick back", within: .seconds(10)) {
                        await harness.nick() == "homeroom"
                    }
                }
            }
        }
    }

    @Test func tlsVerifiesTheCertificateUnlessASelfSignedServerIsAllowed() async throws {
        try await Self.withServer(tls: true) { server in
            let tlsPort = try #require(server.tlsPort)
            var strict = IRCBotHarness.network(port: tlsPort)
            strict.tls = true
            try await IRCBotHarness.with(strict) { harness in
                var status = harness.bot.runtime.adapterStatus.snapshot["irc/test"]
                try await eventually("the network reported down", within: .seconds(10)) {
                    status = harness.bot.runtime.adapterStatus.snapshot["irc/test"]
                    return status?.state == .down
                }
                #expect(status?.detail.uppercased().contains("CERTIFICATE") == true, "\(status?.detail ?? "")")
            }
            var trusting = strict
            trusting.allowInvalidCertificate = true
            try await IRCBotHarness.with(trusting) { harness in
                try await harness.waitUntilJoined()
                try await IRCTestClient.with(port: server.port, nick: "ada") { ada in
                    try await ada.join("#lunch")
                    try await ada.send(IRCMessage("PRIVMSG", "#lunch", "!echo over tls"))
                    try await ada.waitFor { $0.says("over tls", in: "#lunch") }
                }
            }
        }
    }

    @Test func severalNetworksAtOnce() async throws {
        try await Self.withServer { first in
            try await Self.withServer { second in
                var one = IRCBotHarness.network(port: first.port)
                one.name = "one"
                var two = IRCBotHarness.network(port: second.port, nick: "homeroom2")
                two.name = "two"
                try await IRCBotHarness.with(networks: [one, two]) { harness in
                    try await harness.waitUntilJoined(network: "one")
                    try await harness.waitUntilJoined(network: "two")
                    for (server, nick) in [(first, "homeroom"), (second, "homeroom2")] {
                        try await IRCTestClient.with(port: server.port, nick: "ada") { ada in
                            try await ada.join("#lunch")
                            try await ada.send(IRCMessage("PRIVMSG", "#lunch", "!echo hello \(nick)"))
                            try await ada.waitFor {
                                $0.sourceNick == nick && $0.says("hello \(nick)", in: "#lunch")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func notificationsFromTheOutboxReachChannelsAndPeople() async throws {
        try await Self.withServer { server in
            try await IRCBotHarness.with(IRCBotHarness.network(port: server.port)) { harness in
                let outbox = harness.bot.runtime.outbox
                let worker = OutboxDeliveryWorker(
                    outbox: outbox, sender: harness.adapter.sender, logger: TestBot.testLogger())
                try await outbox.enqueue(
                    adapter: "irc", target: .channel("#lunch"), lines: ["Lunch today: soup"], idempotencyKey: "early")
                try await harness.waitUntilJoined()
                try await IRCTestClient.with(port: server.port, nick: "ada") { ada in
                    try await ada.join("#lunch")
                    try await outbox.enqueue(
                        adapter: "irc", target: .channel("test/#lunch"), lines: ["Pizza on Friday"],
                        idempotencyKey: "channel")
                    try await outbox.enqueue(
                        adapter: "irc", target: .user(UserID("irc:test:ada!~tester@127.0.0.1")!),
                        lines: ["Your club meets at 3"], idempotencyKey: "person")
                    #expect(try await worker.deliverDue() == 3)
                    try await ada.waitFor { $0.parameters == ["#lunch", "Lunch today: soup"] }
                    try await ada.waitFor { $0.parameters == ["#lunch", "Pizza on Friday"] }
                    try await ada.waitFor { $0.parameters == ["ada", "Your club meets at 3"] }
                    #expect(try await outbox.pendingCount(for: "irc") == 0)
                }
            }
        }
    }
}
