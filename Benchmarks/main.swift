import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTesting
import ICalendar
import Logging
import Lunch
import Schedule

// Homeroom's benchmarks. Build and run with:
//   Scripts/build-release && .build/release/HomeroomBenchmarks [--json]
// It prints medians over several rounds; single runs on a shared machine are noise. With --json it
// prints one JSON line per figure (name, value, unit, floor, ratio, goal, met), and
// `HomeroomBenchmarks --compare BEFORE.json AFTER.json` sets two such runs side by side.

/// The figures the issue sets as goals.
enum Goal {
    static let dispatchesPerSecond = 300_000.0
    static let p99Microseconds = 50.0
    static let idleMegabytes = 30.0
    static let parseMegabytesPerSecond = 100.0
    static let nowMilliseconds = 1.0
    static let webhookMegabytes = 60.0
}

/// The school calendars kept as test fixtures.
let schoolCalendars = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/Fixtures/school")

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
}

func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// The medians, over `rounds` rounds of `samples` calls of `body`, of each round's p50 and p99 latency in µs.
func latencies(rounds: Int = 5, samples: Int, _ body: () async throws -> Void) async rethrows -> (
    p50: Double, p99: Double
) {
    var p50s: [Double] = []
    var p99s: [Double] = []
    for _ in 0..<rounds {
        var times: [Double] = []
        times.reserveCapacity(samples)
        for _ in 0..<samples {
            let start = nanoseconds()
            try await body()
            times.append(Double(nanoseconds() - start) / 1000)
        }
        times.sort()
        p50s.append(percentile(times, 0.50))
        p99s.append(percentile(times, 0.99))
    }
    return (median(p50s), median(p99s))
}

/// A runtime of `plugins` on a temporary SQLite file, without a rate limit (many students each send
/// a few commands; one sender sending 200,000 would only measure the refusal path), logging errors only;
/// the school answers in `language`.
func benchmarkRuntime(plugins: [any ConfigurablePlugin.Type], language: String = "en") async throws -> (
    BotRuntime, TemporaryDatabase
) {
    let database = try await TemporaryDatabase.make(.sqlite)
    var configuration = HomeroomConfiguration()
    configuration.language = language
    if case .sqlite(let path) = database.location { configuration.storage.sqlite = path }
    configuration.rateLimit.enabled = false
    configuration.logLevel = "error"
    var logger = Logger(label: "homeroom.bench")
    logger.logLevel = .error
    let runtime = try await BotRuntime.start(
        configuration: try configuration.resolve(), plugins: plugins, logger: logger)
    return (runtime, database)
}

/// `/lunch` dispatched in-process, one at a time on one task, from a warm database and cache: in
/// English, then in Spanish through the catalogs (the school's language), against the same goal.
func benchmarkDispatch() async throws {
    try await benchmarkDispatch(language: "en", figure: "dispatch.lunch")
    try await benchmarkDispatch(language: "es", figure: "dispatch.lunch.es")
}

/// `/lunch` dispatched in-process at a school that answers in `language`, reported as `figure`.
func benchmarkDispatch(language: String, figure: String) async throws {
    let (runtime, database) = try await benchmarkRuntime(plugins: [LunchPlugin.self], language: language)
    let today = runtime.configuration.school.localDate(at: Date())
    let csv = "date,specials,vegetables,fries\n\(today.iso),Chicken tacos; Veggie pizza,Green beans; Corn,yes\n"
    _ = try await LunchImporter.importMenus(
        Data(csv.utf8), named: "bench.csv", into: runtime.storage(for: LunchPlugin.id), by: AuditEntry.commandLine,
        at: Date())
    let message = IncomingMessage(
        sender: UserID(adapter: "irc", id: "student"), conversation: .channel("#cafeteria"), text: "!lunch",
        receivedAt: Date())
    guard let warm = await runtime.handle(message), warm.text.contains("Chicken tacos"), warm.language?.code == language
    else {
        fatalError("the warm-up /lunch did not show the menu")
    }

    var rates: [Double] = []
    let perRound = 200_000
    for _ in 0..<5 {
        let start = nanoseconds()
        for _ in 0..<perRound {
            _ = await runtime.handle(message)
        }
        rates.append(Double(perRound) / (Double(nanoseconds() - start) / 1e9))
    }
    let latency = await latencies(samples: 100_000) { _ = await runtime.handle(message) }
    await runtime.close()
    try await database.destroy()

    Report.say("dispatch of /lunch in \(language), in-process, one task, warm cache (5 rounds of \(perRound)):")
    Report.figure(
        Figure("\(figure).throughput", median(rates), "/s", goal: .atLeast(Goal.dispatchesPerSecond)))
    Report.figure(Figure("\(figure).p50", latency.p50, "µs"))
    Report.figure(Figure("\(figure).p99", latency.p99, "µs", goal: .below(Goal.p99Microseconds)))
}

/// The `homeroom` executable built beside this benchmark, or nil (after saying so) when it is missing.
func homeroomExecutable(for benchmark: String) -> URL? {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
        "homeroom")
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
        Report.say("\(benchmark): \(executable.path) is missing; build it with Scripts/build-release")
        return nil
    }
    return executable
}

/// Peak resident memory of `homeroom serve` (built beside this benchmark) after it has started and sat idle.
func benchmarkIdleMemory() throws {
    guard let executable = homeroomExecutable(for: "idle memory") else { return }
    var peaks: [Double] = []
    var privates: [Double] = []
    for _ in 0..<5 {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "homeroom-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("homeroom.json")
        try
            #"{"console": {"enabled": false}, "logLevel": "warning", "webhooks": {"port": 0}, "storage": {"sqlite": "\#(folder.path)/homeroom.sqlite"}}"#
            .write(to: config, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--config", config.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 3)
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        func kilobytes(_ field: String) -> Double {
            status.split(separator: "\n").first { $0.hasPrefix(field) }
                .flatMap { Double($0.split(separator: " ", omittingEmptySubsequences: true)[1]) } ?? .nan
        }
        peaks.append(kilobytes("VmHWM:") / 1024)
        privates.append(kilobytes("RssAnon:") / 1024)
        guard process.isRunning else { fatalError("homeroom serve stopped by itself") }
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }
    Report.say("idle homeroom serve (SQLite, scheduler running, 3 s after start; 5 runs):")
    Report.figure(Figure("memory.idle.peak-rss", median(peaks), "MB", goal: .below(Goal.idleMegabytes)))
    Report.figure(Figure("memory.idle.private", median(privates), "MB"))
    Report.say("  private is anonymous memory; the rest is clean pages of the binary and the libraries")
}

if let compare = CommandLine.arguments.firstIndex(of: "--compare") {
    guard CommandLine.arguments.count > compare + 2 else {
        print("usage: HomeroomBenchmarks --compare BEFORE.json AFTER.json")
        exit(2)
    }
    try compareRuns(before: CommandLine.arguments[compare + 1], after: CommandLine.arguments[compare + 2])
    exit(0)
}

// HOMEROOM_BENCH=parse (or dispatch, understanding, now, memory, district, webhooks, irc, busy-channel, feeds, articles, recipes, recipe-search, routing, outbox, say, roster, announce) runs one of them, for a profiler.
let only = ProcessInfo.processInfo.environment["HOMEROOM_BENCH"]
if only == nil || only == "dispatch" { try await benchmarkDispatch() }
if only == nil || only == "understanding" { try await benchmarkUnderstanding() }
if only == nil || only == "parse" { try benchmarkCalendarParsing() }
if only == nil || only == "now" { try await benchmarkNow() }
if only == nil || only == "memory" { try benchmarkIdleMemory() }
if only == nil || only == "district" { try await benchmarkIdleDistrict() }
if only == nil || only == "webhooks" { try benchmarkWebhookAPI() }
if only == nil || only == "irc" { try await benchmarkIRCRoundTrips() }
if only == nil || only == "busy-channel" { try await benchmarkBusyChannel() }
if only == nil || only == "feeds" { try benchmarkFeedParsing() }
if only == nil || only == "articles" { try await benchmarkArticleExtraction() }
if only == nil || only == "recipes" { try await benchmarkRecipeExtraction() }
if only == nil || only == "recipe-search" { try await benchmarkRecipeSearch() }
if only == nil || only == "routing" { try await benchmarkRouting() }
if only == nil || only == "outbox" { try await benchmarkOutbox() }
if only == nil || only == "say" { try benchmarkSay() }
if only == nil || only == "roster" { try await benchmarkRoster() }
if only == nil || only == "announce" { try await benchmarkAnnouncements() }
