import Foundation
import HomeroomIRC
import HomeroomTestbed
import HomeroomTesting
import NIOCore
import NIOPosix
import Synchronization

/// A raw IRC client for the benchmarks: it registers as an operator with +F (so that ngircd's
/// own throttle does not hold its lines back), joins a channel, and records every line it
/// receives with its arrival time.
final class BenchIRCClient: Sendable {
    /// A line received.
    struct Received: Sendable {
        let message: IRCMessage
        let arrivedAt: ContinuousClock.Instant
    }

    let nick: String
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private let lines = Mutex<[Received]>([])

    private init(nick: String, outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) {
        self.nick = nick
        self.outbound = outbound
    }

    /// Connects as `nick` to `port`, registers, joins `channel`, runs `body`, and disconnects.
    static func with<T: Sendable>(
        port: Int, nick: String, channel: String, _ body: @Sendable (BenchIRCClient) async throws -> T
    ) async throws -> T {
        let connection = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await connection.executeThenClose { inbound, outbound in
            let client = BenchIRCClient(nick: nick, outbound: outbound)
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask {
                    var buffer: [UInt8] = []
                    for try await chunk in inbound {
                        let arrivedAt = ContinuousClock.now
                        buffer.append(contentsOf: chunk.readableBytesView)
                        while let newline = buffer.firstIndex(of: 10) {
                            let line = buffer[..<newline]
                            buffer.removeSubrange(...newline)
                            guard let message = IRCMessage(line: line.last == 13 ? line.dropLast() : line) else {
                                continue
                            }
                            if message.command == "PING" {
                                try await client.send("PONG :\(message.parameter(0) ?? "")")
                            }
                            client.lines.withLock { $0.append(Received(message: message, arrivedAt: arrivedAt)) }
                        }
                    }
                    return nil
                }
                try await client.send("NICK \(nick)")
                try await client.send("USER \(nick) 0 * :student")
                try await client.waitFor("the welcome") { $0.command == "001" }
                try await client.send("OPER \(NgircdServer.operatorName) \(NgircdServer.operatorPassword)")
                try await client.send("MODE \(nick) +F")
                try await client.waitFor("+F") {
                    $0.command == "MODE" && $0.parameter(0) == nick && $0.parameter(1)?.contains("F") == true
                }
                try await client.send("JOIN \(channel)")
                try await client.waitFor("the join") { $0.command == "JOIN" && $0.sourceNick == nick }
                let result = try await body(client)
                try? await client.send("QUIT :class over")
                group.cancelAll()
                return result
            }
        }
    }

    /// Sends a raw line (CR LF added).
    func send(_ line: String) async throws {
        try await outbound.write(ByteBuffer(string: line + "\r\n"))
    }

    /// Everything received so far.
    var received: [Received] { lines.withLock { $0 } }

    /// Waits (up to 30 s) until a received line matches; `what` names it in the error.
    func waitFor(_ what: String, _ matches: (IRCMessage) -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !received.contains(where: { matches($0.message) }) {
            guard ContinuousClock.now < deadline else {
                let last = received.suffix(3).map { "\($0.message.command) \($0.message.parameters)" }
                throw BenchClassroom.ClassroomError.timedOut("\(nick) waiting for \(what); last lines: \(last)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

/// A class of ``BenchIRCClient``s, `student01`, `student02`, …, in one channel; it records what
/// each said and when.
final class BenchClassroom: Sendable {
    /// A line a student said in the channel, and when.
    struct Question: Sendable {
        let student: String
        let text: String
        let sentAt: ContinuousClock.Instant
    }

    /// A line one student received.
    struct SeenLine: Sendable {
        let text: String
        let arrivedAt: ContinuousClock.Instant

        /// The nicks it answers: the text before its first ": ", split on ", " (a nick has no
        /// space, so neither "and 12 others" nor a heading counts).
        var names: [String] {
            guard let end = text.range(of: ": ") else { return [] }
            return text[..<end.lowerBound].components(separatedBy: ", ").filter { !$0.isEmpty && !$0.contains(" ") }
        }
    }

    let students: [BenchIRCClient]
    let channel: String
    private let asked = Mutex<[Question]>([])

    private init(students: [BenchIRCClient], channel: String) {
        self.students = students
        self.channel = channel
    }

    /// Seats a class of `size` in `channel` of the server on `port`, runs `body`, and sends everyone home.
    static func with<T: Sendable>(
        port: Int, size: Int, channel: String = "#lunch", _ body: @Sendable (BenchClassroom) async throws -> T
    ) async throws -> T {
        let register = Register()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 1...max(1, size) {
                let nick = index < 10 ? "student0\(index)" : "student\(index)"
                group.addTask {
                    do {
                        try await BenchIRCClient.with(port: port, nick: nick, channel: channel) { student in
                            register.state.withLock { $0.seated.append(student) }
                            while !register.state.withLock({ $0.dismissed }) {
                                try await Task.sleep(for: .milliseconds(20))
                            }
                        }
                    } catch {
                        register.state.withLock { $0.failure = $0.failure ?? error }
                        throw error
                    }
                }
            }
            defer { register.state.withLock { $0.dismissed = true } }
            let deadline = ContinuousClock.now + .seconds(60)
            while true {
                let (seated, failure) = register.state.withLock { ($0.seated, $0.failure) }
                if let failure { throw failure }
                if seated.count == size {
                    return try await body(
                        BenchClassroom(students: seated.sorted { $0.nick < $1.nick }, channel: channel))
                }
                guard ContinuousClock.now < deadline else { throw ClassroomError.notSeated(seated.count, of: size) }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    /// `student` says `text` in the channel now.
    func ask(_ student: BenchIRCClient, _ text: String) async throws {
        asked.withLock { $0.append(Question(student: student.nick, text: text, sentAt: .now)) }
        try await student.send("PRIVMSG \(channel) :\(text)")
    }

    /// Every line the students said, in order.
    var questions: [Question] { asked.withLock { $0 } }

    /// The lines `student` said.
    func questions(of student: BenchIRCClient) -> [Question] { questions.filter { $0.student == student.nick } }

    /// What `bot` said in the channel, as `student` saw it.
    func channelLines(from bot: String, seenBy student: BenchIRCClient) -> [SeenLine] {
        lines(student) { $0.command == "PRIVMSG" && $0.sourceNick == bot && $0.parameter(0) == channel }
    }

    /// The notices `bot` sent to `student`.
    func notices(from bot: String, to student: BenchIRCClient) -> [SeenLine] {
        lines(student) { $0.command == "NOTICE" && $0.sourceNick == bot && $0.parameter(0) == student.nick }
    }

    /// When `student` first saw a line of `bot` in the channel that names them, if they did.
    func firstNamed(_ student: BenchIRCClient, by bot: String) -> ContinuousClock.Instant? {
        channelLines(from: bot, seenBy: student).first { $0.names.contains(student.nick) }?.arrivedAt
    }

    /// True when some student saw `bot` quit, part or join again (a reconnect).
    func sawLeave(of bot: String) -> Bool {
        students.contains { student in
            student.received.contains {
                ["QUIT", "JOIN", "PART"].contains($0.message.command) && $0.message.sourceNick == bot
            }
        }
    }

    /// When a student last received a line from `bot`, if one did.
    func latestLine(from bot: String) -> ContinuousClock.Instant? {
        students.compactMap { student in student.received.last { $0.message.sourceNick == bot }?.arrivedAt }.max()
    }

    private func lines(_ student: BenchIRCClient, where matches: (IRCMessage) -> Bool) -> [SeenLine] {
        student.received.filter { matches($0.message) }.map {
            SeenLine(text: $0.message.parameter(1) ?? "", arrivedAt: $0.arrivedAt)
        }
    }

    /// Who is seated, whether a student could not come, and whether the class is over.
    private final class Register: Sendable {
        struct State {
            var seated: [BenchIRCClient] = []
            var failure: (any Error)?
            var dismissed = false
        }

        let state = Mutex(State())
    }

    enum ClassroomError: Error {
        case notSeated(Int, of: Int)
        case timedOut(String)
    }
}
