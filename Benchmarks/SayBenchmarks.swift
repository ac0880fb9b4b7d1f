import Foundation

/// `homeroom say "/lunch"` (built beside this benchmark), timed from process start to exit: on a
/// fresh data folder (cold: the database is created and every migration runs) and again on the
/// same folder (warm), in English and at a school that answers in Spanish (its catalog read on the
/// way). The median of 11 runs each, against `homeroom --help` in the same run.
func benchmarkSay() throws {
    guard let executable = homeroomExecutable(for: "say") else { return }
    func run(in folder: URL) throws -> Double {
        let arguments = ["say", "--config", folder.appendingPathComponent("homeroom.json").path, "/lunch"]
        let start = nanoseconds()
        let status = try spawnAndWait(executable, arguments)
        let milliseconds = Double(nanoseconds() - start) / 1e6
        guard status == 0 else { fatalError("homeroom say /lunch exited with status \(status)") }
        return milliseconds
    }
    var cold: [Double] = []
    var warm: [Double] = []
    var spanish: [Double] = []
    for _ in 0..<11 {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "homeroom-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config =
            #"{"console": {"enabled": false}, "logLevel": "warning", "#
            + #""storage": {"sqlite": "\#(folder.path)/homeroom.sqlite"}}"#
        try config.write(to: folder.appendingPathComponent("homeroom.json"), atomically: true, encoding: .utf8)
        cold.append(try run(in: folder))
        warm.append(try run(in: folder))
        let inSpanish = folder.appendingPathComponent("es")
        try FileManager.default.createDirectory(at: inSpanish, withIntermediateDirectories: true)
        let spanishConfig =
            #"{"console": {"enabled": false}, "logLevel": "warning", "language": "es", "#
            + #""storage": {"sqlite": "\#(inSpanish.path)/homeroom.sqlite"}}"#
        try spanishConfig.write(
            to: inSpanish.appendingPathComponent("homeroom.json"), atomically: true, encoding: .utf8)
        spanish.append(try run(in: inSpanish))
    }
    // The floor: the same binary starting and answering `--help` (loading, the Swift runtime, the
    // argument parser), with no database.
    var help: [Double] = []
    for _ in 0..<11 {
        let start = nanoseconds()
        guard try spawnAndWait(executable, ["--help"]) == 0 else { fatalError("homeroom --help failed") }
        help.append(Double(nanoseconds() - start) / 1e6)
    }
    Report.say("homeroom say \"/lunch\", from process start to exit (11 runs; cold: a fresh data folder):")
    Report.figure(Figure("say.lunch.cold", median(cold), "ms", floor: median(help), goal: .below(50)))
    Report.figure(Figure("say.lunch.warm", median(warm), "ms", floor: median(help), goal: .below(50)))
    Report.figure(Figure("say.lunch.cold.es", median(spanish), "ms", floor: median(help), goal: .below(50)))
    Report.figure(Figure("say.help", median(help), "ms"))
}

/// Starts `executable` with `arguments` (its output to /dev/null) and waits for it with `waitpid`;
/// returns its exit status (128 + the signal when a signal ended it). Foundation's `Process.waitUntilExit` polls a run loop and would add up
/// to 50 ms to what is timed.
func spawnAndWait(_ executable: URL, _ arguments: [String]) throws -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    // Killed by a signal: 128 + its number, as a shell says, so that a crash is never timed as a success.
    let signal = status & 0x7F
    return signal != 0 ? 128 + signal : (status >> 8) & 0xFF
}
