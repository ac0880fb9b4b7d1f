import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomStorage
import HomeroomTestbed
import HomeroomTesting
import Lunch
import Testing

@testable import HomeroomIRC

/// Two instances on one PostgreSQL database, each with its IRC adapter for the same network: only
/// the one holding the network's duty has a bot in the channel, and the other takes over when the
/// holder loses its lease or stops.
@Suite(
    .enabled(if: NgircdServer.isInstalled, "needs Debian's ngircd (Scripts/test installs it)"),
    .enabled(if: TemporaryDatabase.postgresServerURL != nil, "needs HOMEROOM_TEST_POSTGRES_URL"))
struct IRCDutyTests {
    /// One instance: a roster with a short lease (so a takeover is quick), its status board and its adapter.
    struct Instance {
        let roster: LeaseRoster
        let status: AdapterStatusBoard
        let adapter: IRCAdapter

        init(_ name: String, bot: TestBot, port: Int) {
            roster = LeaseRoster(
                database: bot.runtime.database, clock: SystemClock(), instanceID: name, leaseLifetime: .seconds(3),
                renewInterval: .milliseconds(300), logger: TestBot.testLogger())
            status = AdapterStatusBoard()
            var settings = IRCSettings()
            settings.networks = [IRCBotHarness.network(port: port)]
            adapter = IRCAdapter(
                settings: settings, dispatcher: bot.runtime.dispatcher, adapterStatus: status, roster: roster,
                outbox: nil, clock: SystemClock(), logger: TestBot.testLogger())
        }

        var state: AdapterStatus.State? { status.snapshot["irc/test"]?.state }
        var holdsTheNetwork: Bool { roster.heldDuties[Duty.connection("irc", "test")] != nil }

        /// Renews this roster's leases by hand, every 300 ms, until the task is cancelled (then
        /// the leases are not released: they run out, as when the process hangs).
        func renewing() -> Task<Void, Never> {
            Task {
                while !Task.isCancelled {
                    await roster.tick()
                    try? await Task.sleep(for: .milliseconds(300))
                }
            }
        }
    }

    @Test func oneBotIsInTheChannelAndAnotherInstanceTakesOverWhenTheHolderLosesItsLeaseOrStops() async throws {
        try await IRCIntegrationTests.withServer { server in try await Self.takeOvers(on: server) }
    }

    static func takeOvers(on server: NgircdServer) async throws {
        try await TestBot.with(plugins: [LunchPlugin.self, TalkPlugin.self], backend: .postgres) { bot in
            let first = Instance("first", bot: bot, port: server.port)
            let second = Instance("second", bot: bot, port: server.port)
            let firstAdapter = Task { try? await first.adapter.run() }
            var firstRenewing = first.renewing()
            defer {
                firstAdapter.cancel()
                firstRenewing.cancel()
            }
            try await eventually("the first instance holds the network") { first.holdsTheNetwork }
            let secondRuns = Task {
                await withDiscardingTaskGroup { group in
                    group.addTask { await second.roster.run() }
                    group.addTask { try? await second.adapter.run() }
                }
            }
            defer { secondRuns.cancel() }
            try await IRCHomeroom.waitUntil("homeroom", isIn: "#lunch", port: server.port)
            try await IRCTestClient.with(port: server.port, nick: "ada") { ada in
                try await ada.join("#lunch")
                // Three more rounds of the second instance's roster, run here beside its own: each finds
                // the network held, so it stands by.
                for _ in 0..<3 { await second.roster.tick() }
                #expect(first.state == .up)
                #expect(second.state == .standby)
                #expect(second.status.snapshot["irc/test"]?.detail == "held by another instance")
                #expect(!second.holdsTheNetwork)
                #expect(try await Self.bots(in: "#lunch", seenBy: ada) == ["homeroom"])
                try await ada.send(IRCMessage("PRIVMSG", "#lunch", "!echo one"))
                try await ada.waitFor { $0.says("one", in: "#lunch") && $0.sourceNick == "homeroom" }

                // The first instance stops renewing: its lease runs out, its bot quits saying why, the second's joins.
                firstRenewing.cancel()
                let tookOver = try await ada.waitFor { $0.command == "QUIT" && $0.sourceNick == "homeroom" }
                #expect(Self.reason(of: tookOver) == "another instance took over")
                try await eventually("the second instance is up") { second.state == .up }
                try await Self.waitForJoin(1, seenBy: ada)
                #expect(first.state == .standby)
                #expect(!first.holdsTheNetwork)
                try await ada.send(IRCMessage("PRIVMSG", "#lunch", "!echo two"))
                try await ada.waitFor { $0.says("two", in: "#lunch") && $0.sourceNick == "homeroom" }
                #expect(try await Self.bots(in: "#lunch", seenBy: ada) == ["homeroom"])

                // The second instance stops: it quits and releases the network; the first takes it back.
                firstRenewing = first.renewing()
                secondRuns.cancel()
                await secondRuns.value
                try await eventually("the first instance is up again") { first.state == .up }
                try await Self.waitForJoin(2, seenBy: ada)
                try await ada.send(IRCMessage("PRIVMSG", "#lunch", "!echo three"))
                try await ada.waitFor { $0.says("three", in: "#lunch") && $0.sourceNick == "homeroom" }
                #expect(try await Self.bots(in: "#lunch", seenBy: ada) == ["homeroom"])
                let quits = ada.received.filter { $0.message.command == "QUIT" && $0.message.sourceNick == "homeroom" }
                #expect(quits.count == 2)
                // Stopping releases the lease as the adapter stops: either reason is the bot's own.
                let stopped = try #require(quits.last).message
                let stoppedReason = Self.reason(of: stopped)
                #expect(["Homeroom is stopping", "another instance took over"].contains(stoppedReason), "\(stopped)")
            }
        }
    }

    /// Waits until `client`, in #lunch, has seen the bot join it `count` times (a passer-by with
    /// a nick of its own could clash with one the server has not let go yet).
    static func waitForJoin(_ count: Int, seenBy client: IRCTestClient) async throws {
        _ = try await client.waitFor(count: count) {
            $0.command == "JOIN" && $0.sourceNick == "homeroom" && $0.parameter(0) == "#lunch"
        }
    }

    /// The reason a QUIT gives, without the quotes ngircd puts around a client's own reason.
    static func reason(of quit: IRCMessage) -> String {
        (quit.parameters.last ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }

    /// The nicks in `channel` that are Homeroom's (`homeroom`, `homeroom-alt`, `homeroom_`), as
    /// `client` sees them in a fresh NAMES reply.
    static func bots(in channel: String, seenBy client: IRCTestClient) async throws -> [String] {
        let ends = client.received.filter { $0.message.command == "366" }.count
        let start = client.received.count
        try await client.send(IRCMessage("NAMES", channel))
        _ = try await client.waitFor(count: ends + 1) { $0.command == "366" }
        return client.received.dropFirst(start).filter { $0.message.command == "353" }.flatMap {
            ($0.message.parameters.last ?? "").split(separator: " ").map {
                String($0.trimmingPrefix(while: { "@+%~&".contains($0) }))
            }
        }.filter { $0.hasPrefix("homeroom") }.sorted()
    }
}

/// A bot that stops says goodbye with its own QUIT: on graceful shutdown (as `homeroom serve` does
/// on SIGTERM), and when its work is cancelled (as when its lease is lost), at once.
@Suite struct IRCGoodbyeTests {
    @Test func theGoodbyeGoesAheadOfWhatWaitsAndNothingFollowsIt() async throws {
        let state = await IRCConnectionStateTests.registered()
        await state.send([IRCMessage("PRIVMSG", "#lunch", "soup")], lane: .reply, target: "#lunch")
        await state.sayGoodbye("another instance took over")
        await state.sayGoodbye("said twice")
        let goodbye = try #require(await state.nextLines())
        #expect(goodbye.isGoodbye)
        #expect(goodbye.lines == [IRCMessage("QUIT", "another instance took over")])
        #expect(goodbye.completes.isEmpty)
        let late = await state.sendConfirmed([IRCMessage("PRIVMSG", "ada", "late")], lane: .bulk, target: "ada")
        #expect(!late, "nothing is queued after the goodbye")
        let rest = Task { await state.nextLines() }
        await state.close()
        let nothingMore = await rest.value == nil
        #expect(nothingMore, "the writer gets nothing after the goodbye")
    }

    @Test(.enabled(if: NgircdServer.isInstalled, "needs Debian's ngircd (Scripts/test installs it)"))
    func aStoppingBotQuitsWithItsOwnReason() async throws {
        try await IRCIntegrationTests.withServer { server in
            try await TestBot.with(plugins: [LunchPlugin.self, TalkPlugin.self]) { bot in
                var settings = IRCSettings()
                settings.networks = [IRCBotHarness.network(port: server.port)]
                let adapter = IRCAdapter(
                    settings: settings, dispatcher: bot.runtime.dispatcher, adapterStatus: bot.runtime.adapterStatus,
                    roster: bot.runtime.roster, outbox: nil, clock: SystemClock(), logger: TestBot.testLogger())
                try await IRCTestClient.with(port: server.port, nick: "ada") { ada in
                    try await ada.join("#lunch")
                    try await withRunningService(adapter) {
                        try await IRCDutyTests.waitForJoin(1, seenBy: ada)
                    }
                    let restarting = try await ada.waitFor { $0.command == "QUIT" && $0.sourceNick == "homeroom" }
                    #expect(IRCDutyTests.reason(of: restarting) == "Homeroom is restarting")

                    let running = Task { try await adapter.run() }
                    try await IRCDutyTests.waitForJoin(2, seenBy: ada)
                    let cancelled = ContinuousClock.now
                    running.cancel()
                    try? await running.value
                    let stopTime = ContinuousClock.now - cancelled
                    #expect(stopTime < .seconds(1), "the adapter took \(stopTime) to stop")
                    let quits = try await ada.waitFor(count: 2) { $0.command == "QUIT" && $0.sourceNick == "homeroom" }
                    let stopping = try #require(quits.last).message
                    #expect(IRCDutyTests.reason(of: stopping) == "Homeroom is stopping")
                }
            }
        }
    }
}

/// Taking back the configured nick, which a former holder's bot may still hold for a while.
@Suite struct IRCNickReclaimTests {
    @Test func theConfiguredNickIsAskedForEvery30SecondsWhileAnAlternateIsInUse() {
        var run = IRCSessionTests.Run(IRCSessionTests.settings())
        _ = run.start()
        _ = run.feed(":s CAP * LS :", ":s 433 * homeroom :Nickname is already in use", ":s 001 homeroom-bot :hi")
        #expect(run.tick(after: 29).sent.isEmpty)
        #expect(run.tick(after: 1).sent == ["NICK homeroom"])
        #expect(run.feed(":s 433 homeroom-bot homeroom :Nickname is already in use").sent.isEmpty)
        #expect(run.tick(after: 29).sent.isEmpty)
        #expect(run.tick(after: 1).sent == ["NICK homeroom"])
    }
}
