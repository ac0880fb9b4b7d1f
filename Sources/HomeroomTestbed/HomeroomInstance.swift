import AsyncHTTPClient
import Foundation
import HomeroomTesting
import NIOCore
import Synchronization

/// One `homeroom serve` process of several sharing a database, as an operator runs it: the built
/// executable with a configuration file of its own in a folder of its own. It can be started again
/// after it ended (a restart is a new process with the same configuration), stopped cleanly
/// (SIGTERM), killed (`kill -9`), and paused and resumed (SIGSTOP, SIGCONT).
///
/// Each run writes standard error (the log) to a file of its own, `stderr-N.log`; ``log`` is the
/// current run's. Waiting for the process never blocks a thread of the concurrency pool: it is
/// polled.
public final class HomeroomInstance: Sendable {
    private struct Run {
        var process: Process?
        var number = 0
        var printed = ""
        var baseURL: URL?
    }

    /// A name for reports (`A`, `B`, `C`).
    public let name: String
    /// The instance's folder: its configuration and its logs.
    public let folder: URL
    /// The configuration file.
    public let configurationPath: String
    private let environment: [String: String]
    private let run = Mutex(Run())

    /// The `homeroom` binary of this build: beside the test bundle, or in `.build/debug`.
    public static var executable: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("homeroom")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return packageRoot.appendingPathComponent(".build/debug/homeroom")
    }

    /// True when the `homeroom` binary has been built.
    public static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: executable.path) }

    /// Prepares an instance named `name` whose configuration file holds `configuration` (JSON);
    /// `environment` is added to the test's own, without `HOMEROOM_DATABASE_URL` and
    /// `HOMEROOM_CONFIG`. ``start()`` starts it.
    public init(name: String, configuration: String, environment: [String: String] = [:]) throws {
        self.name = name
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "homeroom-instance-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        configurationPath = folder.appendingPathComponent("homeroom.json").path
        try configuration.write(toFile: configurationPath, atomically: true, encoding: .utf8)
        self.environment = environment
    }

    /// Starts `homeroom serve --config FILE` and waits (up to `timeout`) until its webhook server
    /// listens; throws with the end of its log when it ends or stays silent instead.
    public func start(timeout: Duration = .seconds(60)) async throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["serve", "--config", configurationPath]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["HOMEROOM_DATABASE_URL"] = nil
        environment["HOMEROOM_CONFIG"] = nil
        process.environment = environment.merging(self.environment) { _, given in given }
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        let number = run.withLock { run in
            run.number += 1
            run.printed = ""
            run.baseURL = nil
            return run.number
        }
        let errorLog = logURL(number)
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: errorLog)
        defer { try? errorHandle.close() }
        process.standardError = errorHandle
        try process.run()
        run.withLock { $0.process = process }
        let reader = output.fileHandleForReading
        let thread = Thread { [weak self] in
            while true {
                let data = reader.availableData
                if data.isEmpty { return }
                self?.printed(String(decoding: data, as: UTF8.self), run: number)
            }
        }
        thread.name = "homeroom \(name) output"
        thread.start()
        func didNotStart(_ ended: String) -> InstanceError {
            .didNotStart("homeroom \(name) \(ended); its log ends: \(log.suffix(2000))")
        }
        do {
            try await eventually("homeroom \(name) to listen", within: timeout, every: .milliseconds(20)) {
                if baseURL != nil { return true }
                guard process.isRunning else { throw didNotStart("ended before listening") }
                return false
            }
        } catch is ConditionUnmet {
            throw didNotStart("did not listen within \(timeout)")
        }
    }

    private func printed(_ text: String, run number: Int) {
        run.withLock { run in
            guard run.number == number else { return }
            run.printed += text
            if run.baseURL == nil, let url = Self.webhookURL(in: run.printed) { run.baseURL = url }
        }
    }

    /// The address in `Webhooks on http://127.0.0.1:PORT: /slack/commands …`.
    private static func webhookURL(in printed: String) -> URL? {
        for line in printed.split(separator: "\n") where line.hasPrefix("Webhooks on ") {
            let rest = line.dropFirst("Webhooks on ".count)
            guard let end = rest.range(of: ": ") else { continue }
            return URL(string: String(rest[..<end.lowerBound]))
        }
        return nil
    }

    /// Where the current run's webhook server listens (`http://127.0.0.1:PORT`), once it does.
    public var baseURL: URL? { run.withLock { $0.baseURL } }

    /// The current run's webhook port, once it listens.
    public var port: Int? { baseURL?.port }

    /// What the current run printed on standard output.
    public var printed: String { run.withLock { $0.printed } }

    /// The current run's log (standard error).
    public var log: String {
        let number = run.withLock { $0.number }
        return (try? String(contentsOf: logURL(number), encoding: .utf8)) ?? ""
    }

    /// The duties the current run holds and their fencing tokens (`irc:school`: 3), as the
    /// detailed `GET /healthz` tells this machine; empty while it is not running or not listening.
    public func heldDuties() async throws -> [String: Int64] {
        guard isRunning, let baseURL else { return [:] }
        struct Health: Decodable { let duties: [String: Int64]? }
        let request = HTTPClientRequest(url: baseURL.appendingPathComponent("healthz").absoluteString)
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(2))
        let body = try await response.body.collect(upTo: 1 << 20)
        return try JSONDecoder().decode(Health.self, from: Data(body.readableBytesView)).duties ?? [:]
    }

    /// The current run's process id, while it runs.
    public var processIdentifier: Int32? {
        run.withLock { $0.process }.flatMap { $0.isRunning ? $0.processIdentifier : nil }
    }

    /// True while the current run's process has not ended.
    public var isRunning: Bool { run.withLock { $0.process }?.isRunning ?? false }

    /// Kills the process with SIGKILL (`kill -9`: no clean-up, no lease released) and waits until it is gone.
    public func kill() async {
        guard let process = run.withLock({ $0.process }), process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        await process.waitForExit(within: .seconds(10))
    }

    /// Pauses the process (SIGSTOP): it keeps its connections but does nothing until ``resume()``.
    public func pause() {
        guard let process = run.withLock({ $0.process }), process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGSTOP)
    }

    /// Resumes a paused process (SIGCONT).
    public func resume() {
        guard let process = run.withLock({ $0.process }), process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGCONT)
    }

    /// Stops the process as SIGTERM does (a clean stop: leases released), waits up to `timeout`,
    /// then kills it; returns its exit status, or nil when it was not running.
    @discardableResult
    public func stop(timeout: Duration = .seconds(15)) async -> Int32? {
        guard let process = run.withLock({ $0.process }), process.isRunning else { return nil }
        Foundation.kill(process.processIdentifier, SIGCONT)
        process.terminate()
        await process.waitForExit(within: timeout)
        if process.isRunning {
            Foundation.kill(process.processIdentifier, SIGKILL)
            await process.waitForExit(within: .seconds(10))
        }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Stops it and removes its folder, logs included.
    public func remove() async {
        await stop()
        try? FileManager.default.removeItem(at: folder)
    }

    private func logURL(_ number: Int) -> URL { folder.appendingPathComponent("stderr-\(number).log") }

    /// The instance did not come up.
    public enum InstanceError: Error, CustomStringConvertible {
        /// Why, with the end of its log.
        case didNotStart(String)

        public var description: String {
            switch self {
            case .didNotStart(let why): why
            }
        }
    }
}
