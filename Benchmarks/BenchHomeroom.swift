import Events
import Foundation
import HomeroomCore
import HomeroomIRC
import HomeroomTestbed
import HomeroomTesting
import Lunch
import Schedule

/// Homeroom in the busy-channel cases: lunch, schedule and events at the default settings (the
/// production rate limit, default flood control), a lunch menu and a bell schedule for today,
/// connected and in #lunch.
struct BenchHomeroom: Sendable {
    let nick = "homeroom"
    let bot: TestBot
    let adapter: Task<Void, any Error>
    let expected: [String: ExpectedAnswer]

    /// Starts it on the server at `port`, knowing how its answers to `commands` look.
    static func start(port: Int, commands: [String]) async throws -> BenchHomeroom {
        let bot = try await TestBot.start(plugins: [LunchPlugin.self, SchedulePlugin.self, EventsPlugin.self]) {
            $0.rateLimit.enabled = true
            $0.rateLimit.burst = RateLimit.perUserDefault.burst
            $0.rateLimit.perMinute = RateLimit.perUserDefault.perMinute
            $0.plugins["schedule"] = .object(["defaultDayType": .string("regular")])
        }
        try await bot.loginAsAdmin()
        try await bot.expect(
            #"/lunch set specials "Chicken tacos; Veggie pizza" vegetables "Green beans; Corn" fries yes"#,
            from: "console:admin")
        try await bot.expect(
            #"/schedule daytype set regular "8:00-8:50 Period 1" "8:55-9:45 Period 2" "9:50-10:40 Period 3" "#
                + #""10:45-11:35 Period 4" "11:40-12:30 Period 5" "12:35-13:25 Period 6" "13:30-14:20 Period 7""#,
            from: "console:admin")
        var expected: [String: ExpectedAnswer] = [:]
        for (index, command) in commands.enumerated() {
            guard let reply = await bot.send(command, from: "irc:bench:probe\(index)!p@127.0.0.1", in: "#probe"),
                let first = (reply.channelLines ?? reply.lines).first
            else { continue }
            expected[command] = ExpectedAnswer(
                marker: String(first.prefix(40)), isNotice: reply.visibility == .sender || reply.isError)
        }
        var network = IRCNetworkSettings(name: "bench", host: "127.0.0.1", port: port, nick: "homeroom")
        network.tls = false
        network.flood = FloodControl()
        network.session.channels = [.init(name: "#lunch")]
        network.session.operatorName = NgircdServer.operatorName
        network.session.operatorPassword = NgircdServer.operatorPassword
        network.session.userModes = "+F"
        var settings = IRCSettings()
        settings.networks = [network]
        let adapter = IRCAdapter(
            settings: settings, dispatcher: bot.runtime.dispatcher, adapterStatus: bot.runtime.adapterStatus,
            logger: TestBot.testLogger())
        let homeroom = BenchHomeroom(bot: bot, adapter: Task { try await adapter.run() }, expected: expected)
        try await waitUntilInChannel(port: port, nick: homeroom.nick)
        return homeroom
    }

    /// True while it is connected.
    var isUp: Bool { bot.runtime.adapterStatus.snapshot["irc/bench"]?.state == .up }

    /// True when `student` got the answer to `command`.
    func isAnswered(_ command: String, for student: BenchIRCClient, in classroom: BenchClassroom) -> Bool {
        let markers = expected.values.filter { !$0.isNotice }.map(\.marker)
        return expected[command]?.isAnswered(for: student, in: classroom, bot: nick, markers: markers) ?? false
    }

    /// Disconnects it and stops the bot.
    func stop() async {
        adapter.cancel()
        _ = await adapter.result
        await bot.stop()
    }

    /// Waits (up to 60 s) until `nick` is in #lunch on the server at `port`, as a passer-by sees it.
    private static func waitUntilInChannel(port: Int, nick: String) async throws {
        try await BenchIRCClient.with(port: port, nick: "doorman", channel: "#lunch") { doorman in
            let deadline = ContinuousClock.now + .seconds(60)
            while ContinuousClock.now < deadline {
                let names = doorman.received.filter { $0.message.command == "353" }.flatMap {
                    ($0.message.parameters.last ?? "").split(separator: " ").map {
                        $0.trimmingPrefix(while: { "@+%~&".contains($0) })
                    }
                }
                if names.contains(where: { $0 == nick }) { return }
                try await Task.sleep(for: .milliseconds(200))
                try await doorman.send("NAMES #lunch")
            }
            throw BenchClassroom.ClassroomError.timedOut("\(nick) did not join #lunch")
        }
    }
}
