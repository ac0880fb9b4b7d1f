import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import HummingbirdWSClient
import Logging
import Synchronization

/// One Socket Mode WebSocket: it reads Slack's messages, hands each envelope to the responder (on
/// the service's task queue, so its answer outlives the socket) and tells the loop keeping the
/// connection up when Slack says `hello` or `disconnect`, and when the socket ends.
struct SocketModeConnection: Sendable {
    /// The connection's number, which grows with each new connection.
    let id: Int
    /// The `wss://` address `apps.connections.open` gave.
    let url: URL
    let responder: SocketModeResponder
    let deferred: TaskQueue
    let signal: AsyncStream<SocketModeSignal>.Continuation
    let logger: Logger

    /// How long closing waits for Slack's answering close frame.
    static let closeTimeout: Duration = .seconds(2)
    /// How often a ping checks that the connection still carries (a NAT may drop it silently);
    /// one unanswered within the next period ends it.
    static let pingPeriod: Duration = .seconds(30)

    /// Connects and reads until Slack closes the socket, it drops, or `closeRequests` finishes (a
    /// newer connection is up); then signals ``SocketModeSignal/ended(id:reason:)``.
    func run(closeRequests: AsyncStream<Never>) async {
        var configuration = WebSocketClientConfiguration(
            maxFrameSize: SocketModeFrame.maximumBytes, closeTimeout: Self.closeTimeout,
            autoPing: .enabled(timePeriod: Self.pingPeriod))
        // A peer gone without TLS close_notify is an ordinary disconnect (DESIGN.md, Platform notes).
        configuration.ignoreUncleanSSLShutdownErrors = true
        let writer = SocketModeWriter()
        let reason: String
        do {
            let close = try await WebSocketClient.connect(
                url: url.absoluteString, configuration: configuration, logger: logger
            ) { inbound, outbound, _ in
                writer.open(outbound)
                defer { writer.close() }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await _ in closeRequests {}
                    }
                    group.addTask {
                        for try await message in inbound.messages(maxSize: SocketModeFrame.maximumBytes) {
                            guard case .text(let text) = message else { continue }
                            read(text, writer: writer)
                        }
                    }
                    try await group.next()
                    group.cancelAll()
                }
            }
            reason = close.map { "Slack closed the connection (\($0.closeCode))" } ?? "the connection closed"
        } catch {
            reason = "the connection failed: \(error)"
        }
        signal.yield(.ended(id: id, reason: reason))
    }

    /// Acts on one message from Slack.
    private func read(_ text: String, writer: SocketModeWriter) {
        let frame: SocketModeFrame
        do {
            frame = try SocketModeFrame.decode(text)
        } catch {
            logger.warning("Socket Mode: a message skipped: \(error)")
            return
        }
        switch frame {
        case .hello:
            signal.yield(.hello(id: id))
        case .disconnect(let reason):
            signal.yield(.disconnect(id: id, reason: reason))
        case .envelope(let envelope):
            let responder = responder
            deferred.submit {
                await responder.respond(to: envelope, on: id) { acknowledgement in
                    try await writer.write(acknowledgement.text)
                }
            }
        case .ignored(let type):
            logger.debug("Socket Mode: a \(type) message ignored")
        }
    }
}

/// The writing side of one socket, which answers may still reach for after it closed: then a
/// write fails at once instead of touching a finished channel.
final class SocketModeWriter: Sendable {
    private let outbound = Mutex<WebSocketOutboundWriter?>(nil)

    /// The socket is open.
    func open(_ writer: WebSocketOutboundWriter) {
        outbound.withLock { $0 = writer }
    }

    /// The socket is closed.
    func close() {
        outbound.withLock { $0 = nil }
    }

    /// Sends `text`; throws when the socket is closed or the write fails.
    func write(_ text: String) async throws {
        guard let writer = outbound.withLock({ $0 }) else { throw SocketModeClosed() }
        try await writer.write(.text(text))
    }
}

/// A write on a Socket Mode connection that has closed.
struct SocketModeClosed: Error, CustomStringConvertible {
    var description: String { "the Socket Mode connection is closed" }
}
