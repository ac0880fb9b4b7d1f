import HomeroomTesting
import Hummingbird
import HummingbirdCore
import ServiceLifecycle

/// A Hummingbird application serving on 127.0.0.1 and a free port, as the fake platform servers run:
/// ``start(serverName:router:server:)`` returns once it listens; ``stop()`` ends it by a graceful
/// shutdown, never a cancellation. A NIO server cancelled while a connection is accepted but not yet
/// served traps the whole test process (apple/swift-nio#3481; see ``withRunningService(_:stopped:_:)``).
public final class LoopbackApplication: Sendable {
    /// The port on 127.0.0.1.
    public let port: Int
    private let group: ServiceGroup
    private let running: Task<Void, any Error>

    private init(port: Int, group: ServiceGroup, running: Task<Void, any Error>) {
        self.port = port
        self.group = group
        self.running = running
    }

    /// Serves `router` through `server` (plain HTTP/1.1 unless told, e.g. a WebSocket upgrade), sending
    /// `serverName` in the `Server` header; returns once it listens. Stop it with ``stop()``.
    public static func start<Routes: HTTPResponderBuilder>(
        serverName: String, router: Routes, server: HTTPServerBuilder = .http1()
    ) async throws -> LoopbackApplication
    where Routes.Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: router, server: server,
            configuration: ApplicationConfiguration(
                address: .hostname(LoopbackHTTPServer.host, port: 0), serverName: serverName),
            onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) },
            logger: TestBot.testLogger())
        let group = ServiceGroup(
            configuration: .init(services: [application], gracefulShutdownSignals: [], logger: TestBot.testLogger()))
        let running = Task {
            defer { portContinuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            await group.triggerGracefulShutdown()
            let ended = await running.result
            var reason: String?
            if case .failure(let error) = ended { reason = "\(error)" }
            throw LoopbackApplicationError.didNotStart(serverName, reason)
        }
        return LoopbackApplication(port: port, group: group, running: running)
    }

    /// Stops listening: a graceful shutdown, then waits until the application has ended.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await running.value
    }
}

/// Why a ``LoopbackApplication`` could not start.
public enum LoopbackApplicationError: Error, CustomStringConvertible {
    /// The server named (its `Server` header) did not report a port; why it ended, if it failed.
    case didNotStart(String, String?)

    public var description: String {
        switch self {
        case .didNotStart(let name, let reason):
            "the loopback server \(name) did not start" + (reason.map { ": \($0)" } ?? "")
        }
    }
}
