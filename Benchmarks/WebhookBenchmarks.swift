import Foundation

/// `wrk` against `POST /api/v1/messages` with `/lunch` on a real `homeroom serve` (built beside
/// this benchmark): requests per second and wrk's p50/p99 latency at 64 connections, and the
/// server's peak resident memory under that load. As a reference in the same run, the same load
/// on an unknown path (a 404 with its JSON error): the floor of the HTTP server itself. Beside them,
/// `GET /display/state`, which each hallway screen asks for twice a second: how many screens one
/// instance serves.
func benchmarkWebhookAPI() throws {
    guard let executable = homeroomExecutable(for: "webhook API") else { return }
    guard let wrk = ["/usr/bin/wrk", "/usr/local/bin/wrk"].first(where: FileManager.default.isExecutableFile) else {
        Report.say("webhook API: wrk is missing; install it with apt-get install wrk")
        return
    }
    let token = "bench-token-0123456789abcdef"
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("homeroom-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appendingPathComponent("homeroom.json")
    // Rate limiting is off: one client sending 200,000 commands would only measure the refusal path.
    try #"""
    {"console": {"enabled": false}, "logLevel": "warning", "rateLimit": {"enabled": false},
     "storage": {"sqlite": "\#(folder.path)/homeroom.sqlite"},
     "webhooks": {"port": 0, "api": {"clients": {"bench": {"token": "\#(token)"}}}}}
    """#.write(to: config, atomically: true, encoding: .utf8)
    let script = folder.appendingPathComponent("lunch.lua")
    try """
    wrk.method = "POST"
    wrk.body = '{"user": "bench", "channel": "#lobby", "text": "/lunch"}'
    wrk.headers["Content-Type"] = "application/json"
    wrk.headers["Authorization"] = "Bearer \(token)"
    """.write(to: script, atomically: true, encoding: .utf8)

    let server = Process()
    server.executableURL = executable
    server.arguments = ["serve", "--config", config.path]
    let output = Pipe()
    server.standardOutput = output
    try server.run()
    defer {
        server.terminate()
        server.waitUntilExit()
    }
    var printed = ""
    while !printed.contains("/api/v1/messages") {
        let data = output.fileHandleForReading.availableData
        guard !data.isEmpty else { fatalError("homeroom serve stopped: \(printed)") }
        printed += String(decoding: data, as: UTF8.self)
    }
    guard let line = printed.split(separator: "\n").first(where: { $0.hasPrefix("Webhooks on ") }),
        let base = line.split(separator: " ").dropFirst(2).first?.dropLast()
    else { fatalError("no address in: \(printed)") }
    let url = "\(base)/api/v1/messages"

    func runWrk(seconds: Int, url: String = url, script: URL? = script) throws -> (
        requestsPerSecond: Double, p50: Double, p99: Double, failures: Int
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: wrk)
        process.arguments =
            ["-t2", "-c64", "-d\(seconds)s", "--latency"] + (script.map { ["-s", $0.path] } ?? []) + [url]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        func value(after label: String) -> Substring? {
            text.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label) }?
                .split(separator: " ", omittingEmptySubsequences: true).dropFirst(label.split(separator: " ").count)
                .first
        }
        func milliseconds(_ text: Substring?) -> Double {
            guard let text else { return .nan }
            if text.hasSuffix("us") { return (Double(text.dropLast(2)) ?? .nan) / 1000 }
            if text.hasSuffix("ms") { return Double(text.dropLast(2)) ?? .nan }
            if text.hasSuffix("s") { return (Double(text.dropLast(1)) ?? .nan) * 1000 }
            return .nan
        }
        let failures =
            (value(after: "Non-2xx or 3xx responses:").flatMap { Int($0) } ?? 0)
            + (text.contains("Socket errors") ? 1 : 0)
        return (
            Double(value(after: "Requests/sec:") ?? "") ?? .nan, milliseconds(value(after: "50%")),
            milliseconds(value(after: "99%")), failures
        )
    }

    /// The server's CPU time so far (user and system), in seconds, from /proc.
    func serverCPUSeconds() -> Double {
        let stat = (try? String(contentsOfFile: "/proc/\(server.processIdentifier)/stat", encoding: .utf8)) ?? ""
        // The fields after the command name, which is in parentheses: utime and stime are the 12th and 13th.
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return .nan }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    _ = try runWrk(seconds: 3)
    var rounds: [(requestsPerSecond: Double, p50: Double, p99: Double, failures: Int)] = []
    var floor: [Double] = []
    // Server CPU time per request, in µs: steadier than throughput on a busy machine.
    var cpu: [Double] = []
    var floorCPU: [Double] = []
    // The hallway display's state, which every screen asks for twice a second.
    var display: [Double] = []
    for _ in 0..<3 {
        var start = serverCPUSeconds()
        rounds.append(try runWrk(seconds: 10))
        cpu.append((serverCPUSeconds() - start) * 1e6 / (rounds[rounds.count - 1].requestsPerSecond * 10))
        start = serverCPUSeconds()
        floor.append(try runWrk(seconds: 5, url: "\(base)/no-such-path", script: nil).requestsPerSecond)
        floorCPU.append((serverCPUSeconds() - start) * 1e6 / (floor[floor.count - 1] * 5))
        display.append(try runWrk(seconds: 5, url: "\(base)/display/state", script: nil).requestsPerSecond)
    }
    let status = (try? String(contentsOfFile: "/proc/\(server.processIdentifier)/status", encoding: .utf8)) ?? ""
    let peakMegabytes =
        status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        .flatMap { Double($0.split(separator: " ", omittingEmptySubsequences: true)[1]) }.map { $0 / 1024 } ?? .nan

    Report.say(
        "webhook API: wrk -t2 -c64 POST /api/v1/messages /lunch, 3 rounds of 10 s after a 3 s warm-up; "
            + "floor: an unknown path (a 404 with its JSON error), 3 rounds of 5 s between them; "
            + "GET /display/state, 3 rounds of 5 s between them")
    let floor404 = median(floor)
    Report.figure(
        Figure(
            "webhooks.lunch.throughput", median(rounds.map(\.requestsPerSecond)), "req/s", floor: floor404,
            goal: .ratioAtLeast(0.8)))
    Report.figure(Figure("webhooks.not-found.throughput", floor404, "req/s"))
    Report.figure(
        Figure(
            "webhooks.display-state.throughput", median(display), "req/s", floor: floor404, goal: .ratioAtLeast(0.5)))
    // Each screen asks twice a second.
    Report.figure(Figure("webhooks.display-state.screens", median(display) / 2, "screens"))
    Report.figure(Figure("webhooks.lunch.p50", median(rounds.map(\.p50)), "ms"))
    Report.figure(Figure("webhooks.lunch.p99", median(rounds.map(\.p99)), "ms", goal: .below(5)))
    Report.figure(Figure("webhooks.lunch.server-cpu", median(cpu), "µs", floor: median(floorCPU)))
    Report.figure(Figure("webhooks.not-found.server-cpu", median(floorCPU), "µs"))
    Report.figure(Figure("webhooks.peak-rss", peakMegabytes, "MB", goal: .below(Goal.webhookMegabytes)))
    let failures = rounds.map(\.failures).reduce(0, +)
    if failures > 0 { Report.say("  WARNING: \(failures) responses were errors or socket errors") }
}
