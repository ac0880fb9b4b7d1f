import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// An HTTPS server on 127.0.0.1 with the loopback certificate, answering each path with a fixed
/// status and headers, and counting the requests it got.
final class LoopbackHTTPSServer: Sendable {
    struct Answer: Sendable {
        var status: Int
        var headers: [(String, String)]
        var body: String
    }

    private let channel: any Channel
    private let received: RequestLog
    let port: Int

    static func start(_ answers: [String: Answer]) async throws -> LoopbackHTTPSServer {
        let context = try NIOSSLContext(
            configuration: .makeServerConfiguration(
                certificateChain: [.certificate(try LoopbackCertificate.certificate())],
                privateKey: .privateKey(try LoopbackCertificate.privateKey())))
        let received = RequestLog()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(FixedAnswers(answers: answers, received: received))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return LoopbackHTTPSServer(channel: channel, received: received)
    }

    private init(channel: any Channel, received: RequestLog) {
        self.channel = channel
        self.received = received
        port = channel.localAddress?.port ?? 0
    }

    func url(_ path: String) -> URL { URL(string: "https://127.0.0.1:\(port)\(path)")! }

    /// The paths requested so far.
    var requests: [String] { received.paths.withLock { $0 } }

    func stop() async { try? await channel.close() }
}

private final class RequestLog: Sendable {
    let paths = Mutex<[String]>([])
}

private final class FixedAnswers: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let answers: [String: LoopbackHTTPSServer.Answer]
    let received: RequestLog

    init(answers: [String: LoopbackHTTPSServer.Answer], received: RequestLog) {
        self.answers = answers
        self.received = received
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let head) = unwrapInboundIn(data) else { return }
        received.paths.withLock { $0.append(head.uri) }
        let answer = answers[head.uri] ?? .init(status: 404, headers: [], body: "not found")
        var headers = HTTPHeaders(answer.headers)
        headers.add(name: "Content-Length", value: String(answer.body.utf8.count))
        context.write(
            wrapOutboundOut(
                .head(HTTPResponseHead(version: .http1_1, status: .init(statusCode: answer.status), headers: headers))),
            promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: answer.body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}
