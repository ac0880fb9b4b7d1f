import Foundation
import HomeroomTesting
import Testing

/// Running `homeroom serve --demo` and typing into its console, for the suites that ask the demo school.
protocol DemoSchoolSession {}

extension DemoSchoolSession {
    /// How many lines ``answers(_:config:to:)`` types before it waits for their answers.
    static var batchSize: Int { 50 }

    /// Starts `homeroom serve --demo ARGUMENTS` and waits until it serves.
    func serving(_ homeroom: HomeroomProcess, _ arguments: [String]) async throws -> RunningHomeroom {
        let running = try RunningHomeroom(homeroom, ["serve", "--demo"] + arguments)
        // The serving line names the school in every language.
        try await running.waitFor("Lincoln District (demo)")
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
        // A batch at a time, each well under a pipe's buffer: a write to a full pipe would block a
        // cooperative thread, and the answers it waits for are read on those threads too.
        for batch in stride(from: 0, to: commands.count, by: Self.batchSize) {
            let end = min(batch + Self.batchSize, commands.count)
            for index in batch..<end {
                running.type(commands[index])
                running.type("/zzdemo\(index)x")
            }
            // The console answers in order: wait for the batch's last mark.
            // The mark is named in the unknown-command answer in every language.
            try await running.waitFor("/zzdemo\(end - 1)x", within: .seconds(30))
        }
        var rest = Substring(String(decoding: running.printed.utf8.dropFirst(start), as: UTF8.self))
        var answers: [String] = []
        for index in commands.indices {
            let mark = try #require(rest.range(of: "/zzdemo\(index)x"))
            let lineStart =
                rest[..<mark.lowerBound].lastIndex(of: "\n").map { rest.index(after: $0) } ?? rest.startIndex
            answers.append(String(rest[..<lineStart]).trimmingCharacters(in: .whitespacesAndNewlines))
            rest = rest[mark.upperBound...].drop { $0 != "\n" }.dropFirst()
        }
        try await stop(running)
        return answers
    }
}
