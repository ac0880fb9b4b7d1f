import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A real HTTP server on 127.0.0.1 and a free port, for tests of code that fetches: it serves the
/// responses a test sets per path, honours `If-None-Match`, and records the requests it got.
public final class LoopbackHTTPServer: Sendable {
    /// One response to serve.
    public struct Response: Sendable {
        public var status: Int
        public var body: [UInt8]
        public var headers: [(String, String)]

        public init(status: Int = 200, body: [UInt8] = [], headers: [(String, String)] = []) {
            self.status = status
            self.body = body
            self.headers = headers
        }

        /// 200 with a text body and, when given, an ETag (a matching `If-None-Match` gets 304).
        public static func text(_ text: String, etag: String? = nil, contentType: String = "text/calendar") -> Response
        {
            var headers = [("Content-Type", contentType)]
            if let etag { headers.append(("ETag", etag)) }
            return Response(status: 200, body: Array(text.utf8), headers: headers)
        }
    }

    /// What the server received.
    public struct Request: Sendable {
        public var path: String
        public var headers: [String: String]
    }

    private let state = Mutex<(responses: [String: Response], requests: [Request])>(([:], []))
    private let channel: any Channel
    /// The port it listens on.
    public let port: Int

    /// Starts a server; stop it with ``stop()``.
    public static func start() async throws -> LoopbackHTTPServer {
        let server = LoopbackHTTPServerBox()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(LoopbackHTTPHandler(box: server))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let instance = LoopbackHTTPServer(channel: channel, port: channel.localAddress?.port ?? 0)
        server.server.withLock { $0 = instance }
        return instance
    }

    private init(channel: any Channel, port: Int) {
        self.channel = channel
        self.port = port
    }

    /// The URL of a path on this server.
    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Serves `response` at `path` from now on.
    public func serve(_ path: String, _ response: Response) {
        state.withLock { $0.responses[path] = response }
    }

    /// The requests received so far.
    public var requests: [Request] { state.withLock { $0.requests } }

    /// Stops listening.
    public func stop() async {
        try? await channel.close()
    }

    fileprivate func respond(to head: HTTPRequestHead) -> Response {
        let headers = Dictionary(head.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        return state.withLock { state in
            state.requests.append(Request(path: head.uri, headers: headers))
            guard let response = state.responses[head.uri] else {
                return Response(status: 404, body: Array("not found".utf8))
            }
            if let etag = response.headers.first(where: { $0.0 == "ETag" })?.1, headers["if-none-match"] == etag {
                return Response(status: 304)
            }
            return response
        }
    }
}

/// Lets the channel handlers reach the server, which exists only after the bind.
private final class LoopbackHTTPServerBox: Sendable {
    let server = Mutex<LoopbackHTTPServer?>(nil)
}

private final class LoopbackHTTPHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let box: LoopbackHTTPServerBox

    init(box: LoopbackHTTPServerBox) {
        self.box = box
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let head) = unwrapInboundIn(data) else { return }
        let response = box.server.withLock { $0 }?.respond(to: head) ?? LoopbackHTTPServer.Response(status: 503)
        var headers = HTTPHeaders(response.headers)
        headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
        let status = HTTPResponseStatus(statusCode: response.status)
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))),
            promise: nil)
        if !response.body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: response.body)))), promise: nil)
        }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}
