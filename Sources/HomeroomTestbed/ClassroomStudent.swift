import Foundation
import HomeroomIRC
import HomeroomTesting
import NIOCore
import NIOPosix
import Synchronization

/// One student of a ``Classroom``: a raw IRC client that registers on a test server, becomes an
/// operator with user mode +F (so that ngircd's own throttle does not hold its lines back), joins a
/// channel, and records every line it receives with its arrival time.
public final class ClassroomStudent: Sendable {
    /// A line the student received, and when.
    public struct Received: Sendable {
        /// The line as the IRC adapter parses it.
        package let message: IRCMessage
        /// When it was read.
        public let arrivedAt: ContinuousClock.Instant
    }

    /// The student's nick.
    public let nick: String
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private let lines = Mutex<[Received]>([])

    private init(nick: String, outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) {
        self.nick = nick
        self.outbound = outbound
    }

    /// Connects as `nick` to the server on `port` (127.0.0.1), registers, becomes an operator with
    /// +F, joins `channel`, runs `body`, and disconnects.
    public static func with<Value: Sendable>(
        port: Int, nick: String, channel: String, _ body: (ClassroomStudent) async throws -> Value
    ) async throws -> Value {
        let connection = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await connection.executeThenClose { inbound, outbound in
            let student = ClassroomStudent(nick: nick, outbound: outbound)
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await student.read(inbound) }
                try await student.send("NICK \(nick)")
                try await student.send("USER \(nick) 0 * :student")
                try await student.waitFor("the welcome") { $0.command == "001" }
                try await student.send("OPER \(NgircdServer.operatorName) \(NgircdServer.operatorPassword)")
                try await student.send("MODE \(nick) +F")
                try await student.waitFor("+F") {
                    $0.command == "MODE" && $0.parameter(0) == nick && $0.parameter(1)?.contains("F") == true
                }
                try await student.send("JOIN \(channel)")
                try await student.waitFor("the join") { $0.command == "JOIN" && $0.sourceNick == nick }
                let value = try await body(student)
                try? await student.send("QUIT :class over")
                group.cancelAll()
                return value
            }
        }
    }

    /// Sends a raw line (CR LF added).
    public func send(_ line: String) async throws {
        try await outbound.write(ByteBuffer(string: line + "\r\n"))
    }

    /// Everything received so far.
    public var received: [Received] { lines.withLock { $0 } }

    /// Waits (up to 30 s) until a received line matches; `what` names it in the error.
    package func waitFor(_ what: String, _ matches: (IRCMessage) -> Bool) async throws {
        try await eventually("\(nick) to receive \(what); last lines: \(lastLines)", within: .seconds(30)) {
            received.contains { matches($0.message) }
        }
    }

    /// The last three lines received, for an error.
    private var lastLines: [String] {
        received.suffix(3).map { "\($0.message.command) \($0.message.parameters)" }
    }

    /// Records every line of `inbound` (answering the server's PING) until the connection ends.
    private func read(_ inbound: NIOAsyncChannelInboundStream<ByteBuffer>) async throws {
        var buffer: [UInt8] = []
        for try await chunk in inbound {
            let arrivedAt = ContinuousClock.now
            buffer.append(contentsOf: chunk.readableBytesView)
            while let newline = buffer.firstIndex(of: 10) {
                let line = buffer[..<newline]
                buffer.removeSubrange(...newline)
                guard let message = IRCMessage(line: line.last == 13 ? line.dropLast() : line) else { continue }
                if message.command == "PING" { try await send("PONG :\(message.parameter(0) ?? "")") }
                lines.withLock { $0.append(Received(message: message, arrivedAt: arrivedAt)) }
            }
        }
    }
}
