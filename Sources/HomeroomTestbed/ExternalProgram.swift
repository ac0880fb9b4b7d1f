import Foundation

/// Runs a program a test needs beside the project (`gzip`, `zbarimg`, `chromium`) and collects
/// what it printed.
public enum ExternalProgram {
    /// What a finished program left.
    public struct Result: Sendable {
        /// The exit status.
        public let status: Int32
        /// Standard output.
        public let output: Data
        /// Standard error, as text.
        public let errors: String

        /// Standard output as text.
        public var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// True when `path` is an executable file.
    public static func isInstalled(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Runs `executable` with `arguments` and waits for it to end.
    public static func run(_ executable: String, _ arguments: [String]) async throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        return try await run(process)
    }

    /// Runs a prepared `process` (its program, arguments, folder and environment set), feeding it
    /// `input` on standard input, and waits for it to end.
    ///
    /// The waiting happens on a thread of its own, never on one of the concurrency pool's few threads:
    /// a program that talks to a server in the same test process (Chromium loading a page from the
    /// webhook server) would otherwise starve that server on a two-core machine until it timed out.
    public static func run(_ process: Process, input: Data? = nil) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Swift.Result { try runBlocking(process, input: input) })
            }
            thread.name = "ExternalProgram \(process.executableURL?.lastPathComponent ?? "")"
            thread.start()
        }
    }

    private static func runBlocking(_ process: Process, input: Data?) throws -> Result {
        let output = Pipe()
        let standardInput = Pipe()
        process.standardOutput = output
        process.standardInput = input == nil ? FileHandle.nullDevice : standardInput
        // Standard error goes to a file, so a chatty program cannot block on a full pipe nobody reads.
        let errorLog = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorLog) }
        let errorHandle = try FileHandle(forWritingTo: errorLog)
        defer { try? errorHandle.close() }
        process.standardError = errorHandle
        try process.run()
        if let input {
            standardInput.fileHandleForWriting.write(input)
            try standardInput.fileHandleForWriting.close()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        // Polled: Foundation's waitUntilExit spins a run loop this thread does not have.
        while process.isRunning { usleep(1000) }
        let errors = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
        return Result(status: process.terminationStatus, output: data, errors: errors)
    }
}
