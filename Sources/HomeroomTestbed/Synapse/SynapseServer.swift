import Foundation
import HomeroomTesting
import Synchronization

/// A real Synapse (Matrix's reference homeserver, from `.build-venv/synapse`, which `Scripts/test`
/// installs) on 127.0.0.1 and a free port, in a folder of its own, with SQLite and no federation,
/// for the Matrix adapter's tests. It can be stopped and started again on the same port with its
/// data, as a restarted server. People are registered with the shared secret (``register(localpart:password:admin:)``).
public final class SynapseServer: Sendable {
    /// The Python of the virtualenv Synapse is installed in: `$HOMEROOM_SYNAPSE_PYTHON`, or
    /// `.build-venv/synapse/bin/python` in the package.
    public static var python: URL { environment.python }

    static let environment = PythonEnvironment("synapse", variable: "HOMEROOM_SYNAPSE_PYTHON")

    /// True when Synapse is installed beside ``python`` (its package is in the virtualenv).
    public static var isInstalled: Bool { environment.has("synapse/app/homeserver.py") }

    /// The secret of the shared-secret registration.
    static let registrationSecret = "homeroom-test-registration"

    /// The server's name, the part of its users' ids after the colon (`@alice:school.test`).
    public let serverName: String
    /// The port its client-server API listens on.
    public let port: Int
    /// Its client-server API's base address, `http://127.0.0.1:PORT`.
    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }
    let folder: URL
    private let process = Mutex<Process?>(nil)

    /// Prepares a server named `serverName` (its configuration written; ``start()`` starts it),
    /// every rate limit generous, or `messageRateLimit` for messages (Synapse's `rc_message`).
    public init(serverName: String = "school.test", messageRateLimit: SynapseRateLimit? = nil) throws {
        self.serverName = serverName
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("homeroom-synapse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try NgircdServer.freePort()
        let configuration = SynapseConfiguration(
            serverName: serverName, port: port, folder: folder, registrationSecret: Self.registrationSecret,
            messageRateLimit: messageRateLimit)
        try configuration.homeserverYAML.write(
            to: folder.appendingPathComponent("homeserver.yaml"), atomically: true, encoding: .utf8)
        try configuration.loggingYAML.write(
            to: folder.appendingPathComponent("logging.yaml"), atomically: true, encoding: .utf8)
    }

    /// Starts the server (the first start makes its signing key and database) and waits until its
    /// API answers; throws, with the end of its log, when it ends or does not answer within 120 s
    /// (it takes about 2 s alone, far longer while a whole suite runs on two cores).
    public func start() async throws {
        let process = Process()
        process.executableURL = Self.python
        // `python -m synapse.app.homeserver -c FILE`, with the signals unblocked first: a child of the
        // test process inherits its blocked SIGTERM, and Synapse would ignore stop()'s.
        process.arguments = [
            "-c",
            "import runpy, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
                + "sys.argv = ['synapse.app.homeserver', '-c', sys.argv[1]]; "
                + "runpy.run_module('synapse.app.homeserver', run_name='__main__', alter_sys=True)",
            folder.appendingPathComponent("homeserver.yaml").path,
        ]
        process.currentDirectoryURL = folder
        let output = folder.appendingPathComponent("output.log")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        // A file, not a pipe: nobody reads it until something goes wrong, and a full pipe would block Synapse.
        let handle = try FileHandle(forWritingTo: output)
        handle.seekToEndOfFile()
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try? handle.close()
        self.process.withLock { $0 = process }
        do {
            try await eventually("Synapse to answer", within: .seconds(120), every: .milliseconds(50)) {
                guard process.isRunning else { throw SynapseError.didNotStart(logTail()) }
                return await answersVersions()
            }
        } catch is ConditionUnmet {
            await stop()
            throw SynapseError.didNotStart(logTail())
        }
    }

    /// Stops the server (SIGTERM; SIGKILL after 10 s) and waits for it to end.
    public func stop() async {
        guard let process = process.withLock({ $0.take() }), process.isRunning else { return }
        await process.terminate(killingAfter: .seconds(10))
    }

    /// Stops it and removes its folder.
    public func remove() async {
        await stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// True while the server runs.
    public var isRunning: Bool { process.withLock { $0?.isRunning ?? false } }

    /// Starts a server (see ``init(serverName:messageRateLimit:)``), runs `body` with it, and
    /// removes it, also when `body` throws.
    public static func with<Value: Sendable>(
        serverName: String = "school.test", messageRateLimit: SynapseRateLimit? = nil,
        _ body: (SynapseServer) async throws -> Value
    ) async throws -> Value {
        let server = try SynapseServer(serverName: serverName, messageRateLimit: messageRateLimit)
        do {
            try await server.start()
            let value = try await body(server)
            await server.remove()
            return value
        } catch {
            await server.remove()
            throw error
        }
    }

    /// True when `GET /_matrix/client/versions` answers 200.
    private func answersVersions() async -> Bool {
        let answer = try? await MatrixRequest.send(
            .GET, url.appendingPathComponent("_matrix/client/versions"), timeout: .seconds(2))
        return answer?.status == 200
    }

    /// The last lines Synapse wrote (its output and its log), for an error message.
    func logTail() -> String {
        ["output.log", "homeserver.log"].compactMap {
            try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n").split(separator: "\n").suffix(15).joined(separator: "\n")
    }

    /// What went wrong with the server.
    public enum SynapseError: Error, CustomStringConvertible {
        /// It ended, or did not answer within 120 s; the end of its log.
        case didNotStart(String)
        /// The shared-secret registration was refused; the answer.
        case registrationRefused(String)

        public var description: String {
            switch self {
            case .didNotStart(let log): "Synapse did not start:\n\(log)"
            case .registrationRefused(let answer): "Synapse refused the registration: \(answer)"
            }
        }
    }
}
