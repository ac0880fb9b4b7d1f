import CSpawn
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

    /// Starts the program with `posix_spawn` rather than `Process.run()`: Foundation's launcher,
    /// called from several threads at once (the suites run their programs in parallel), has crashed
    /// the whole test process in a `memmove` inside `Process.run()`. Only the description in
    /// `process` is used: program, arguments, environment and folder.
    private static func runBlocking(_ process: Process, input: Data?) throws -> Result {
        guard let executable = process.executableURL?.path else { throw LaunchFailure("no program to run") }
        // Standard error goes to a file, so a chatty program cannot block on a full pipe nobody reads.
        let errorLog = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: errorLog) }
        let errorFile = open(errorLog.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard errorFile >= 0 else { throw LaunchFailure("cannot create \(errorLog.path)") }
        defer { close(errorFile) }
        let output = try Self.pipe()
        let standardInput = input == nil ? nil : try Self.pipe()
        let nullDevice = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { close(nullDevice) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardInput?.read ?? nullDevice, 0)
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errorFile, 2)
        if let folder = process.currentDirectoryURL?.path {
            cspawn_file_actions_addchdir(&actions, folder)
        }
        // The child starts with no signal blocked and every signal at its default, whatever this
        // process's threads had.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let arguments = [executable] + (process.arguments ?? [])
        let environment = (process.environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var child: pid_t = 0
        let spawned = Self.withCStrings(arguments) { argv in
            Self.withCStrings(environment) { envp in
                posix_spawn(&child, executable, &actions, &attributes, argv, envp)
            }
        }
        close(output.write)
        if let standardInput { close(standardInput.read) }
        guard spawned == 0 else {
            close(output.read)
            if let standardInput { close(standardInput.write) }
            throw LaunchFailure("cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        if let input, let standardInput {
            let writer = FileHandle(fileDescriptor: standardInput.write, closeOnDealloc: true)
            writer.write(input)
            try writer.close()
        }
        let reader = FileHandle(fileDescriptor: output.read, closeOnDealloc: true)
        let data = reader.readDataToEndOfFile()
        try reader.close()
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        // A normal exit gives its code; a signal gives the signal's number, as Process does.
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f
        let errors = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
        return Result(status: code, output: data, errors: errors)
    }

    /// A program that could not be started.
    struct LaunchFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// A pipe whose ends close on exec (the child gets only what it is given as 0, 1 and 2).
    private static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard cspawn_pipe_cloexec(&ends) == 0 else { throw LaunchFailure("cannot make a pipe") }
        return (ends[0], ends[1])
    }

    /// Calls `body` with `strings` as a null-terminated array of C strings.
    private static func withCStrings<Value>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Value
    ) -> Value {
        let copies = strings.map { strdup($0) } + [nil]
        defer { for copy in copies { free(copy) } }
        return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
