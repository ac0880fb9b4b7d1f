import Foundation
import HomeroomTestbed
import HomeroomTesting
import Synchronization
import Testing

/// The built `homeroom` executable, run as a new user would run it, in a folder of its own.
struct HomeroomProcess {
    /// The result of a finished run.
    struct Result {
        let status: Int32
        let output: String
        let errors: String
    }

    /// A folder for one test: the working directory, config and database live here.
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("homeroom-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes a configuration for tests: a cheap PIN hash and the database in this folder.
    func writeConfig(_ extra: String = "") throws -> String {
        let path = folder.appendingPathComponent("homeroom.json").path
        let json = """
            {"security": {"pinHashRounds": 1000}, "storage": {"sqlite": "\(folder.path)/data/homeroom.sqlite"}\(extra)}
            """
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs `homeroom ARGUMENTS`, feeding `input` on standard input, and waits for it to end.
    func run(_ arguments: [String], input: String? = nil) async throws -> Result {
        let result = try await ExternalProgram.run(makeProcess(arguments), input: input.map { Data($0.utf8) })
        return Result(status: result.status, output: result.text, errors: result.errors)
    }

    func makeProcess(_ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = HomeroomInstance.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["HOMEROOM_DATABASE_URL"] = nil
        environment["HOMEROOM_CONFIG"] = nil
        process.environment = environment
        return process
    }
}

/// A `homeroom` process that keeps running while a test talks to it.
final class RunningHomeroom: Sendable {
    let process: Process
    private let stdin = Pipe()
    private let stdout = Pipe()
    private let output = Mutex("")
    private let errorLog: URL

    init(_ homeroom: HomeroomProcess, _ arguments: [String], environment: [String: String] = [:]) throws {
        process = homeroom.makeProcess(arguments)
        process.environment?.merge(environment) { _, given in given }
        process.standardInput = stdin
        process.standardOutput = stdout
        errorLog = homeroom.folder.appendingPathComponent("stderr.log")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errorLog)
        try process.run()
        let reader = stdout.fileHandleForReading
        Thread { [weak self] in
            while true {
                let data = reader.availableData
                if data.isEmpty { return }
                self?.output.withLock { $0 += String(decoding: data, as: UTF8.self) }
            }
        }.start()
    }

    /// Types a line.
    func type(_ line: String) {
        stdin.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Waits (up to `limit`) until the output contains `text`.
    func waitFor(
        _ text: String, within limit: Duration = .seconds(20), fileID: String = #fileID, line: Int = #line
    ) async throws {
        try await eventually(
            "homeroom printing \"\(text)\"; it printed: \(printed); on standard error: \(errors)", within: limit,
            every: .milliseconds(50), fileID: fileID, line: line
        ) { output.withLock { $0.contains(text) } }
    }

    /// What the process wrote on standard error so far.
    private var errors: String { (try? String(contentsOf: errorLog, encoding: .utf8)) ?? "" }

    /// Waits (up to 20 s) for the process to end and returns its status.
    func waitForExit(fileID: String = #fileID, line: Int = #line) async throws -> Int32 {
        try await eventually(
            "the process ended", within: .seconds(20), every: .milliseconds(50), fileID: fileID, line: line
        ) { !process.isRunning }
        return process.terminationStatus
    }

    var printed: String { output.withLock { $0 } }
}
