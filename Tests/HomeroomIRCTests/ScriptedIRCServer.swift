import Foundation
import HomeroomTesting
import NIOCore
import NIOPosix
import Synchronization

@testable import HomeroomIRC

/// A loopback IRC server that answers from a script, for what ngircd does not do (SASL,
/// account-tag): each line the client sends is recorded and answered with the script's lines.
final class ScriptedIRCServer: Sendable {
    typealias Script = @Sendable (IRCMessage) -> [String]

    private let channel: any Channel
    private let state: ScriptedState
    let port: Int

    static func start(_ script: @escaping Script) async throws -> ScriptedIRCServer {
        let state = ScriptedState(script: script)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.addHandler(ByteToMessageHandler(IRCLineDecoder()))
                    try child.pipeline.syncOperations.addHandler(ScriptedHandler(state: state))
                    state.client.withLock { $0 = child }
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return ScriptedIRCServer(channel: channel, state: state, port: channel.localAddress?.port ?? 0)
    }

    private init(channel: any Channel, state: ScriptedState, port: Int) {
        self.channel = channel
        self.state = state
        self.port = port
    }

    /// The lines the client sent, in order.
    var received: [String] { state.received.withLock { $0 } }

    /// Sends `line` to the connected client.
    func push(_ line: String) {
        guard let client = state.client.withLock({ $0 }) else { return }
        client.writeAndFlush(ByteBuffer(bytes: Array((line + "\r\n").utf8)), promise: nil)
    }

    /// Waits until the client sent a line for which `matches` holds.
    func waitFor(
        timeout: Duration = .seconds(60), fileID: String = #fileID, line: Int = #line, _ matches: (String) -> Bool
    ) async throws {
        try await eventually(
            "a matching line from the client; it sent:\n\(received.joined(separator: "\n"))", within: timeout,
            every: .milliseconds(20), fileID: fileID, line: line
        ) { received.contains(where: matches) }
    }

    func stop() async {
        try? await channel.close()
        try? await state.client.withLock { $0 }?.close()
    }
}

private final class ScriptedState: Sendable {
    let script: ScriptedIRCServer.Script
    let received = Mutex<[String]>([])
    let client = Mutex<(any Channel)?>(nil)

    init(script: @escaping ScriptedIRCServer.Script) {
        self.script = script
    }
}

private final class ScriptedHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let state: ScriptedState

    init(state: ScriptedState) {
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = Array(unwrapInboundIn(data).readableBytesView)
        let text = String(decoding: bytes, as: UTF8.self)
        state.received.withLock { $0.append(text) }
        guard let message = IRCMessage(line: bytes) else { return }
        for line in state.script(message) {
            context.write(wrapOutboundOut(ByteBuffer(bytes: Array((line + "\r\n").utf8))), promise: nil)
        }
        context.flush()
        if message.command == "QUIT" { context.close(promise: nil) }
    }
}
