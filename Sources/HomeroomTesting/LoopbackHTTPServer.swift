import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A real HTTP server on 127.0.0.1 (or another loopback address) and a free port, for tests of
/// code that fetches or posts: it serves the responses a test sets per path (one after another,
/// the last one repeating), honours `If-None-Match`, and records the requests it got, bodies
/// included, and how many connections were opened.
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
        public var method: String
        public var path: String
        /// Header names lowercased.
        public var headers: [String: String]
        public var body: [UInt8]

        /// The body as text.
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    private let state = Mutex<(responses: [String: [Response]], requests: [Request], connections: Int)>(
        ([:], [], 0))
    private let channel: any Channel
    /// The address it listens on.
    public let address: String
    /// The port it listens on.
    public let port: Int

    /// Where servers listen unless told otherwise; the test configuration allows fetches to it.
    public static let host = "127.0.0.1"

    /// Starts a server on `address` (`127.0.0.2`, `::1`: any loopback address); stop it with ``stop()``.
    public static func start(on address: String = host) async throws -> LoopbackHTTPServer {
        let server = LoopbackHTTPServerBox()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                server.server.withLock { $0 }?.state.withLock { $0.connections += 1 }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(LoopbackHTTPHandler(box: server))
                }
            }
            .bind(host: address, port: 0).get()
        let instance = LoopbackHTTPServer(channel: channel, address: address, port: channel.localAddress?.port ?? 0)
        server.server.withLock { $0 = instance }
        return instance
    }

    private init(channel: any Channel, address: String, port: Int) {
        self.channel = channel
        self.address = address
        self.port = port
    }

    /// The URL of a path on this server.
    public func url(_ path: String) -> URL {
        URL(string: "http://\(address.contains(":") ? "[\(address)]" : address):\(port)\(path)")!
    }

    /// The connections opened to it so far.
    public var connections: Int { state.withLock { $0.connections } }

    /// Serves `response` at `path` from now on.
    public func serve(_ path: String, _ response: Response) {
        serve(path, sequence: [response])
    }

    /// Serves `responses` at `path` one request after another; the last one keeps being served.
    public func serve(_ path: String, sequence responses: [Response]) {
        precondition(!responses.isEmpty, "give at least one response")
        state.withLock { $0.responses[path] = responses }
    }

    /// The requests received so far.
    public var requests: [Request] { state.withLock { $0.requests } }

    /// Waits until `count` requests to `path` have arrived (or `timeout` passed) and returns them.
    public func requests(to path: String, count: Int, timeout: Duration = .seconds(60)) async throws -> [Request] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let received = requests.filter { $0.path == path }
            if received.count >= count || ContinuousClock.now >= deadline { return received }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Stops listening.
    public func stop() async {
        try? await channel.close()
    }

    fileprivate func respond(to head: HTTPRequestHead, body: [UInt8]) -> Response {
        let headers = Dictionary(head.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        return state.withLock { state in
            state.requests.append(Request(method: head.method.rawValue, path: head.uri, headers: headers, body: body))
            guard let queued = state.responses[head.uri], let response = queued.first else {
                return Response(status: 404, body: Array("not found".utf8))
            }
            if queued.count > 1 { state.responses[head.uri] = Array(queued.dropFirst()) }
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

/// One connection's handler: collects a request's head and body, then answers.
private final class LoopbackHTTPHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let box: LoopbackHTTPServerBox
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []

    init(box: LoopbackHTTPServerBox) {
        self.box = box
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = []
        case .body(let buffer):
            body.append(contentsOf: buffer.readableBytesView)
        case .end:
            guard let head else { return }
            self.head = nil
            answer(head, context: context)
        }
    }

    private func answer(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        let response =
            box.server.withLock { $0 }?.respond(to: head, body: body) ?? LoopbackHTTPServer.Response(status: 503)
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
