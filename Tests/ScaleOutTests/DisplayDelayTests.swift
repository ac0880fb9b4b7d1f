import Foundation
import HomeroomTestbed
import HomeroomTesting
import Testing

extension ScaleOutTests {
    /// The hallway display on one instance shows a dish added through another: headless Chromium
    /// (`Scripts/chromium-scenario.py`) keeps B's `/display` open while the admin adds
    /// always-available dishes through A's JSON API, one every few seconds, and each delay is the
    /// time the page first showed the dish less the time A answered the change (both in
    /// milliseconds since 1970, on this machine's clock).
    @Suite(.enabled(if: ExternalProgram.isInstalled("/usr/bin/chromium"), "chromium is not installed"))
    struct DisplayDelayTests {
        static let script = Corpus.packageRoot.appendingPathComponent("Scripts/chromium-scenario.py").path
        /// The dishes added, one a trial; `/lunch` lists always-available dishes under every day.
        static let dishes = (1...6).map { "Hall soup \($0)" }
        /// The longest a dish may take to show. It waits for the display's next ask for its state
        /// (`ConsoleAssets.displayScript`), a state the instance computed a moment before and reuses
        /// (`HallwayDisplay.reuse`), B hearing of A's change, and the scenario's next reading of the
        /// page's text (every 100 ms).
        static let limit = 1000

        /// A step's record: its name and when it ended.
        struct Step: Decodable {
            let name: String?
            let at: Double
        }

        /// An error the page's console showed.
        struct ConsoleError: Decodable {
            let text: String
            let url: String?
        }

        /// What the scenario printed.
        struct Outcome: Decodable {
            let results: [Step]
            let consoleErrors: [ConsoleError]
            let error: String?
        }

        @Test func aDishAddedThroughOneInstanceShowsOnAnothersDisplayWithinASecond() async throws {
            try await ScaleOutSchool.withCluster { cluster, _ in
                let (setter, shower) = (
                    try #require(cluster.instances[0].baseURL), try #require(cluster.instances[1].baseURL)
                )
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "display-delay-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: folder) }
                let steps: [[String: Any]] =
                    [["do": "goto", "url": shower.appendingPathComponent("display").absoluteString, "name": "opened"]]
                    + Self.dishes.map { ["do": "waitText", "text": $0, "timeout": 30, "name": $0] }
                let file = folder.appendingPathComponent("scenario.json")
                try JSONSerialization.data(withJSONObject: ["width": 1920, "height": 1080, "steps": steps]).write(
                    to: file)

                let before = try await MessageAPI.commandsHandled(by: shower)
                let browser = Task { try await ExternalProgram.run("/usr/bin/python3", [Self.script, file.path]) }
                // Open once B has answered the page and the script's first ask (`/now` and `/lunch` each).
                try await eventually("the display is open on \(cluster.instances[1].name)", within: .seconds(40)) {
                    try await MessageAPI.commandsHandled(by: shower) >= before + 4
                }
                var answeredAt: [String: Double] = [:]
                var answering: [Int] = []
                for dish in Self.dishes {
                    let sentAt = Date().timeIntervalSince1970 * 1000
                    let answer = try await MessageAPI.send(
                        "/lunch always add \(dish)", as: ScaleOutSchool.admin, to: setter
                    ).joined(separator: "\n")
                    let answered = Date().timeIntervalSince1970 * 1000
                    answeredAt[dish] = answered
                    answering.append(Int(answered - sentAt))
                    #expect(answer.contains(dish), "\(answer)")
                    // Between two and three seconds, so the trials meet the display's polls at any phase.
                    try await Task.sleep(for: .milliseconds(Int.random(in: 2_000...3_000)))
                }
                let run = try await browser.value
                let outcome = try JSONDecoder().decode(Outcome.self, from: run.output)
                try #require(outcome.error == nil, "\(outcome.error ?? "") \(run.errors)")
                let errors = outcome.consoleErrors.filter { !($0.url ?? "").contains("favicon") }
                #expect(errors.isEmpty, "\(errors.map(\.text))")
                let opened = try #require(outcome.results.first { $0.name == "opened" }?.at)
                let delays = try Self.dishes.map { dish in
                    let shown = try #require(outcome.results.first { $0.name == dish }?.at)
                    let answered = try #require(answeredAt[dish])
                    try #require(opened < answered, "the display opened after \(dish) was added")
                    return Int(shown - answered)
                }
                print(
                    "scale-out: a dish added through \(cluster.instances[0].name) showed on \(cluster.instances[1].name)'s "
                        + "display after \(delays.map { "\($0) ms" }.joined(separator: ", ")); A answered each change after "
                        + answering.map { "\($0) ms" }.joined(separator: ", "))
                for delay in delays {
                    #expect(delay <= Self.limit, "a dish showed only after \(delay) ms")
                }
            }
        }
    }
}
