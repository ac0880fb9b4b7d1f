import Foundation
import NIOCore
import NIOPosix
import Testing

/// Clients that send nothing, trickle their headers or body, or send far too many headers do not
/// hold a connection: the server closes it (or refuses the request) on its own.
@Suite struct SlowClientTests {
    /// What a raw client saw of one connection.
    struct Outcome: Sendable {
        /// The bytes the server sent.
        var received: [UInt8]
        /// True when the server closed (or reset) the connection within the limit.
        var closedByServer: Bool
        /// How long the connection stayed open.
        var elapsed: Duration

        var text: String { String(decoding: received, as: UTF8.self) }
    }

    /// Opens a TCP connection to `port`, lets `write` play the client, and waits at most `limit`
    /// for the server to close the connection.
    static func connect(
        port: Int, waitingAtMost limit: Duration = .seconds(10),
        write: @escaping @Sendable (NIOAsyncChannelOutboundWriter<ByteBuffer>) async throws -> Void
    ) async throws -> Outcome {
        // Timed from before the connection is made: the server's idle timer starts when it accepts,
        // which a loaded machine may report to the client well after, so this never reads short.
        let start = ContinuousClock.now
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            try await withThrowingTaskGroup(of: Outcome?.self) { group in
                group.addTask {
                    var received: [UInt8] = []
                    do {
                        for try await chunk in inbound { received += chunk.readableBytesView }
                    } catch {
                        // A reset is the server closing too.
                    }
                    return Outcome(received: received, closedByServer: true, elapsed: .now - start)
                }
                group.addTask {
                    try? await write(outbound)
                    return nil
                }
                group.addTask {
                    try await Task.sleep(for: limit)
                    return Outcome(received: [], closedByServer: false, elapsed: .now - start)
                }
                while let result = try await group.next() {
                    if let outcome = result {
                        group.cancelAll()
                        return outcome
                    }
                }
                return Outcome(received: [], closedByServer: false, elapsed: .now - start)
            }
        }
    }

    /// Sends `bytes` one at a time, `every` apart, until the connection fails.
    static func trickle(
        _ bytes: [UInt8], every interval: Duration, to outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    )
        async throws
    {
        for byte in bytes {
            try await outbound.write(ByteBuffer(bytes: [byte]))
            try await Task.sleep(for: interval)
        }
    }

    @Test func aConnectionThatSendsNothingIsClosedAfterTheIdleTimeout() async throws {
        try await WebhookHarness.with(settings: { $0.idleTimeoutSeconds = 0.3 }) { harness in
            let outcome = try await Self.connect(port: harness.port) { _ in }
            #expect(outcome.closedByServer, "still open after 10 s")
            #expect(outcome.received.isEmpty, "\(outcome.text)")
            #expect(outcome.elapsed >= .milliseconds(250), "\(outcome.elapsed)")
        }
    }

    @Test func headersSentOneByteAtATimeDoNotKeepAConnectionAlive() async throws {
        try await WebhookHarness.with(settings: { $0.idleTimeoutSeconds = 0.5 }) { harness in
            let headers =
                Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8) + Array(repeating: 0x61, count: 500)
            let outcome = try await Self.connect(port: harness.port) { outbound in
                try await Self.trickle(headers, every: .milliseconds(20), to: outbound)
            }
            #expect(outcome.closedByServer, "still open after 10 s")
            #expect(outcome.received.isEmpty, "\(outcome.text)")
        }
    }

    @Test func aBodyTrickledAfterItsHeadersIsCutOffAtTheReadTimeout() async throws {
        try await WebhookHarness.with(settings: { settings in
            settings.idleTimeoutSeconds = 30
            settings.readTimeoutSeconds = 0.5
        }) { harness in
            let head =
                "POST /api/v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: 2000\r\n\r\n"
            let outcome = try await Self.connect(port: harness.port) { outbound in
                try await outbound.write(ByteBuffer(string: head))
                try await Self.trickle(Array(repeating: 0x20, count: 2000), every: .milliseconds(25), to: outbound)
            }
            #expect(outcome.closedByServer, "a trickled body held the connection for 10 s")
            #expect(outcome.elapsed < .seconds(5), "\(outcome.elapsed)")
            #expect(!outcome.text.hasPrefix("HTTP/1.1 2"), "\(outcome.text)")
        }
    }

    /// A request for `/healthz` with `size` bytes of headers.
    static func request(headerBytes size: Int) -> ByteBuffer {
        var text = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        var index = 0
        while text.utf8.count < size {
            text += "X-Filler-\(index): \(String(repeating: "a", count: 1000))\r\n"
            index += 1
        }
        return ByteBuffer(string: text + "\r\n")
    }

    @Test(arguments: [100_000, 24_000])
    func tooManyHeaderBytesAreRefused(size: Int) async throws {
        try await WebhookHarness.with { harness in
            let outcome = try await Self.connect(port: harness.port) { outbound in
                try await outbound.write(Self.request(headerBytes: size))
            }
            #expect(outcome.closedByServer)
            let refused =
                outcome.received.isEmpty || outcome.text.hasPrefix("HTTP/1.1 400")
                || outcome.text.hasPrefix("HTTP/1.1 431")
            #expect(refused, "\(size) bytes of headers: \(outcome.text.prefix(200))")
        }
    }

    @Test func headersWithinTheLimitAreServed() async throws {
        try await WebhookHarness.with { harness in
            let outcome = try await Self.connect(port: harness.port) { outbound in
                try await outbound.write(Self.request(headerBytes: 4000))
            }
            #expect(outcome.text.hasPrefix("HTTP/1.1 200"), "\(outcome.text.prefix(200))")
        }
    }
}
