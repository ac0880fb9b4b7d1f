import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTesting
import Testing

/// `homeroom status` on PostgreSQL, against instances whose rosters run in this process on the
/// system clock, as `homeroom serve` runs them (`LeaseHandoverTests` moves rosters on a test clock).
@Suite(.enabled(if: TemporaryDatabase.postgresServerURL != nil, "needs HOMEROOM_TEST_POSTGRES_URL"))
struct StatusCommandTests {
    @Test func statusListsTheInstancesTheirDutiesAndTheDutiesHeldByNobody() async throws {
        let bot = try await TestBot.start(backend: .postgres)
        let one = try await BotRuntime.start(
            configuration: try bot.configuration.resolve(), plugins: [], logger: TestBot.testLogger())
        let other = try await BotRuntime.start(
            configuration: try bot.configuration.resolve(), plugins: [], logger: TestBot.testLogger())
        let (first, second) = (one.roster, other.roster)
        let irc = Duty.connection("irc", "libera")
        let slack = Duty.delivery("slack")
        let feeds = Duty.job(plugin: "news", name: "poll feeds")
        let work: @Sendable (DutyHold) async throws -> Void = { _ in try await Task.sleep(for: .seconds(3600)) }
        let tasks = [
            Task { await first.run() }, Task { await second.run() },
            Task { await first.perform(irc, work) }, Task { await second.perform(slack, work) },
        ]
        let passing = Task { await first.perform(feeds, work) }
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        do {
            // Two renewals of the default lease, and room to spare.
            try await eventually("each instance holds its duties", within: .seconds(15)) {
                first.heldDuties[irc] != nil && second.heldDuties[slack] != nil && first.heldDuties[feeds] != nil
            }
            passing.cancel()
            await passing.value
            guard case .postgres(let url) = bot.database.location else { throw CancellationError() }
            let config = homeroom.folder.appendingPathComponent("postgres.json").path
            try #"{"storage": {"postgres": "\#(url)"}}"#.write(toFile: config, atomically: true, encoding: .utf8)

            let status = try await homeroom.run(["status", "--config", config])
            #expect(status.status == 0, "\(status.errors)")
            let lines = status.output.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasSuffix(": 2 instances") == true, "\(status.output)")
            let firstLine = try #require(lines.firstIndex { $0.hasPrefix(first.instanceID + "  host ") })
            let secondLine = try #require(lines.firstIndex { $0.hasPrefix(second.instanceID + "  host ") })
            #expect(lines[firstLine].contains(", pid \(ProcessInfo.processInfo.processIdentifier), "))
            #expect(lines[firstLine].contains(" s ago"))
            #expect(lines.indices.contains(firstLine + 1) && lines[firstLine + 1].hasPrefix("  irc:libera (token 1, "))
            #expect(
                lines.indices.contains(secondLine + 1) && lines[secondLine + 1].hasPrefix("  delivery:slack (token 1, ")
            )
            #expect(lines.last == "Held by nobody: job:news.poll feeds", "\(status.output)")

            let json = try await homeroom.run(["status", "--config", config, "--json"])
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any], "\(json.output)")
            #expect(object["backend"] as? String == "postgres")
            let instances = try #require(object["instances"] as? [[String: Any]])
            #expect(Set(instances.compactMap { $0["id"] as? String }) == [first.instanceID, second.instanceID])
            let duties = try #require(object["duties"] as? [[String: Any]])
            let holders = Dictionary(
                uniqueKeysWithValues: duties.compactMap { duty in
                    (duty["duty"] as? String).map { ($0, duty["holder"] as? String ?? "") }
                })
            #expect(holders == ["irc:libera": first.instanceID, "delivery:slack": second.instanceID])
            #expect(object["unheld"] as? [String] == ["job:news.poll feeds"])
        } catch {
            for task in tasks { task.cancel() }
            for task in tasks { await task.value }
            await one.close()
            await other.close()
            await bot.stop()
            throw error
        }
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
        await one.close()
        await other.close()
        await bot.stop()
    }
}
