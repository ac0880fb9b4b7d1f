import Foundation
import HomeroomTesting
import Testing

/// Running `homeroom serve --demo` and typing into its console, for the suites that ask the demo school.
protocol DemoSchoolSession {}

extension DemoSchoolSession {
    /// Starts `homeroom serve --demo ARGUMENTS` and waits until it serves.
    func serving(_ homeroom: HomeroomProcess, _ arguments: [String]) async throws -> RunningHomeroom {
        let running = try RunningHomeroom(homeroom, ["serve", "--demo"] + arguments)
        try await running.waitFor("Homeroom is serving Lincoln High School (demo)")
        return running
    }

    /// Stops `running` with SIGINT and checks it ended cleanly.
    func stop(_ running: RunningHomeroom) async throws {
        running.process.interrupt()
        let status = try await running.waitForExit()
        #expect(status == 0, "homeroom serve --demo ended with \(status)")
    }

    /// Starts `homeroom serve --demo`, types each command followed by an unknown one that marks
    /// where its answer ends, and stops it with SIGINT; returns the answers in order.
    func answers(_ homeroom: HomeroomProcess, config: String, to commands: [String]) async throws -> [String] {
        let running = try await serving(homeroom, ["--config", config])
        let start = running.printed.utf8.count
        for (index, command) in commands.enumerated() {
            running.type(command)
            running.type("/zzdemo\(index)x")
        }
        // The console answers in order: wait for the last mark, then cut the output at each.
        try await running.waitFor("no command /zzdemo\(commands.count - 1)x", within: .seconds(20 + commands.count / 10))
        var rest = Substring(String(decoding: running.printed.utf8.dropFirst(start), as: UTF8.self))
        var answers: [String] = []
        for index in commands.indices {
            let end = try #require(rest.range(of: "no command /zzdemo\(index)x"))
            answers.append(String(rest[..<end.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines))
            rest = rest[end.upperBound...].drop { $0 != "\n" }.dropFirst()
        }
        try await stop(running)
        return answers
    }
}
