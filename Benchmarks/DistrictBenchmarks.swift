import Foundation
import HomeroomTesting

/// An idle district of 100 schools in one `homeroom serve` beside one school: peak and private
/// memory, and the CPU it spends a minute doing nothing but wait (its scheduler: 100 bell
/// calendar feeds to poll, each in its school's zone; the minute's subscription run), with the
/// one school's figures as the floor. Each school has a feed of its own on a loopback server, five
/// time zones take turns, and the elementary schools share one menu.
func benchmarkIdleDistrict() async throws {
    guard let executable = homeroomExecutable(for: "idle district") else { return }
    let feeds = try await LoopbackHTTPServer.start()
    let calendar = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Homeroom benchmarks//EN", "BEGIN:VEVENT", "UID:p1@bench",
        "DTSTAMP:20261101T000000Z", "DTSTART:20261123T130000Z", "DTEND:20261123T135000Z", "SUMMARY:Period 1",
        "END:VEVENT", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
    let zones = ["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "Pacific/Honolulu"]
    func configuration(schools: Int, folder: URL) -> String {
        let base =
            #""console": {"enabled": false}, "logLevel": "warning", "webhooks": {"port": 0}, "#
            + #""fetch": {"allowedHosts": ["127.0.0.1"]}, "storage": {"sqlite": "\#(folder.path)/homeroom.sqlite"}"#
        guard schools > 1 else {
            feeds.serve("/school-1.ics", .text(calendar, contentType: "text/calendar"))
            return #"{\#(base), "plugins": {"schedule": {"calendarURL": "\#(feeds.url("/school-1.ics"))"}}}"#
        }
        let listed = (1...schools).map { number in
            feeds.serve("/school-\(number).ics", .text(calendar, contentType: "text/calendar"))
            return #"{"id": "school-\#(number)", "name": "School \#(number)", "timeZone": "\#(zones[number % 5])", "#
                + #""plugins": {"schedule": {"calendarURL": "\#(feeds.url("/school-\(number).ics"))"}}}"#
        }
        let elementary = (1...schools).filter { $0 % 2 == 0 }.map { #""school-\#($0)""# }
        return #"{\#(base), "schools": [\#(listed.joined(separator: ", "))], "#
            + #""groups": {"elementary": {"schools": [\#(elementary.joined(separator: ", "))], "share": ["lunch"]}}}"#
    }
    /// One run: the peak and private memory in MB 5 s after start, and the CPU seconds of the
    /// next `seconds` seconds.
    func idle(schools: Int, seconds: Double) throws -> (peak: Double, private: Double, cpu: Double) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "homeroom-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("homeroom.json")
        try configuration(schools: schools, folder: folder).write(to: config, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--config", config.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        Thread.sleep(forTimeInterval: 5)
        guard process.isRunning else { fatalError("homeroom serve with \(schools) schools stopped by itself") }
        let pid = process.processIdentifier
        let before = cpuSeconds(of: pid)
        Thread.sleep(forTimeInterval: seconds)
        let after = cpuSeconds(of: pid)
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        func megabytes(_ field: String) -> Double {
            (status.split(separator: "\n").first { $0.hasPrefix(field) }
                .flatMap { Double($0.split(separator: " ", omittingEmptySubsequences: true)[1]) } ?? .nan) / 1024
        }
        return (megabytes("VmHWM:"), megabytes("RssAnon:"), after - before)
    }
    let window = 20.0
    var one: [(peak: Double, private: Double, cpu: Double)] = []
    var hundred: [(peak: Double, private: Double, cpu: Double)] = []
    for _ in 0..<3 {
        one.append(try idle(schools: 1, seconds: window))
        hundred.append(try idle(schools: 100, seconds: window))
    }
    await feeds.stop()
    let perMinute = 60 / window * 1000
    Report.say("idle district of 100 schools beside one school (homeroom serve, SQLite, 3 runs of \(Int(window)) s):")
    Report.figure(
        Figure(
            "district.idle.peak-rss", median(hundred.map(\.peak)), "MB", floor: median(one.map(\.peak)),
            goal: .ratioBelow(2)))
    // Each school here is configured apart (its own feed), so it keeps its own copy of the
    // schedule plugin, of the core commands and of the command catalog: about 0.1 MB a school.
    Report.figure(
        Figure(
            "district.idle.private", median(hundred.map(\.private)), "MB", floor: median(one.map(\.private)),
            goal: .ratioBelow(3)))
    Report.figure(
        Figure(
            "district.idle.cpu", median(hundred.map(\.cpu)) * perMinute, "ms/min",
            floor: median(one.map(\.cpu)) * perMinute, goal: .below(600)))
    Report.say("  the floor is one school's figure in the same run; cpu is user and system time a minute")
}

/// The user and system CPU time of process `pid` so far, in seconds (`/proc/PID/stat`).
func cpuSeconds(of pid: Int32) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
    else { return .nan }
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    // After the name: state is field 3, utime field 14 and stime field 15 (1-based, man 5 proc).
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return .nan }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}
