import Foundation
import HomeroomCore
import HomeroomIRC
import HomeroomTestbed
import HomeroomTesting
import Lunch
import NIOCore
import NIOPosix

/// Round trips through a real ngircd on loopback: load clients send `!lunch` to the bot in a
/// direct message, each keeping `window` commands in flight, and time each answer. All are IRC
/// operators with user mode +F, so ngircd's own throttle is out of the way; the bot's flood
/// control and rate limit are off for the first measurements and its flood control at its
/// defaults for the last (what one person meets).
func benchmarkIRCRoundTrips() async throws {
    guard NgircdServer.isInstalled else {
        Report.say("IRC round trips: ngircd is missing; install it with apt-get install ngircd")
        return
    }
    let server = try NgircdServer()
    try await server.start()
    Report.say("IRC round trips through ngircd on loopback, !lunch in a direct message (release build):")
    var pipelined: [(perSecond: Double, p50: Double, p99: Double)] = []
    for _ in 0..<3 {
        pipelined.append(
            try await ircRound(
                port: server.port, flood: FloodControl(isEnabled: false), clients: 1, commands: 3000, window: 32))
    }
    Report.say("  flood control off, 1 client, 32 in flight (medians of 3 rounds):")
    Report.figure(Figure("irc.pipelined.throughput", median(pipelined.map(\.perSecond)), "/s"))
    Report.figure(Figure("irc.pipelined.p99", median(pipelined.map(\.p99)), "ms"))
    var p50s: [Double] = []
    var p99s: [Double] = []
    var rates: [Double] = []
    for _ in 0..<3 {
        let figures = try await ircRound(
            port: server.port, flood: FloodControl(isEnabled: false), clients: 4, commands: 2000, window: 1)
        p50s.append(figures.p50)
        p99s.append(figures.p99)
        rates.append(figures.perSecond)
    }
    Report.say("  flood control off, 4 clients, one in flight each (medians of 3 rounds):")
    Report.figure(Figure("irc.round-trip.throughput", median(rates), "/s"))
    Report.figure(Figure("irc.round-trip.p50", median(p50s), "ms"))
    Report.figure(Figure("irc.round-trip.p99", median(p99s), "ms", goal: .below(1.5)))
    let flood = FloodControl()
    let defaults = try await ircRound(port: server.port, flood: flood, clients: 1, commands: 12, window: 1)
    Report.say(
        String(
            format: "  default flood control (burst %.0f, a line every %.1f s), 12 commands one after another:",
            flood.burst, flood.secondsPerLine))
    Report.figure(Figure("irc.default-flood.throughput", defaults.perSecond, "/s"))
    Report.figure(Figure("irc.default-flood.p99", defaults.p99, "ms"))
    await server.remove()
}

private func ircRound(port: Int, flood: FloodControl, clients: Int, commands: Int, window: Int) async throws -> (
    perSecond: Double, p50: Double, p99: Double
) {
    var network = IRCNetworkSettings(name: "bench", host: "127.0.0.1", port: port, nick: "homeroom")
    network.tls = false
    network.flood = flood
    network.session.operatorName = NgircdServer.operatorName
    network.session.operatorPassword = NgircdServer.operatorPassword
    network.session.userModes = "+F"
    return try await IRCHomeroom.with(networks: [network], plugins: [LunchPlugin.self]) { homeroom in
        try await homeroom.waitUntilUp()
        let measured = try await withThrowingTaskGroup(of: (latencies: [Double], seconds: Double).self) { loaders in
            for index in 0..<clients {
                loaders.addTask {
                    try await LoadClient.measure(
                        port: port, nick: "loader\(index)", commands: commands, window: window)
                }
            }
            return try await loaders.reduce(into: []) { $0.append($1) }
        }
        let sorted = measured.flatMap(\.latencies).sorted()
        let seconds = measured.map(\.seconds).max() ?? 1
        return (Double(sorted.count) / seconds, percentile(sorted, 0.5), percentile(sorted, 0.99))
    }
}

/// A raw IRC client that sends `!lunch` to the bot and times the answers.
private enum LoadClient {
    /// The latency of every command in ms, and the seconds all took.
    static func measure(port: Int, nick: String, commands: Int, window: Int) async throws -> (
        latencies: [Double], seconds: Double
    ) {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            func send(_ line: String) async throws { try await outbound.write(ByteBuffer(string: line + "\r\n")) }
            try await send("NICK \(nick)")
            try await send("USER \(nick) 0 * :load")
            var buffer: [UInt8] = []
            var iterator = inbound.makeAsyncIterator()
            // Reads until a line satisfies `done`.
            func readLines(until done: (String) -> Bool) async throws {
                while true {
                    while let newline = buffer.firstIndex(of: 10) {
                        let line = String(decoding: buffer[..<newline], as: UTF8.self)
                        buffer.removeSubrange(...newline)
                        if line.hasPrefix("PING") { try await send("PONG" + line.dropFirst(4)) }
                        if done(line) { return }
                    }
                    guard let chunk = try await iterator.next() else { throw CancellationError() }
                    buffer.append(contentsOf: chunk.readableBytesView)
                }
            }
            try await readLines { $0.contains(" 001 ") }
            try await send("OPER \(NgircdServer.operatorName) \(NgircdServer.operatorPassword)")
            try await send("MODE \(nick) +F")
            try await readLines { $0.contains("MODE \(nick)") && $0.contains("+F") }
            // Warm-up, not measured: the bot's caches and ngircd's penalty after registration.
            for _ in 0..<20 { try await send("PRIVMSG homeroom :lunch") }
            for _ in 0..<20 {
                try await readLines { $0.contains("PRIVMSG \(nick) :") && $0.contains("lunch menu is posted.") }
            }
            var sentAt: [UInt64] = []
            var latencies: [Double] = []
            let start = DispatchTime.now().uptimeNanoseconds
            var answered = 0
            while answered < commands {
                while sentAt.count - answered < window && sentAt.count < commands {
                    sentAt.append(DispatchTime.now().uptimeNanoseconds)
                    try await send("PRIVMSG homeroom :lunch")
                }
                // Each answer's first line says which day it is about.
                try await readLines { $0.contains("PRIVMSG \(nick) :") && $0.contains("lunch menu is posted.") }
                latencies.append(Double(DispatchTime.now().uptimeNanoseconds - sentAt[answered]) / 1_000_000)
                answered += 1
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000_000
            try await send("QUIT")
            return (latencies, seconds)
        }
    }
}
