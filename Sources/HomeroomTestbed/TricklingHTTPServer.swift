import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A hostile HTTP server on 127.0.0.1 for tests of deadlines: it answers every request with its
/// headers at once (200, a `Content-Length` of `bodyBytes`), then sends the body one byte every
/// `interval`, holding the connection as long as the client lets it.
public final class TricklingHTTPServer: Sendable {
    private let channel: any Channel
    private let sent: ByteCount
    /// The port it listens on.
    public let port: Int

    /// Starts a server; stop it with ``stop()``.
    public static func start(interval: Duration = .seconds(60), bodyBytes: Int = 1000) async throws
        -> TricklingHTTPServer
    {
        let sent = ByteCount()
        let delay = TimeAmount(interval)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(
                        TricklingHandler(delay: delay, bodyBytes: bodyBytes, sent: sent))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return TricklingHTTPServer(channel: channel, sent: sent)
    }

    private init(channel: any Channel, sent: ByteCount) {
        self.channel = channel
        self.sent = sent
        self.port = channel.localAddress?.port ?? 0
    }

    /// The URL of a path on this server.
    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// The body bytes sent so far, over every connection.
    public var bytesSent: Int { sent.value.withLock { $0 } }

    /// Stops listening; connections end when their clients hang up.
    public func stop() async {
        try? await channel.close()
    }
}

/// The body bytes a server sent, shared by its connections.
private final class ByteCount: Sendable {
    let value = Mutex(0)
}

/// One connection: the head at once, then a byte per tick until the body is out or the client left.
private final class TricklingHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let delay: TimeAmount
    private let bodyBytes: Int
    private let sent: ByteCount
    private var ticker: RepeatedTask?
    private var written = 0

    init(delay: TimeAmount, bodyBytes: Int, sent: ByteCount) {
        self.delay = delay
        self.bodyBytes = bodyBytes
        self.sent = sent
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .end = unwrapInboundIn(data), ticker == nil else { return }
        var headers = HTTPHeaders([("Content-Type", "text/html"), ("Content-Length", String(bodyBytes))])
        headers.add(name: "Connection", value: "close")
        context.writeAndFlush(
            wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
        let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        ticker = context.eventLoop.scheduleRepeatedTask(initialDelay: delay, delay: delay) { task in
            let (handler, context) = loopBound.value
            handler.sendByte(context: context, task: task)
        }
    }

    private func sendByte(context: ChannelHandlerContext, task: RepeatedTask) {
        sent.value.withLock { $0 += 1 }
        written += 1
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: "a")))), promise: nil)
        if written >= bodyBytes {
            task.cancel()
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        ticker?.cancel()
        ticker = nil
        context.fireChannelInactive()
    }
}
