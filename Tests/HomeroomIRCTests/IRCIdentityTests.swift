import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTestbed
import HomeroomTesting
import Logging
import Testing

@testable import HomeroomIRC

/// Who someone is on IRC, against a real ngircd (which has no services, so nobody there has an
/// account): a nick without an account uses the student commands only, unless the network allows
/// PIN logins without services; direct messages go to a nick only when the server says it is the
/// person's; and text from users reaches IRC as plain text.
@Suite(.enabled(if: NgircdServer.isInstalled, "needs Debian's ngircd (Scripts/test installs it)"))
struct IRCIdentityTests {
    static let ada = UserID("irc:test:ada!~tester@127.0.0.1")!
    static let boss = UserID("console:boss")!

    /// Joins `ada` to the admin `console:boss`, as a link made before links needed an account did.
    static func linkAdaToTheAdmin(_ bot: TestBot) async throws {
        try await bot.runtime.access.grant("admin", to: boss, by: AuditEntry.commandLine)
        try await bot.runtime.login.setPIN(TestBot.adminPIN, for: boss, by: AuditEntry.commandLine)
        let links = IdentityLinks(database: bot.runtime.database)
        let entry = AuditEntry(at: bot.clock.now, actor: boss, action: "link.code", detail: "test")
        let code = try await links.issueCode(for: boss, at: bot.clock.now, audit: entry)
        #expect(try await links.redeem(code, by: ada, at: bot.clock.now, audit: entry) == .linked(home: boss))
    }

    @Test func withoutAServicesAccountLoginLinkAndRolesAreRefused() async throws {
        try await IRCIntegrationTests.withServer { server in
            try await IRCBotHarness.with(IRCBotHarness.network(port: server.port)) { harness in
                try await harness.waitUntilJoined()
                try await Self.linkAdaToTheAdmin(harness.bot)
                try await IRCTestClient.with(port: server.port, nick: "ada") { ada in
                    try await ada.join("#lunch")
                    for (command, typed) in [
                        ("login 4321", "/login"), ("link", "/link"), ("link WQY8-6NGB", "/link"),
                        ("unlink console", "/unlink"),
                    ] {
                        try await ada.send(IRCMessage("PRIVMSG", "homeroom", command))
                        try await ada.waitFor {
                            $0.command == "PRIVMSG" && $0.parameter(0) == "ada"
                                && $0.parameter(1) == "\(typed) needs a services account: log in to NickServ "
                                    + "(or connect with SASL), then try again"
                        }
                    }
                    try await ada.send(IRCMessage("PRIVMSG", "#lunch", "!staff"))
                    try await ada.waitFor {
                        $0.command == "NOTICE" && $0.parameter(1)?.hasPrefix("!staff needs a services account") == true
                    }
                    try await ada.send(IRCMessage("PRIVMSG", "#lunch", "!echo students still welcome"))
                    try await ada.waitFor { $0.says("students still welcome", in: "#lunch") }
                    #expect(!ada.received.contains { $0.message.parameter(1) == "staff room" })
                }
                #expect(try await harness.bot.runtime.access.sessionExpiry(of: Self.ada) == nil)
                let actions = try await AuditLog.recent(20, in: harness.bot.runtime.database).map(\.action)
                #expect(!actions.contains("login") && !actions.contains("login.failed"), "no PIN was checked")
            }
        }
    }

    @Test func theSwitchLetsAPINLoginPutRolesInForceOnANetworkWithoutServices() async throws {
        try await IRCIntegrationTests.withServer { server in
            var network = IRCBotHarness.network(port: server.port)
            network.allowPinLoginWithoutServices = true
            try await IRCBotHarness.with(network) { harness in
                try await harness.waitUntilJoined()
                try await Self.linkAdaToTheAdmin(harness.bot)
                try await IRCTestClient.with(port: server.port, nick: "ada") { ada in
                    try await ada.join("#lunch")
                    try await ada.send(IRCMessage("PRIVMSG", "#lunch", "!staff"))
                    try await ada.waitFor {
                        $0.command == "NOTICE" && $0.parameter(1) == "you need the staff permission"
                    }
                    try await ada.send(IRCMessage("PRIVMSG", "homeroom", "login \(TestBot.adminPIN)"))
                    try await ada.waitFor { $0.parameter(1)?.hasPrefix("logged in until") == true }
                    try await ada.send(IRCMessage("PRIVMSG", "#lunch", "!staff"))
                    try await ada.waitFor { $0.says("staff room", in: "#lunch") }
                }
            }
        }
    }

    @Test func aDirectMessageGoesToANickOnlyWhenTheServerSaysItIsTheirs() async throws {
        try await IRCIntegrationTests.withServer { server in
            try await IRCBotHarness.with(IRCBotHarness.network(port: server.port)) { harness in
                try await harness.waitUntilJoined()
                let outbox = harness.bot.runtime.outbox
                let worker = OutboxDeliveryWorker(
                    outbox: outbox, sender: harness.adapter.sender, logger: TestBot.testLogger())
                try await IRCTestClient.with(port: server.port, nick: "ada") { ada in
                    try await outbox.enqueue(
                        adapter: "irc", target: .user(UserID("irc:test:ada!~someone@10.1.2.3")!),
                        lines: ["for the ada who left"], idempotencyKey: "other-host")
                    try await outbox.enqueue(
                        adapter: "irc", target: .user(UserID("irc:test:ada")!), lines: ["for the account ada"],
                        idempotencyKey: "account")
                    try await outbox.enqueue(
                        adapter: "irc", target: .user(UserID("irc:test:nobody!~n@127.0.0.1")!),
                        lines: ["for nobody"], idempotencyKey: "offline")
                    try await outbox.enqueue(
                        adapter: "irc", target: .user(Self.ada), lines: ["for this ada"], idempotencyKey: "this")
                    #expect(try await worker.deliverDue() == 1)
                    try await ada.waitFor { $0.parameters == ["ada", "for this ada"] }
                    #expect(try await outbox.pendingCount(for: "irc") == 3, "the others wait")
                    let texts = ada.received.compactMap { $0.message.parameter(1) }
                    #expect(!texts.contains("for the ada who left"))
                    #expect(!texts.contains("for the account ada"), "ngircd has no services: nobody has an account")
                }
            }
        }
    }

    @Test func textFromUsersReachesIRCAsPlainText() async throws {
        try await IRCIntegrationTests.withServer { server in
            try await IRCBotHarness.with(IRCBotHarness.network(port: server.port)) { harness in
                try await harness.waitUntilJoined()
                try await IRCTestClient.with(port: server.port, nick: "ada") { ada in
                    try await ada.join("#lunch")
                    try await ada.sendLine(
                        "PRIVMSG #lunch :!echo \u{1}DCC SEND x 2130706433 4444 1\u{1} \u{3}1,1hidden\u{3} \u{2}loud\u{F}"
                    )
                    let answer = try await ada.waitFor {
                        $0.sourceNick == "homeroom" && $0.parameter(1)?.withoutAddressees.hasPrefix("DCC") == true
                    }
                    #expect(answer.parameters == ["#lunch", "ada: DCC SEND x 2130706433 4444 1 hidden loud"])
                }
            }
        }
    }
}

/// The start-up warning when a network allows PIN logins without services.
@Suite struct IRCStartupWarningTests {
    @Test func allowingPINLoginsWithoutServicesIsWarnedAboutAtStartUp() async throws {
        let log = LogRecorder()
        try await TestBot.with { bot in
            var open = IRCNetworkSettings(name: "open", host: "127.0.0.1", port: 9, nick: "homeroom")
            open.allowPinLoginWithoutServices = true
            let guarded = IRCNetworkSettings(name: "guarded", host: "127.0.0.1", port: 9, nick: "homeroom")
            var settings = IRCSettings()
            settings.networks = [open, guarded]
            let adapter = IRCAdapter(
                settings: settings, dispatcher: bot.runtime.dispatcher, adapterStatus: bot.runtime.adapterStatus,
                roster: bot.runtime.roster, outbox: nil, clock: SystemClock(), logger: log.logger())
            let running = Task { try await adapter.run() }
            try await eventually("the adapter's first log line", within: .seconds(10)) { !log.entries.isEmpty }
            running.cancel()
            _ = await running.result
            let warnings = log.entries.filter { $0.level == .warning }.map(\.message)
            #expect(warnings.contains { $0.hasPrefix("open: allowPinLoginWithoutServices is on") })
            #expect(!warnings.contains { $0.hasPrefix("guarded:") && $0.contains("allowPinLoginWithoutServices") })
        }
    }
}
