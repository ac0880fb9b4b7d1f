import Foundation
import HomeroomTesting
import Synchronization

/// A real nginx (Debian's `nginx-light` or `nginx`) on 127.0.0.1 and a free port, in a folder of
/// its own, balancing HTTP over several upstream servers, as a district puts one in front of its
/// instances; `Scripts/test` installs it when it is missing. It runs in the foreground (`daemon
/// off`) with its configuration, pid file, temporary files and error log in its folder, and adds
/// an `X-Homeroom-Upstream` header naming the upstream that answered.
public final class NginxBalancer: Sendable {
    /// Where Debian installs it.
    public static let executable = "/usr/sbin/nginx"
    /// True when nginx is installed.
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable) }
    /// The header naming the upstream that answered a request (`127.0.0.1:PORT`).
    public static let upstreamHeader = "X-Homeroom-Upstream"

    /// The port it listens on.
    public let port: Int
    /// Its folder: configuration, pid file, temporary files and `error.log`.
    public let folder: URL
    private let process: Mutex<Process?>

    private init(port: Int, folder: URL, process: Process) {
        self.port = port
        self.folder = folder
        self.process = Mutex(process)
    }

    /// The balancer's address.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts nginx in front of `upstreams` (`127.0.0.1:PORT` each, round robin with keep-alive
    /// connections) and waits until it accepts connections; stop it with ``stop()``.
    public static func start(upstreams: [String]) async throws -> NginxBalancer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "homeroom-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var lastProblem = ""
        // The free port may be taken by another program before nginx binds it: try a few.
        for _ in 0..<3 {
            let port = try NgircdServer.freePort()
            let configuration = folder.appendingPathComponent("nginx.conf")
            try Self.configuration(port: port, upstreams: upstreams, folder: folder).write(
                to: configuration, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = [
                "-p", folder.path + "/", "-c", configuration.path, "-e",
                folder.appendingPathComponent("error.log").path,
            ]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let balancer = NginxBalancer(port: port, folder: folder, process: process)
            var listening = false
            do {
                try await eventually("nginx to listen or end", within: .seconds(5), every: .milliseconds(25)) {
                    listening = await NgircdServer.acceptsConnections(on: port)
                    return listening || !process.isRunning
                }
            } catch is ConditionUnmet {}
            if listening { return balancer }
            lastProblem = balancer.errorLog
            await balancer.stopProcess()
        }
        try? FileManager.default.removeItem(at: folder)
        throw NginxError.didNotStart(lastProblem)
    }

    /// What nginx wrote to its error log.
    public var errorLog: String {
        (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
    }

    /// Stops nginx (SIGTERM: a fast shutdown of the master and its workers), waits for it, and
    /// removes its folder.
    public func stop() async {
        await stopProcess()
        try? FileManager.default.removeItem(at: folder)
    }

    private func stopProcess() async {
        guard let process = process.withLock({ $0.take() }), process.isRunning else { return }
        await process.terminate(killingAfter: .seconds(5))
    }

    /// nginx did not accept connections; what its error log said.
    public enum NginxError: Error, CustomStringConvertible {
        case didNotStart(String)

        public var description: String {
            switch self {
            case .didNotStart(let log): "nginx did not start: \(log.suffix(1000))"
            }
        }
    }

    static func configuration(port: Int, upstreams: [String], folder: URL) -> String {
        let path = folder.path
        return """
            daemon off;
            worker_processes 1;
            pid \(path)/nginx.pid;
            error_log \(path)/error.log warn;
            events { worker_connections 512; }
            http {
                access_log off;
                client_body_temp_path \(path)/client-body;
                proxy_temp_path \(path)/proxy;
                fastcgi_temp_path \(path)/fastcgi;
                uwsgi_temp_path \(path)/uwsgi;
                scgi_temp_path \(path)/scgi;
                upstream homeroom {
            \(upstreams.map { "        server \($0);" }.joined(separator: "\n"))
                    keepalive 32;
                }
                server {
                    listen 127.0.0.1:\(port);
                    location / {
                        proxy_pass http://homeroom;
                        proxy_http_version 1.1;
                        proxy_set_header Connection "";
                        proxy_set_header Host $host;
                        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
                        add_header \(upstreamHeader) $upstream_addr always;
                    }
                }
            }

            """
    }
}
