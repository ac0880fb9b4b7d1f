import Foundation
import HomeroomTestbed
import HomeroomTesting
import NIOCore
import Synchronization

@testable import HomeroomIRC

/// A second, real IRC client for the tests: it registers, joins, talks, and records every line
/// it receives (the exact bytes the server relayed).
final class IRCTestClient: Sendable {
    struct Received: Sendable {
        let bytes: [UInt8]
        let message: IRCMessage
        /// When the line was read.
        let arrivedAt: ContinuousClock.Instant
    }

    let nick: String
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private let lines = Mutex<[Received]>([])

    private init(nick: String, outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) {
        self.nick = nick
        self.outbound = outbound
    }

    /// Connects as `nick` to `port`, registers, runs `body`, and disconnects.
    static func with(
        port: Int, nick: String, operator asOperator: Bool = false, _ body: (IRCTestClient) async throws -> Void
    ) async throws {
        var network = IRCNetworkSettings(name: "test", host: "127.0.0.1", port: port, nick: nick)
        network.tls = false
        let connection = try await IRCTransport.connect(network)
        try await connection.executeThenClose { inbound, outbound in
            let client = IRCTestClient(nick: nick, outbound: outbound)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for try await buffer in inbound {
                        let arrivedAt = ContinuousClock.now
                        let bytes = Array(buffer.readableBytesView)
                        guard let message = IRCMessage(line: bytes) else { continue }
                        if message.command == "PING" {
                            try await client.send(IRCMessage(command: "PONG", parameters: message.parameters))
                        }
                        client.lines.withLock {
                            $0.append(Received(bytes: bytes, message: message, arrivedAt: arrivedAt))
                        }
                    }
                }
                try await client.send(IRCMessage("NICK", nick))
                try await client.send(IRCMessage("USER", "tester", "0", "*", "Test client"))
                _ = try await client.waitFor { $0.command == "001" }
                if asOperator {
                    try await client.send(IRCMessage("OPER", NgircdServer.operatorName, NgircdServer.operatorPassword))
                    try await client.send(IRCMessage("MODE", nick, "+F"))
                }
                try await body(client)
                try? await client.send(IRCMessage("QUIT", "test over"))
                group.cancelAll()
            }
        }
    }

    func send(_ message: IRCMessage) async throws {
        try await outbound.write(ByteBuffer(bytes: message.serialized))
    }

    /// Sends a raw line (CR LF added).
    func sendLine(_ line: String) async throws {
        try await outbound.write(ByteBuffer(bytes: Array((line + "\r\n").utf8)))
    }

    /// Joins `channel` and waits for the server to confirm.
    func join(_ channel: String) async throws {
        try await send(IRCMessage("JOIN", channel))
        _ = try await waitFor { $0.command == "JOIN" && $0.sourceNick == self.nick }
    }

    /// Everything received so far.
    var received: [Received] { lines.withLock { $0 } }

    /// Waits until a received message matches, and returns it.
    @discardableResult
    func waitFor(
        timeout: Duration = .seconds(20), fileID: String = #fileID, line: Int = #line,
        _ matches: @Sendable (IRCMessage) -> Bool
    ) async throws -> IRCMessage {
        try await waitFor(count: 1, timeout: timeout, fileID: fileID, line: line, matches)[0].message
    }

    /// Waits until `count` received messages match, and returns them in order.
    func waitFor(
        count: Int, timeout: Duration = .seconds(30), fileID: String = #fileID, line: Int = #line,
        _ matches: @Sendable (IRCMessage) -> Bool
    ) async throws -> [Received] {
        var found: [Received] = []
        try await eventually(
            "\(count) matching line(s) for \(nick); the last received:\n\(lastLines)", within: timeout,
            every: .milliseconds(20), fileID: fileID, line: line
        ) {
            found = received.filter { matches($0.message) }
            return found.count >= count
        }
        return found
    }

    /// The last ten lines received, as text, for a failed wait.
    private var lastLines: String {
        received.suffix(10).map { String(decoding: $0.bytes, as: UTF8.self) }.joined(separator: "\n")
    }

    /// Messages from `nick` to `target`.
    func messages(from nick: String, to target: String) -> [String] {
        received.filter {
            $0.message.command == "PRIVMSG" && $0.message.sourceNick == nick && $0.message.parameter(0) == target
        }
        .compactMap { $0.message.parameter(1) }
    }
}
