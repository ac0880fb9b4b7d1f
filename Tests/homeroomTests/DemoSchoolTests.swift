import Foundation
import Testing

/// `homeroom serve --demo`, run as a newcomer runs it, typing commands on standard input.
@Suite struct DemoSchoolTests {
    /// Phrases of an answer that has nothing to show, or of an error.
    static let emptyOrWrong = [
        "yet", "not set up", "no menu posted", "No menu is posted", "is empty", "homeroom import", "where are you",
        "went wrong", "cannot", "usage:", "no command",
    ]

    /// Each command, and what its answer must contain (one of them).
    static let commands: [(typed: String, contains: [String])] = [
        ("/help", ["/lunch"]),
        ("/now", ["Period", "Lunch"]),
        ("/next", ["Period", "Lunch"]),
        ("/today", ["Period", "Lunch", "No school", "no school", "No classes"]),
        ("/day", ["Lunch", "lunch"]),
        (
            "/lunch",
            ["Chicken", "tacos", "Spaghetti", "pizza", "Fish", "Turkey", "Teriyaki", "burger", "soup", "pancakes"]
        ),
        ("/events", ["Events on", "No events on"]),
        (
            "/events week",
            ["Robotics", "Drama", "Soccer", "concert", "Garden", "Chess", "Car wash", "Homework", "College"]
        ),
        ("/clubs", ["Robotics"]),
        ("/club robotics", ["Ms. Rivera"]),
        ("/contact", ["+1 555 0100"]),
        ("/news", ["Robotics team heads to the regional finals"]),
        ("/news sources", ["Lincoln High News — 4 stories"]),
        ("/directions B-201", ["B-201"]),
        ("/places", ["Library"]),
        ("/recipe cornbread", ["ornbread"]),
    ]

    @Test func everyCommandAnswersOnTheFirstStartAndASecondStartAddsNothing() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(#", "rateLimit": {"enabled": false}, "webhooks": {"enabled": false}"#)
        let first = try await answers(homeroom, config: config, to: Self.commands.map(\.typed))
        for (command, answer) in zip(Self.commands, first) {
            #expect(command.contains.contains { answer.contains($0) }, "\(command.typed) answered: \(answer)")
            let wrong = Self.emptyOrWrong.filter { answer.contains($0) }
            #expect(wrong.isEmpty, "\(command.typed) answered: \(answer)")
        }
        let demo = homeroom.folder.appendingPathComponent("homeroom-demo")
        #expect(FileManager.default.fileExists(atPath: demo.appendingPathComponent("homeroom.sqlite").path))
        #expect(FileManager.default.fileExists(atPath: demo.appendingPathComponent("bell-schedule.ics").path))
        let configured = homeroom.folder.appendingPathComponent("data/homeroom.sqlite").path
        #expect(!FileManager.default.fileExists(atPath: configured), "the configured database was opened")

        let again = try await answers(homeroom, config: config, to: Self.commands.map(\.typed))
        for (command, (before, after)) in zip(Self.commands, zip(first, again))
        where ["/clubs", "/events week", "/lunch", "/news", "/recipe cornbread", "/places"].contains(command.typed) {
            #expect(before == after, "\(command.typed) answered differently on the second start")
        }
        let sources = try #require(again.last { $0.contains("Lincoln High News —") })
        #expect(sources.components(separatedBy: "Lincoln High News —").count == 2, "\(sources)")
        #expect(sources.contains("4 stories"), "\(sources)")
    }

    @Test func aFolderThatCannotBeCreatedIsReportedAndNothingStarts() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(#", "webhooks": {"enabled": false}"#)
        try "not a folder".write(
            to: homeroom.folder.appendingPathComponent("occupied"), atomically: true, encoding: .utf8)
        let result = try await homeroom.run(["serve", "--demo", "--demo-folder", "occupied", "--config", config])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("homeroom: cannot set up the demo school in occupied: "), "\(result.errors)")
        #expect(!result.output.contains("Homeroom is serving"))
    }

    /// Starts `homeroom serve --demo`, types each command followed by an unknown one that marks
    /// where its answer ends, and stops it with SIGINT; returns the answers in order.
    private func answers(_ homeroom: HomeroomProcess, config: String, to commands: [String]) async throws -> [String] {
        let running = try RunningHomeroom(homeroom, ["serve", "--demo", "--config", config])
        try await running.waitFor("Homeroom is serving Lincoln High School (demo)")
        var answers: [String] = []
        var consumed = running.printed.utf8.count
        for (index, command) in commands.enumerated() {
            let marker = "no command /zzdemo\(index)x"
            running.type(command)
            running.type("/zzdemo\(index)x")
            try await running.waitFor(marker)
            let rest = String(decoding: running.printed.utf8.dropFirst(consumed), as: UTF8.self)
            let end = try #require(rest.range(of: marker))
            answers.append(String(rest[..<end.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines))
            let lineEnd = rest[end.upperBound...].firstIndex(of: "\n").map { rest.index(after: $0) } ?? rest.endIndex
            consumed += rest[..<lineEnd].utf8.count
        }
        running.process.interrupt()
        let status = try await running.waitForExit()
        #expect(status == 0, "homeroom serve --demo ended with \(status)")
        return answers
    }
}
