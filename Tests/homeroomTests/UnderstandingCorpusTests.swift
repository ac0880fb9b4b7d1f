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
            while let open = command.range(of: "{+"),
                let close = command.range(of: "}", range: open.upperBound..<command.endIndex),
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

    /// The goals: English and Spanish questions answered as their commands. The tuned parts are
    /// held to the goals; the held-out parts, which nothing was tuned on, to a floor under what
    /// they measured, so that a change that loses ground there shows.
    static let goals: [(file: String, share: Double)] = [
        ("en-dev.tsv", 0.90), ("en-dev2.tsv", 0.90), ("en-dev3.tsv", 0.90), ("en-dev4.tsv", 0.90),
        ("en-dev5.tsv", 0.85), ("en-dev6.tsv", 0.80), ("en-dev7.tsv", 0.85), ("en-dev8.tsv", 0.85),
        ("en-dev9.tsv", 0.85),
        ("es-dev.tsv", 0.85), ("es-dev2.tsv", 0.85), ("es-dev3.tsv", 0.85), ("es-dev4.tsv", 0.85),
        ("es-dev5.tsv", 0.85), ("es-dev6.tsv", 0.80), ("es-dev7.tsv", 0.85), ("es-dev8.tsv", 0.85),
        ("es-dev9.tsv", 0.85),
        ("en-test.tsv", 0.86), ("es-test.tsv", 0.86),
    ]

    @Test func questionsAreAnsweredAsTheirCommandsAre() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(
            #", "timeZone": "UTC", "rateLimit": {"enabled": false}, "webhooks": {"enabled": false}"#)
        let today = Date()
        var asked: [(file: String, item: Item)] = []
        for (file, _) in Self.goals { asked += try Self.items(file, today: today).map { (file, $0) } }
        let answers = try await answers(
            homeroom, config: config, to: asked.flatMap { [$0.item.question, $0.item.command] })
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
                    misses.append(
                        "\(entry.item.question) → \(question.prefix(80)) (\(entry.item.command) → \(command.prefix(80)))"
                    )
                }
            }
            let share = Double(answered) / Double(max(total, 1))
            report.append("\(file): \(answered)/\(total) = \(Int((share * 1000).rounded()) / 10)%")
            #expect(
                share >= goal,
                "\(file): \(answered) of \(total) answered as their command; missed:\n\(misses.joined(separator: "\n"))"
            )
        }
        print("plain-language corpus: " + report.joined(separator: ", "))
    }

    @Test func requestsToChangeSomethingAskForAYesAndChangeNothingWithoutOne() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(
            #", "timeZone": "UTC", "rateLimit": {"enabled": false}, "webhooks": {"enabled": false}"#)
        let requests = try Self.items("changing.tsv", today: Date()).map(\.question)
        #expect(requests.count >= 40)
        let checks = ["/subscriptions", "/me"]
        let answers = try await answers(homeroom, config: config, to: requests + checks)
        let asked = zip(requests, answers).filter { $0.1.contains("That would run") || $0.1.contains("Eso ejecutaría") }
        let subscriptions = answers[requests.count]
        #expect(subscriptions.contains("No subscriptions"), "\(subscriptions)")
        let me = answers[requests.count + 1]
        for unchanged in [
            "Roles: none.", "Lunch wave: not set", "Grade: not set", "Classes: none", "Location: A1-ENTRANCE",
            "Circles: none", "Subscriptions: none",
        ] {
            #expect(me.contains(unchanged), "\(unchanged) is gone from: \(me)")
        }
        print("changing requests: \(asked.count) of \(requests.count) asked for a yes; none ran without one")
    }

    @Test func aYesRunsTheChangeItWasAskedFor() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(
            #", "timeZone": "UTC", "rateLimit": {"enabled": false}, "webhooks": {"enabled": false}"#)
        let running = try await serving(homeroom, ["--config", config])
        let start = running.printed.utf8.count
        // Each answer follows its question at once: a typed command in between would drop the question.
        for line in [
            "subscribe me to the lunch menu", "yes", "suscríbeme a las noticias", "no", "/subscriptions", "/zzdone",
        ] {
            running.type(line)
        }
        try await running.waitFor("no command /zzdone")
        let printed = String(decoding: running.printed.utf8.dropFirst(start), as: UTF8.self)
        try await stop(running)
        for expected in [
            "That would run /subscribe lunch, which changes something.", "Subscribed: you get the day's lunch menu",
            "Eso ejecutaría /subscribe news, que cambia algo.",
            "De acuerdo, no lo hice: /subscribe news no se ejecutó.",
            "• lunch at 10:30",
        ] {
            #expect(printed.contains(expected), "\(expected) is missing from: \(printed)")
        }
        #expect(!printed.contains("• news"), "\(printed)")
    }
}
