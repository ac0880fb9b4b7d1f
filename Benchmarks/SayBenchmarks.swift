import Foundation

/// `homeroom say "/lunch"` (built beside this benchmark), timed from process start to exit: on a
/// fresh data folder (cold: the database is created and every migration runs) and again on the
/// same folder (warm). The median of 11 runs each.
func benchmarkSay() throws {
    guard let executable = homeroomExecutable(for: "say") else { return }
    func run(in folder: URL) throws -> Double {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["say", "--config", folder.appendingPathComponent("homeroom.json").path, "/lunch"]
        process.standardOutput = FileHandle.nullDevice
        let start = nanoseconds()
        try process.run()
        process.waitUntilExit()
        let milliseconds = Double(nanoseconds() - start) / 1e6
        guard process.terminationStatus == 0 else { fatalError("homeroom say /lunch exited with an error") }
        return milliseconds
    }
    var cold: [Double] = []
    var warm: [Double] = []
    for _ in 0..<11 {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "homeroom-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = #"{"console": {"enabled": false}, "logLevel": "warning", "#
            + #""storage": {"sqlite": "\#(folder.path)/homeroom.sqlite"}}"#
        try config.write(to: folder.appendingPathComponent("homeroom.json"), atomically: true, encoding: .utf8)
        cold.append(try run(in: folder))
        warm.append(try run(in: folder))
    }
    Report.say("homeroom say \"/lunch\", from process start to exit (11 runs; cold: a fresh data folder):")
    Report.figure(Figure("say.lunch.cold", median(cold), "ms", goal: .below(50)))
    Report.figure(Figure("say.lunch.warm", median(warm), "ms", goal: .below(50)))
}
