import Foundation
import HomeroomTesting
import NIOPosix
import Synchronization

/// A real ngircd (Debian's `ngircd`) on 127.0.0.1 and a free port, in a folder of its own, for
/// tests and benchmarks of the IRC adapter; `Scripts/test` installs it when it is missing. It can
/// be stopped and started again on the same port, as a restarted server.
public final class NgircdServer: Sendable {
    /// Where Debian installs it.
    public static let executable = "/usr/sbin/ngircd"
    /// True when ngircd is installed.
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    /// The operator anyone may become (`OPER homeroom-test secret`), e.g. for user mode +F
    /// (ngircd's flood limit lifted).
    public static let operatorName = "homeroom-test"
    public static let operatorPassword = "secret"

    /// The port it listens on (chosen again if another program took it before the first start).
    public var port: Int { ports.withLock { $0.plain } }
    /// The TLS port (a self-signed certificate for irc.homeroom.test), when made with `tls: true`.
    public var tlsPort: Int? { ports.withLock { $0.tls } }
    let folder: URL
    private let ports: Mutex<(plain: Int, tls: Int?)>
    private let hasStarted = Mutex(false)
    private let process = Mutex<Process?>(nil)

    /// Prepares a server (with the channel `#lunch`), with a TLS port too when `tls` is set (the
    /// certificate is made with `openssl`); ``start()`` starts it.
    public init(tls: Bool = false) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("homeroom-ngircd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if tls { try Self.makeCertificate(in: folder) }
        ports = Mutex((try Self.freePort(), tls ? try Self.freePort() : nil))
        try writeConfiguration()
    }

    private func writeConfiguration() throws {
        let (port, tlsPort) = ports.withLock { ($0.plain, $0.tls) }
        var tlsSection = ""
        if let tlsPort {
            tlsSection = """

                [SSL]
                \tCertFile = \(folder.path)/cert.pem
                \tKeyFile = \(folder.path)/key.pem
                \tPorts = \(tlsPort)
                """
        }
        try """
        [Global]
        \tName = irc.homeroom.test
        \tInfo = Homeroom test server
        \tListen = 127.0.0.1
        \tPorts = \(port)
        \tMotdPhrase = "Homeroom test server"
        [Limits]
        \tMaxConnectionsIP = 0
        \tMaxNickLength = 30
        \tPingTimeout = 120
        \tPongTimeout = 20
        [Options]
        \tIdent = no
        \tPAM = no
        \tDNS = no
        [Operator]
        \tName = \(Self.operatorName)
        \tPassword = \(Self.operatorPassword)
        [Channel]
        \tName = #lunch
        \tModes = tn
        """.appending(tlsSection).write(
            to: folder.appendingPathComponent("ngircd.conf"), atomically: true, encoding: .utf8)
    }

    /// Starts the server and waits until it accepts connections. A free port is only free at the
    /// instant it is chosen: when ngircd ends at its first start (another test's server took the
    /// port meanwhile), new ports are chosen and it is started again, up to five times.
    public func start() async throws {
        let firstStart = hasStarted.withLock { started in
            defer { started = true }
            return !started
        }
        for attempt in 1...5 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.executable)
            process.arguments = ["-n", "-f", folder.appendingPathComponent("ngircd.conf").path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            self.process.withLock { $0 = process }
            // Up to 15 s: on two busy cores ngircd can take seconds to listen.
            var listening = false
            do {
                try await eventually("ngircd to listen or end", within: .seconds(15), every: .milliseconds(25)) {
                    listening = await Self.acceptsConnections(on: port)
                    return listening || !process.isRunning
                }
            } catch is ConditionUnmet {}
            if listening { return }
            guard firstStart, !process.isRunning, attempt < 5 else { break }
            let plain = try Self.freePort()
            let tls = tlsPort == nil ? nil : try Self.freePort()
            ports.withLock { $0 = (plain, tls) }
            try writeConfiguration()
        }
        await stop()
        throw NgircdError.didNotStart
    }

    /// Stops the server (every client is disconnected) and waits for it to end.
    public func stop() async {
        guard let process = process.withLock({ $0.take() }), process.isRunning else { return }
        await process.terminate(killingAfter: .seconds(5))
    }

    /// Stops it and removes its folder.
    public func remove() async {
        await stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The server did not accept connections within 15 s, or ended at each of five starts.
    public enum NgircdError: Error { case didNotStart }

    private static func makeCertificate(in folder: URL) throws {
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=irc.homeroom.test", "-days", "2",
            "-keyout", folder.appendingPathComponent("key.pem").path, "-out",
            folder.appendingPathComponent("cert.pem").path,
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        // Polled: Process.waitUntilExit can hang when called from Swift concurrency's threads.
        while openssl.isRunning { usleep(10_000) }
        guard openssl.terminationStatus == 0 else { throw NgircdError.didNotStart }
    }

    /// True when something on 127.0.0.1 accepts a connection on `port` now.
    static func acceptsConnections(on port: Int) async -> Bool {
        let connection = try? await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port).get()
        try? await connection?.close()
        return connection != nil
    }

    /// A port free on 127.0.0.1 at this instant (another program may take it before it is used).
    static func freePort() throws -> Int {
        let channel = try ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).wait()
        defer { try? channel.close().wait() }
        return channel.localAddress?.port ?? 0
    }
}
