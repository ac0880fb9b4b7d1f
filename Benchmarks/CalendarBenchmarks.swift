import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTesting
import ICalendar
import Logging
import Schedule

/// A calendar of at least `megabytes` MB: the VEVENTs of every school calendar, repeated with fresh UIDs.
func largeCalendar(megabytes: Int) throws -> [UInt8] {
    var events: [String] = []
    var timeZones: [String: String] = [:]
    for file in try FileManager.default.contentsOfDirectory(at: schoolCalendars, includingPropertiesForKeys: nil)
    where file.pathExtension == "ics" {
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "\r\n", with: "\n")
        for chunk in text.components(separatedBy: "BEGIN:VEVENT\n").dropFirst() {
            events.append("BEGIN:VEVENT\n" + chunk.components(separatedBy: "END:VEVENT\n")[0] + "END:VEVENT\n")
        }
        for chunk in text.components(separatedBy: "BEGIN:VTIMEZONE\n").dropFirst() {
            let body = "BEGIN:VTIMEZONE\n" + chunk.components(separatedBy: "END:VTIMEZONE\n")[0] + "END:VTIMEZONE\n"
            timeZones[body.components(separatedBy: "\n")[1]] = body
        }
    }
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Homeroom//bench//EN\r\n"
    text += timeZones.values.sorted().joined().replacingOccurrences(of: "\n", with: "\r\n")
    var copy = 0
    while text.utf8.count < megabytes * 1_000_000 {
        copy += 1
        for event in events {
            text += event.replacingOccurrences(of: "\nUID:", with: "\nUID:copy\(copy)-")
                .replacingOccurrences(of: "\n", with: "\r\n")
        }
    }
    return Array((text + "END:VCALENDAR\r\n").utf8)
}

/// The floor any reader pays: one pass that unfolds lines and finds each name/value split.
func unfoldAndSplit(_ bytes: [UInt8]) -> Int {
    var lines = 0
    var colons = 0
    var seenColon = false
    bytes.withUnsafeBufferPointer { buffer in
        var index = 0
        while index < buffer.count {
            let byte = buffer[index]
            if byte == 0x0A {
                if index + 1 < buffer.count, buffer[index + 1] == 0x20 {
                    index += 2
                    continue
                }
                lines += 1
                seenColon = false
            } else if byte == 0x3A, !seenColon {
                colons += 1
                seenColon = true
            }
            index += 1
        }
    }
    return lines + colons
}

/// Parse throughput on a 5+ MB calendar, against reading its component tree alone and against the
/// unfold-and-split floor, in the same rounds. Each result is kept until its clock has stopped, so no
/// figure counts freeing what it built.
func benchmarkCalendarParsing() throws {
    let bytes = try largeCalendar(megabytes: 5)
    let megabytes = Double(bytes.count) / 1e6
    var parseRates: [Double] = []
    var floorRates: [Double] = []
    var readRates: [Double] = []
    var events = 0
    for _ in 0..<7 {
        var start = nanoseconds()
        let calendar = try VCalendar(bytes: bytes)
        var stop = nanoseconds()
        parseRates.append(megabytes / (Double(stop - start) / 1e9))
        events = calendar.events.count
        withExtendedLifetime(calendar) {}
        start = nanoseconds()
        let tree = try VCalendar.readComponents(bytes)
        stop = nanoseconds()
        precondition(tree.components.count == 1)
        readRates.append(megabytes / (Double(stop - start) / 1e9))
        withExtendedLifetime(tree) {}
        start = nanoseconds()
        precondition(unfoldAndSplit(bytes) > 0)
        floorRates.append(megabytes / (Double(nanoseconds() - start) / 1e9))
    }
    let rate = median(parseRates)
    let treeRate = median(readRates)
    Report.say(String(format: "iCalendar parsing, %.1f MB, %d events (medians of 7 rounds):", megabytes, events))
    Report.figure(
        Figure(
            "ical.parse", rate, "MB/s", floor: treeRate, goal: .atLeast(Goal.parseMegabytesPerSecond, ratio: 0.65)))
    Report.figure(Figure("ical.read-tree", treeRate, "MB/s"))
    Report.figure(Figure("ical.unfold-split", median(floorRates), "MB/s"))
    Report.say(
        String(
            format: "  against the issue's references: %.0f× libical (17 MB/s), %.0f× python icalendar (0.6 MB/s)",
            rate / 17, rate / 0.6))
}

/// `/now` through the whole runtime on Lincoln High's calendar (a file source), in the middle of
/// a period: with the day cache warm (what students meet) and with it off (every answer expands
/// the calendar for the day).
func benchmarkNow() async throws {
    let lincoln = schoolCalendars.appendingPathComponent("lincoln_high_la_fall2025.ics")
    let calendar = try VCalendar(bytes: Array(try Data(contentsOf: lincoln)))
    let instant = TestClock.instant("2025-11-18T10:20:00-08:00")
    let library = try await latencies(samples: 2000) {
        let active = try calendar.active(at: instant)
        precondition(active.count == 1)
    }
    Report.say("/now on a school calendar (Lincoln High, 25 recurring events), medians of 5 rounds:")
    Report.figure(Figure("now.library.p50", library.p50 / 1000, "ms"))
    for cacheSeconds in [60.0, 0.0] {
        let database = try await TemporaryDatabase.make(.sqlite)
        guard case .sqlite(let path) = database.location else { return }
        var configuration = HomeroomConfiguration()
        configuration.storage.sqlite = path
        configuration.rateLimit.enabled = false
        configuration.timeZone = "America/Los_Angeles"
        configuration.plugins["schedule"] = .object([
            "calendarFile": .string(schoolCalendars.appendingPathComponent("lincoln_high_la_fall2025.ics").path),
            "cacheSeconds": .number(cacheSeconds),
        ])
        var logger = Logger(label: "homeroom.bench")
        logger.logLevel = .error
        let clock = TestClock("2025-11-18T10:20:00-08:00")
        let runtime = try await BotRuntime.start(
            configuration: try configuration.resolve(), plugins: [SchedulePlugin.self], clock: clock, logger: logger)
        let message = IncomingMessage(
            sender: UserID(adapter: "irc", id: "student"), conversation: .channel("#hall"), text: "!now",
            receivedAt: clock.now)
        guard let warm = await runtime.handle(message), warm.text.contains("Period 3") else {
            fatalError("the warm-up /now did not name Period 3")
        }
        let latency = await latencies(samples: 2000) { _ = await runtime.handle(message) }
        await runtime.close()
        try await database.destroy()
        // Through the whole runtime (dispatch, storage, formatting): with the day cache warm (what
        // students meet), and off (every answer expands the calendar for the day).
        let name = cacheSeconds > 0 ? "now.day-cache-on" : "now.day-cache-off"
        Report.figure(Figure("\(name).p50", latency.p50 / 1000, "ms"))
        Report.figure(Figure("\(name).p99", latency.p99 / 1000, "ms", goal: .below(Goal.nowMilliseconds)))
    }
}
