import Foundation
import HomeroomTesting
import Synchronization

/// A real SMTP server (aiosmtpd, from `.build-venv/smtp`, which `Scripts/test` installs; run by
/// `Scripts/lib/smtp-server.py`) on 127.0.0.1 and a free port, in a folder of its own, for the
/// e-mail tests: STARTTLS with a self-signed certificate for 127.0.0.1 (made with `openssl`) and
/// required before anything else, AUTH required with ``username`` and ``password``. Every message
/// it takes is kept and read back as ``SMTPReceivedMail``. Recipients `nobody@…` get 550, `busy@…` 451.
public final class SMTPServer: Sendable {
    /// The Python of the virtualenv aiosmtpd is installed in: `$HOMEROOM_SMTP_PYTHON`, or
    /// `.build-venv/smtp/bin/python` in the package.
    public static var python: URL { environment.python }

    static let environment = PythonEnvironment("smtp", variable: "HOMEROOM_SMTP_PYTHON")

    /// True when aiosmtpd is installed beside ``python`` and `openssl` is there to make the certificate.
    public static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") && environment.has("aiosmtpd/controller.py")
    }

    /// The account the server takes.
    public static let username = "homeroom"
    public static let password = "smtp-test-password"
    private static let script = Corpus.packageRoot.appendingPathComponent("Scripts/lib/smtp-server.py")

    /// True: STARTTLS offered and required. False: no TLS at all (AUTH in the clear).
    public let offersTLS: Bool
    /// The certificate the server presents (self-signed, for 127.0.0.1 and localhost): the
    /// certificate authority a client is given to trust it.
    public var certificate: URL { folder.appendingPathComponent("cert.pem") }
    let folder: URL
    private let port = Mutex<Int?>(nil)
    private let process = Mutex<Process?>(nil)

    /// Prepares a server, with its certificate when it `offersTLS`; ``start()`` starts it.
    public init(offersTLS: Bool = true) async throws {
        self.offersTLS = offersTLS
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("homeroom-smtp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if offersTLS {
            let made = try await ExternalProgram.run(
                "/usr/bin/openssl",
                [
                    // A P-256 key: made at once, where an RSA key costs the loaded machine seconds.
                    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-subj", "/CN=localhost", "-addext",
                    "subjectAltName=IP:127.0.0.1,DNS:localhost", "-days", "2",
                    "-keyout", folder.appendingPathComponent("key.pem").path, "-out", certificate.path,
                ])
            guard made.status == 0 else { throw SMTPServerError.didNotStart("openssl: \(made.errors)") }
        }
    }

    /// `smtp://127.0.0.1:PORT`, once started.
    public var url: URL {
        get throws {
            guard let port = port.withLock({ $0 }) else { throw SMTPServerError.didNotStart("not started") }
            return URL(string: "smtp://127.0.0.1:\(port)")!
        }
    }

    /// Starts the server and waits (up to 60 s) until it accepts connections.
    public func start() async throws {
        let process = Process()
        process.executableURL = Self.python
        var arguments = [
            Self.script.path, folder.path, "--user", Self.username, "--password", Self.password,
        ]
        if offersTLS {
            arguments += ["--cert", certificate.path, "--key", folder.appendingPathComponent("key.pem").path]
        } else {
            arguments.append("--plain")
        }
        process.arguments = arguments
        let log = folder.appendingPathComponent("server.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        // A file, not a pipe: nobody reads it until something goes wrong.
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try? handle.close()
        self.process.withLock { $0 = process }
        let portFile = folder.appendingPathComponent("port")
        do {
            try await eventually("the SMTP server to listen", within: .seconds(60), every: .milliseconds(20)) {
                guard process.isRunning else { throw SMTPServerError.didNotStart(logTail()) }
                return FileManager.default.fileExists(atPath: portFile.path)
            }
        } catch is ConditionUnmet {
            await stop()
            throw SMTPServerError.didNotStart(logTail())
        }
        let written = try String(contentsOf: portFile, encoding: .utf8)
        guard let number = Int(written.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            await stop()
            throw SMTPServerError.didNotStart("port file: \(written)")
        }
        port.withLock { $0 = number }
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

    /// Starts a server (see ``init(offersTLS:)``), runs `body` with it, and removes it, also when
    /// `body` throws.
    public static func with<Value: Sendable>(
        offersTLS: Bool = true, _ body: (SMTPServer) async throws -> Value
    ) async throws -> Value {
        let server = try await SMTPServer(offersTLS: offersTLS)
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

    /// The messages the server took, in the order it took them.
    public func messages() throws -> [SMTPReceivedMail] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("mail-") && $0.hasSuffix(".json") }.sorted()
        return try names.map { name in
            let record = try Data(contentsOf: folder.appendingPathComponent(name))
            let raw = try Data(contentsOf: folder.appendingPathComponent(name.dropLast(5) + ".eml"))
            return try SMTPReceivedMail(record: record, raw: Array(raw))
        }
    }

    /// The last lines the server wrote, for an error message.
    func logTail() -> String {
        let text = (try? String(contentsOf: folder.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(15).joined(separator: "\n")
    }

    /// What went wrong with the server.
    public enum SMTPServerError: Error, CustomStringConvertible {
        /// It ended, or did not listen within 60 s; the end of its log.
        case didNotStart(String)

        public var description: String {
            switch self {
            case .didNotStart(let log): "the SMTP server did not start:\n\(log)"
            }
        }
    }
}
