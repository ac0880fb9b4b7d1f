import Foundation
import HomeroomTesting
import Testing

/// The plain-language corpus (`Tests/Fixtures/understanding`), asked of `homeroom serve --demo`
/// as a person asks it in a direct message, each question beside its command: the share whose
/// answer is the command's answer.
@Suite struct UnderstandingCorpusTests: DemoSchoolSession {
    /// One question and the command that answers it.
    struct Item {
        var question: String
        var command: String
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/understanding")

    /// The items of `file`, with `{+N}` replaced by the date N days after `today`.
    static func items(_ file: String, today: Date) throws -> [Item] {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let tab = line.firstIndex(of: "\t") else { return nil }
            var command = String(line[line.index(after: tab)...])
            while let open = command.range(of: "{+"), let close = command.range(of: "}", range: open.upperBound..<command.endIndex),
                let days = Int(command[open.upperBound..<close.lowerBound])
            {
                let date = calendar.date(byAdding: .day, value: days, to: today)!
                let parts = calendar.dateComponents([.year, .month, .day], from: date)
                let iso = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
                command.replaceSubrange(open.lowerBound..<close.upperBound, with: iso)
            }
            return Item(question: String(line[..<tab]), command: command)
        }
    }

    /// The goals: English and Spanish questions answered as their commands.
    static let goals: [(file: String, share: Double)] = [
        ("en-dev.tsv", 0.90), ("es-dev.tsv", 0.85), ("en-test.tsv", 0.85), ("es-test.tsv", 0.80),
    ]

    @Test func questionsAreAnsweredAsTheirCommandsAre() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(
            #", "timeZone": "UTC", "rateLimit": {"enabled": false}, "webhooks": {"enabled": false}"#)
        let today = Date()
        var asked: [(file: String, item: Item)] = []
        for (file, _) in Self.goals { asked += try Self.items(file, today: today).map { (file, $0) } }
        let answers = try await answers(homeroom, config: config, to: asked.flatMap { [$0.item.question, $0.item.command] })
        var report: [String] = []
        for (file, goal) in Self.goals {
            var answered = 0
            var total = 0
            var misses: [String] = []
            for (index, entry) in asked.enumerated() where entry.file == file {
                total += 1
                let (question, command) = (answers[2 * index], answers[2 * index + 1])
                if question == command {
                    answered += 1
                } else {
                    misses.append("\(entry.item.question) → \(question.prefix(80)) (\(entry.item.command) → \(command.prefix(80)))")
                }
            }
            let share = Double(answered) / Double(max(total, 1))
            report.append("\(file): \(answered)/\(total) = \(Int((share * 1000).rounded()) / 10)%")
            #expect(share >= goal, "\(file): \(answered) of \(total) answered as their command; missed:\n\(misses.joined(separator: "\n"))")
        }
        print("plain-language corpus: " + report.joined(separator: ", "))
    }
}
