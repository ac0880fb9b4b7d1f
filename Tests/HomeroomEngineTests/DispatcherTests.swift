import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import Logging
import SQLKit
import Testing

@Suite struct DispatcherTests {
    func withBot(
        configure: (inout HomeroomConfiguration) -> Void = { _ in }, _ body: (TestBot) async throws -> Void
    ) async throws {
        try await TestBot.with(plugins: [EchoPlugin.self], configure: configure, body)
    }

    @Test func routesByNameAliasAndCaseAndKeepsQuotedArguments() async throws {
        try await withBot { bot in
            try await bot.expect("/echo hello there", contains: "hello there")
            try await bot.expect("!SAY \"two  spaces\"", in: "#general", contains: "two  spaces")
            try await bot.expect("homeroom: echo hi", in: "#general", contains: "hi")
            try await bot.expect("echo direct", contains: "direct")
        }
    }

    @Test func unknownCommandsGetTheNearestNameAndChatterGetsNothing() async throws {
        try await withBot { bot in
            try await bot.expect(
                "/ecko hi", in: "#general", contains: "no command /ecko — did you mean /echo?", error: true)
            try await bot.expect("!xyzzy", in: "#general", contains: "!help lists what I can do", error: true)
            try await bot.expectSilence("!!!", in: "#general")
            try await bot.expectSilence("good morning all", in: "#general")
            try await bot.expectSilence("! echo", in: "#general")
        }
    }

    @Test func aCommandThePlatformParsedIsRunWithoutRecognisingTheText() async throws {
        try await withBot { bot in
            func send(_ command: PlatformCommand, text: String = "good morning all") async -> Reply? {
                // The text alone would be chatter in a channel: only the parsed command can be answered.
                await bot.runtime.handle(
                    IncomingMessage(
                        sender: UserID("slack:T1:U1")!, conversation: .channel("C1"), text: text, command: command,
                        receivedAt: bot.clock.now))
            }
            let echoed = await send(PlatformCommand(name: "say", arguments: #""two  spaces" more"#))
            #expect(echoed?.text == "two  spaces more")
            #expect(echoed?.isError == false)
            let unknown = await send(PlatformCommand(name: "ecko", arguments: "hi"))
            let typed = await bot.send("/ecko hi", from: "slack:T1:U1", in: "C1")
            #expect(unknown?.text == typed?.text, "the same answer as the command typed")
            #expect(unknown?.text.contains("no command /ecko — did you mean /echo?") == true)
            let unclosed = await send(PlatformCommand(name: "echo", arguments: #""unclosed"#))
            #expect(unclosed?.isError == true)
            #expect(unclosed?.text.contains("closing") == true)
            let bare = await send(PlatformCommand(name: "echo", arguments: ""))
            #expect(bare?.text.contains("usage: /echo WORDS") == true)
        }
    }

    @Test func malformedInputGetsShortErrors() async throws {
        try await withBot { bot in
            try await bot.expect(#"/echo "unclosed"#, contains: "closing", error: true)
            try await bot.expect("/echo", contains: "usage: /echo WORDS", error: true)
        }
    }

    @Test func helpListsOnlyWhatTheAskerMayUse() async throws {
        try await withBot { bot in
            let overview = try await bot.expect(
                "/help", in: "#general", contains: "/echo — repeat the words (also /say)")
            #expect(!overview.text.contains("/admin"))
            #expect(overview.visibility == .sender)
            let echo = try await bot.expect("/help echo", contains: "/echo WORDS", "/echo hello — answers hello")
            #expect(!echo.text.contains("loud"))
            try await bot.loginAsAdmin()
            try await bot.expect("/help echo", from: "console:admin", contains: "/echo loud WORDS — repeat loudly")
            try await bot.expect("/help admin", from: "console:admin", contains: "/admin disable PLUGIN | COMMAND")
            try await bot.expect("/help ekho", contains: "did you mean /echo?", error: true)
            try await bot.expect("/help echo loud", contains: "you need the echo.loud permission", error: true)
        }
    }

    @Test func restrictedCommandsNeedTheCapabilityAndChangeNothing() async throws {
        try await withBot { bot in
            try await bot.expect("/echo loud hi", contains: "you need the echo.loud permission", error: true)
            try await bot.expect(
                "/admin disable echo", in: "#general", contains: "you need the admin.disable permission", error: true)
            try await bot.expect("/echo hi", in: "#general", contains: "hi")
        }
    }

    @Test func grantedRolesApplyOnlyAfterALoginUnlessThePlatformVouches() async throws {
        try await withBot(configure: { $0.admins = ["slack:U1"] }) { bot in
            try await bot.expect("/echo loud hi", from: "slack:U1", verified: true, contains: "HI!")
            try await bot.expect(
                "/echo loud hi", from: "slack:U1", verified: false, contains: "permission", error: true)
            try await bot.runtime.access.grant("admin", to: UserID("irc:ann")!, by: AuditEntry.commandLine)
            try await bot.expect("/echo loud hi", from: "irc:ann", contains: "permission", error: true)
            try await bot.runtime.login.setPIN("9876", for: UserID("irc:ann")!, by: AuditEntry.commandLine)
            try await bot.expect("/login 9876", from: "irc:ann", contains: "logged in until 20:00")
            try await bot.expect("/echo loud hi", from: "irc:ann", contains: "HI!")
            try await bot.expect("/logout", from: "irc:ann", contains: "logged out")
            try await bot.expect("/echo loud hi", from: "irc:ann", contains: "permission", error: true)
        }
    }

    @Test func aLoginExpiresAfterTheConfiguredTime() async throws {
        try await withBot(configure: { $0.security.loginHours = 1 }) { bot in
            try await bot.loginAsAdmin("irc:ann")
            try await bot.expect("/echo loud hi", from: "irc:ann", contains: "HI!")
            bot.clock.advance(by: 3601)
            try await bot.expect("/echo loud hi", from: "irc:ann", contains: "permission", error: true)
        }
    }

    @Test func antiCapabilitiesDenyWithoutALogin() async throws {
        try await withBot(configure: { $0.roles = ["muted": ["-echo"]] }) { bot in
            try await bot.runtime.access.grant("muted", to: UserID("irc:troll")!, by: AuditEntry.commandLine)
            try await bot.expect("/echo hi", from: "irc:troll", contains: "/echo is not available to you", error: true)
            try await bot.expect("/echo hi", from: "irc:friend", contains: "hi")
            await #expect(throws: AccessDirectory.UnknownRole.self) {
                try await bot.runtime.access.grant("superuser", to: UserID("irc:x")!, by: AuditEntry.commandLine)
            }
        }
    }

    @Test func aPINTypedInAChannelIsNotCheckedAndIsAudited() async throws {
        try await withBot { bot in
            try await bot.runtime.login.setPIN("4321", for: UserID("irc:ann")!, by: AuditEntry.commandLine)
            let reply = try await bot.expect(
                "!login 4321", from: "irc:ann", in: "#general", contains: "never type your PIN in a channel",
                error: true)
            #expect(reply.visibility == .sender)
            let audit = try await AuditLog.recent(1, in: bot.runtime.database)
            #expect(audit.first?.action == "login.pin-in-channel")
            #expect(audit.first?.channel == "#general")
            #expect(try await bot.runtime.access.sessionExpiry(of: UserID("irc:ann")!) == nil)
        }
    }

    @Test func fiveWrongPINsLockTheIdentityForFifteenMinutes() async throws {
        try await withBot { bot in
            try await bot.runtime.access.grant("admin", to: UserID("irc:ann")!, by: AuditEntry.commandLine)
            try await bot.runtime.login.setPIN("4321", for: UserID("irc:ann")!, by: AuditEntry.commandLine)
            for triesLeft in [4, 3, 2, 1] {
                try await bot.expect("/login 0000", from: "irc:ann", contains: "\(triesLeft) tr", error: true)
            }
            try await bot.expect("/login 0000", from: "irc:ann", contains: "locked until 12:15", error: true)
            // Locked: even the right PIN is not checked.
            try await bot.expect("/login 4321", from: "irc:ann", contains: "locked", error: true)
            try await bot.expect("/echo loud hi", from: "irc:ann", contains: "permission", error: true)
            bot.clock.advance(by: 15 * 60 + 1)
            try await bot.expect("/login 4321", from: "irc:ann", contains: "logged in")
            let actions = try await AuditLog.recent(10, in: bot.runtime.database).map(\.action)
            #expect(actions.contains("login.locked"))
            #expect(actions.contains("login.refused"))
        }
    }

    @Test func oldWrongPINsAreForgottenAndExpiredLoginsPruned() async throws {
        try await withBot { bot in
            try await bot.runtime.access.grant("admin", to: UserID("irc:ann")!, by: AuditEntry.commandLine)
            try await bot.runtime.login.setPIN("4321", for: UserID("irc:ann")!, by: AuditEntry.commandLine)
            for _ in 0..<4 { try await bot.expect("/login 0000", from: "irc:ann", error: true) }
            bot.clock.advance(by: 16 * 60)
            try await bot.expect("/login 0000", from: "irc:ann", contains: "4 tries left", error: true)
            try await bot.expect("/login 4321", from: "irc:ann", contains: "logged in")
            #expect(try await bot.runtime.login.pruneExpired() == 0)
            bot.clock.advance(by: 8 * 3600)
            #expect(try await bot.runtime.login.pruneExpired() == 1)
            #expect(try await bot.runtime.access.sessionExpiry(of: UserID("irc:ann")!) == nil)
            try await bot.runtime.login.setPIN("5555", for: UserID("irc:other")!, by: AuditEntry.commandLine)
            try await bot.expect("/login 0000", from: "irc:other", contains: "4 tries left", error: true)
            #expect(try await bot.runtime.login.pruneExpired() == 0)
            bot.clock.advance(by: 16 * 60)
            #expect(try await bot.runtime.login.pruneExpired() == 1)
        }
    }

    @Test func adminsSwitchPluginsAndCommandsPerChannel() async throws {
        try await withBot { bot in
            try await bot.loginAsAdmin()
            try await bot.expect(
                "/admin disable echo", from: "console:admin", in: "#quiet", contains: "echo is now off in #quiet")
            try await bot.expect(
                "/echo hi", in: "#quiet", contains: "/echo is switched off in this channel", error: true)
            try await bot.expect("/echo hi", in: "#other", contains: "hi")
            try await bot.expect(
                "/admin disabled", from: "console:admin", in: "#quiet", contains: "off in #quiet: echo")
            try await bot.expect(
                "/admin disable help", from: "console:admin", in: "#quiet", contains: "always stay on", error: true)
            try await bot.expect(
                "/admin disable nosuch", from: "console:admin", in: "#quiet", contains: "no command", error: true)
            try await bot.expect(
                "/admin disable echo", from: "console:admin", contains: "channel you want", error: true)

            let restarted = try await bot.restarted()
            try await restarted.expect("/echo hi", in: "#quiet", contains: "switched off", error: true)
            try await restarted.expect("/login \(TestBot.adminPIN)", from: "console:admin", contains: "logged in")
            try await restarted.expect("/admin enable echo", from: "console:admin", in: "#quiet", contains: "now on")
            try await restarted.expect("/echo hi", in: "#quiet", contains: "hi")
            try await restarted.expect(
                "/admin disable echo loud", from: "console:admin", in: "#quiet", contains: "echo.loud is now off")
            try await restarted.expect("/echo hi", in: "#quiet", contains: "hi")
            try await restarted.expect(
                "/echo loud hi", from: "console:admin", in: "#quiet", contains: "switched off", error: true)
            await restarted.stop()
        }
    }

    @Test func aSwitchMadeByAnotherInstanceShowsWithinTheRefreshInterval() async throws {
        try await withBot { bot in
            let other = try await BotRuntime.start(
                configuration: try bot.configuration.resolve(), plugins: [EchoPlugin.self], clock: bot.clock,
                logger: quietLogger)
            try await bot.expect("/echo hi", in: "#shared", contains: "hi")
            try await bot.loginAsAdmin()
            let message = IncomingMessage(
                sender: UserID("console:admin")!, conversation: .channel("#shared"), text: "/admin disable echo",
                receivedAt: bot.clock.now)
            #expect(await other.handle(message)?.text == "echo is now off in #shared")
            try await bot.expect("/echo hi", in: "#shared", contains: "hi")
            bot.clock.advance(by: 10)
            try await bot.expect("/echo hi", in: "#shared", contains: "switched off", error: true)
            await other.close()
        }
    }

    @Test func rateLimitAnswersPolitelyOnceThenStaysSilent() async throws {
        try await withBot(configure: {
            $0.rateLimit = .init()
            $0.rateLimit.burst = 2
            $0.rateLimit.perMinute = 6
        }) { bot in
            try await bot.expect("/echo 1", in: "#general", contains: "1")
            try await bot.expect("/echo 2", in: "#general", contains: "2")
            try await bot.expect("/echo 3", in: "#general", contains: "try again in 10 s", error: true)
            try await bot.expectSilence("/echo 4", in: "#general")
            try await bot.expect("/echo 5", from: "console:other", in: "#general", contains: "5")
            bot.clock.advance(by: 10)
            try await bot.expect("/echo 6", in: "#general", contains: "6")
        }
    }

    @Test func failuresShowAReferenceAndNoInternals() async throws {
        try await withBot { bot in
            let reply = try await bot.expect(
                "/echo crash", contains: "something went wrong with /echo crash", error: true)
            #expect(!reply.text.contains("Internal"))
        }
    }

    @Test func workedExamplesRun() async throws {
        try await withBot { bot in
            // The core commands' examples name /lunch; LunchTests runs them with the lunch plugin.
            try await bot.runExamples(of: EchoPlugin.self)
        }
    }

    @Test func scheduledJobsRunAtTheirTimeOnTheInjectedClock() async throws {
        try await withBot { bot in
            let task = Task { await bot.runtime.scheduler.run() }
            defer { task.cancel() }
            // Each job waits on its own.
            let jobs = bot.runtime.plugins.reduce(0) { $0 + $1.jobs.count }
            // Generous bounds: in the parallel phase, beside every other suite, a cold run was seen
            // to take over 10 s here; each wait ends as soon as its condition holds.
            try await eventually("each job sleeps on the clock", within: .seconds(60)) { bot.clock.sleeperCount == jobs }
            let notes = bot.runtime.storage(for: "echo")
            let count: @Sendable () async throws -> Int = {
                try await notes.read { try await $0.select().column("text").from(notes.table("notes")).all().count }
            }
            #expect(try await count() == 0)
            bot.clock.set(to: TestClock.instant("2026-11-24T10:29:00-05:00"))
            #expect(try await count() == 0)
            bot.clock.set(to: TestClock.instant("2026-11-24T10:30:00-05:00"))
            try await eventually("the job ran and sleeps again", within: .seconds(60)) {
                (try? await count()) == 1 && bot.clock.sleeperCount == jobs
            }
            #expect(try await count() == 1)
        }
    }

    @Test func duplicateCommandNamesStopStartUp() async throws {
        await #expect(throws: CommandCatalog.DuplicateName.self) {
            let bot = try await TestBot.start(plugins: [EchoPlugin.self, EchoTwin.self])
            await bot.stop()
        }
    }
}

/// A second plugin that claims /say, which EchoPlugin already aliases.
struct EchoTwin: PluginWithoutSettings {
    static let id = "twin"
    var personalData: PersonalData { .keepsNothing }
    var commands: [Command] { [Command("say", summary: "twin") { _ in Reply("twin") }] }
}
