import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import InstalledPlugins

/// The plain-language corpus's questions, tuned and held out alike.
let understandingCorpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/Fixtures/understanding")

/// Plain language on every installed plugin: the cost of reading one question (each of the
/// corpus's in turn), and a plain question dispatched whole beside the same command typed, in
/// the same run.
func benchmarkUnderstanding() async throws {
    let (runtime, database) = try await benchmarkRuntime(plugins: installedPlugins)
    let reader = runtime.dispatcher.plainLanguage.reader
    let today = runtime.configuration.school.localDate(at: Date())
    var questions: [String] = []
    let files = try FileManager.default.contentsOfDirectory(atPath: understandingCorpus.path).filter {
        $0.hasSuffix(".tsv") && $0 != "chatter.tsv"
    }
    for file in files.sorted() {
        let text = try String(contentsOf: understandingCorpus.appendingPathComponent(file), encoding: .utf8)
        questions += text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap {
            $0.split(separator: "\t").first.map(String.init)
        }
    }
    var index = 0
    let reading = await latencies(samples: 100_000) {
        index = (index + 1) % questions.count
        _ = reader.read(questions[index], today: today)
    }

    let sender = UserID(adapter: "irc", id: "student")
    let typed = IncomingMessage(sender: sender, conversation: .direct, text: "/now", receivedAt: Date())
    let asked = IncomingMessage(
        sender: sender, conversation: .direct, text: "what period is it right now?", receivedAt: Date())
    let warm = await runtime.handle(asked)
    let command = await runtime.handle(typed)
    guard let warm, warm == command else {
        fatalError("the plain question did not answer as /now: \(String(describing: warm)) against \(String(describing: command))")
    }
    var typedRates: [Double] = []
    var askedRates: [Double] = []
    let perRound = 50_000
    for _ in 0..<5 {
        for (message, rates) in [(typed, 0), (asked, 1)] {
            let start = nanoseconds()
            for _ in 0..<perRound { _ = await runtime.handle(message) }
            let rate = Double(perRound) / (Double(nanoseconds() - start) / 1e9)
            if rates == 0 { typedRates.append(rate) } else { askedRates.append(rate) }
        }
    }
    await runtime.close()
    try await database.destroy()

    Report.say("plain language, every installed plugin (\(questions.count) corpus questions in turn; 5 rounds):")
    Report.figure(Figure("understanding.read.p50", reading.p50, "µs"))
    Report.figure(Figure("understanding.read.p99", reading.p99, "µs", goal: .below(Goal.p99Microseconds)))
    Report.figure(
        Figure(
            "understanding.dispatch.throughput", median(askedRates), "/s", floor: median(typedRates)))
    Report.say("  floor: /now typed, dispatched the same way in the same rounds; typed commands keep the dispatch goal")
}
