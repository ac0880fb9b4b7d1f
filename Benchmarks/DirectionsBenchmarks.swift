import Campus
import Directions
import Foundation
import HomeroomCore
import HomeroomTestbed
import HomeroomTesting

/// Reading a generated campus file of 10,000 checkpoints (goal: 50 MB/s), then route queries on
/// it: the shortest path alone (with plain Dijkstra on the same pairs as the reference), the
/// written directions, and the whole `/directions ROOM from CHECKPOINT` command through the
/// dispatcher and SQLite. Goal: p99 under 1 ms.
func benchmarkRouting() async throws {
    let json = GeneratedCampus.json(checkpoints: 10_000, seed: 2026, extraLinks: 0.6)
    var campus: Campus?
    let reading = throughput(bytes: json.utf8.count, rounds: 7) { campus = try? Campus.read(Array(json.utf8)) }
    guard let campus else { fatalError("the generated campus does not read") }
    // The landmarks are chosen by the first route query on a campus, not when it is read.
    let landmarksStart = nanoseconds()
    _ = campus.graph.shortestPath(from: 0, to: campus.checkpoints.count - 1)
    _ = campus.graph.shortestPath(from: 0, to: campus.checkpoints.count - 1, accessible: true)
    let landmarks = Double(nanoseconds() - landmarksStart) / 1e6
    var random = SeededRandom(seed: 7)
    let pairs = (0..<2_000).map { _ in
        (
            Int.random(in: 0..<campus.checkpoints.count, using: &random),
            Int.random(in: 0..<campus.rooms.count, using: &random)
        )
    }
    var next = 0
    func pair() -> (Int, Int) {
        next = (next + 1) % pairs.count
        return pairs[next]
    }
    var reached = 0
    let paths = await latencies(samples: pairs.count) {
        let (start, room) = pair()
        if campus.graph.shortestPath(from: start, to: campus.rooms[room].checkpoint) != nil { reached += 1 }
    }
    // The reference in the same run: plain Dijkstra (no landmarks) on the same graph and pairs.
    let plainGraph = CampusGraph(nodeCount: campus.checkpoints.count, links: campus.links, landmarks: 0)
    let plain = await latencies(samples: pairs.count) {
        let (start, room) = pair()
        _ = plainGraph.shortestPath(from: start, to: campus.rooms[room].checkpoint)
    }
    let accessible = await latencies(samples: pairs.count) {
        let (start, room) = pair()
        _ = campus.graph.shortestPath(from: start, to: campus.rooms[room].checkpoint, accessible: true)
    }
    let written = await latencies(samples: pairs.count) {
        let (start, room) = pair()
        _ = campus.directions(from: start, to: .room(room))
    }

    let bot = try await TestBot.start(plugins: [DirectionsPlugin.self])
    _ = try await CampusImporter.importCampus(
        Array(json.utf8), into: bot.runtime.storage(for: DirectionsPlugin.id),
        audit: AuditEntry(at: bot.clock.now, actor: AuditEntry.commandLine, action: "bench", detail: "generated"))
    let commands = pairs.map { start, room in
        "/directions \(campus.rooms[room].number) from \(campus.checkpoints[start].id)"
    }
    let warm = await bot.send(commands[0])
    guard let warm, !warm.isError || warm.text.contains("has no way") else {
        fatalError("the warm-up /directions failed: \(String(describing: warm))")
    }
    var index = 0
    let command = await latencies(samples: commands.count) {
        index = (index + 1) % commands.count
        _ = await bot.send(commands[index])
    }
    await bot.stop()

    Report.say(
        "routing on a generated campus: \(campus.checkpoints.count) checkpoints, \(campus.links.count) links, "
            + "\(campus.buildings.count) buildings (\(reached * 100 / max(1, 5 * pairs.count))% of pairs reachable), "
            + String(format: "%.1f MB of campus file:", Double(json.utf8.count) / 1e6))
    Report.figure(Figure("campus.read", reading, "MB/s", goal: .atLeast(50)))
    Report.figure(Figure("campus.landmarks", landmarks, "ms"))
    Report.say("  (choosing the landmarks, both sets: paid once per campus, by its first route query)")
    for (name, figures) in [
        ("routing.path", paths), ("routing.path-accessible", accessible), ("routing.directions", written),
        ("routing.command", command),
    ] {
        Report.figure(Figure("\(name).p50", figures.p50, "µs"))
        Report.figure(Figure("\(name).p99", figures.p99, "µs", goal: .below(1000)))
    }
    Report.figure(Figure("routing.path-dijkstra.p50", plain.p50, "µs"))
    Report.figure(Figure("routing.path-dijkstra.p99", plain.p99, "µs"))
    Report.say(
        String(
            format: "  reference, plain Dijkstra on the same pairs: landmarks are p50 %.1fx, p99 %.1fx faster",
            plain.p50 / paths.p50, plain.p99 / paths.p99))
}
