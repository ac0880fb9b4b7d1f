import Events
import HomeroomCore
import HomeroomIRC
import HomeroomRuntime
import HomeroomTesting
import Lunch
import Schedule

/// Homeroom as a class asking at once meets it, for the busy-channel tests and benchmarks: lunch,
/// schedule and events at the default settings (the production rate limit, default flood control),
/// a lunch menu and a bell schedule for the test clock's day, an operator with +F on the server
/// (ngircd's own throttle lifted, so the bot's own is what counts), in #lunch.
public enum BusyChannel {
    /// The bot's nick.
    public static let nick = "homeroom"
    /// The network's name.
    public static let networkName = "test"

    /// Starts Homeroom on the server at `port`, prepares the day, waits until it is in #lunch, runs
    /// `body`, and stops it.
    public static func withHomeroom<Value: Sendable>(
        port: Int, _ body: (IRCHomeroom) async throws -> Value
    ) async throws -> Value {
        try await IRCHomeroom.with(
            networks: [network(port: port)], plugins: [LunchPlugin.self, SchedulePlugin.self, EventsPlugin.self],
            configure: atDefaults
        ) { homeroom in
            try await prepareToday(homeroom.bot)
            try await IRCHomeroom.waitUntil(nick, isIn: "#lunch", port: port)
            return try await body(homeroom)
        }
    }

    /// The bot's network at the defaults: flood control on, an operator with +F, in #lunch.
    public static func network(port: Int) -> IRCNetworkSettings {
        var network = IRCNetworkSettings(name: networkName, host: "127.0.0.1", port: port, nick: nick)
        network.tls = false
        network.session.channels = [.init(name: "#lunch")]
        network.session.operatorName = NgircdServer.operatorName
        network.session.operatorPassword = NgircdServer.operatorPassword
        network.session.userModes = "+F"
        network.flood = FloodControl()
        return network
    }

    /// The production rate limit (tests switch it off by default), and a bell schedule every school day.
    public static func atDefaults(_ configuration: inout HomeroomConfiguration) {
        configuration.rateLimit.enabled = true
        configuration.rateLimit.burst = RateLimit.perUserDefault.burst
        configuration.rateLimit.perMinute = RateLimit.perUserDefault.perMinute
        configuration.plugins["schedule"] = .object(["defaultDayType": .string("regular")])
    }

    /// Monday, November 23, 12:00 (the test clock's default): a lunch menu and the regular bell
    /// schedule (Period 5 until 12:30).
    public static func prepareToday(_ bot: TestBot) async throws {
        try await bot.loginAsAdmin()
        try await bot.expect(
            #"/lunch set specials "Chicken tacos; Veggie pizza" vegetables "Green beans; Corn" fries yes"#,
            from: "console:admin", contains: "Saved the menu for Monday, November 23")
        try await bot.expect(
            #"/schedule daytype set regular "8:00-8:50 Period 1" "8:55-9:45 Period 2" "9:50-10:40 Period 3" "#
                + #""10:45-11:35 Period 4" "11:40-12:30 Period 5" "12:35-13:25 Period 6" "13:30-14:20 Period 7""#,
            from: "console:admin", contains: "Saved day type \"regular\"")
        try await bot.expect("/now", contains: "Period 5")
    }
}
