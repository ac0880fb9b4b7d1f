import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Testing

/// What a job run under its duty's hold writes through its storage: its audit entries go to the
/// runtime's audit log and its notifications to the runtime's outbox, in the job's own transaction.
struct SchedulerJobStorageTests {
    struct Broken: Error {}

    /// The job's write: an audit entry and a notification for `#tally`, then `fail` decides whether
    /// the transaction throws after both.
    static func countAndTell(_ context: ScheduledJob.Context, failing fail: Bool) async throws {
        let storage = context.storage
        let due = context.scheduledFor
        try await storage.write { db in
            try await storage.audit.insert(
                AuditEntry(at: due, actor: AuditEntry.commandLine, action: "tally.count", detail: "counted"), into: db)
            try await storage.notifications.enqueue(
                adapter: "console", target: .channel("#tally"), lines: ["Counted."],
                idempotencyKey: "tally:\(Int(due.timeIntervalSince1970))", due: due, into: db)
            if fail { throw Broken() }
        }
    }

    @Test func aJobsAuditEntryAndNotificationLandInTheRuntimesAuditLogAndOutbox() async throws {
        try await TestBot.with(at: "2026-11-24T10:29:00-05:00") { bot in
            let runs = SchedulerTests.Runs()
            let (_, task) = SchedulerTests.start(on: bot, runs: runs) {
                try await Self.countAndTell($0, failing: false)
            }
            defer { task.cancel() }
            try await eventually("the job waits on the clock") { bot.clock.sleeperCount == 1 }
            bot.clock.set(to: SchedulerTests.at("10:30:00"))
            try await eventually("the 10:30 run") { runs.all.count == 1 && bot.clock.sleeperCount == 1 }
            let audit = try await AuditLog.recent(50, in: bot.runtime.database)
            #expect(audit.filter { $0.action == "tally.count" }.map(\.at) == [SchedulerTests.at("10:30:00")])
            let due = try await bot.runtime.outbox.due(for: "console")
            #expect(due.map(\.target) == [.channel("#tally")])
            #expect(due.map(\.lines) == [["Counted."]])
        }
    }

    @Test func aJobWhoseTransactionFailsLeavesNeitherTheAuditEntryNorTheNotification() async throws {
        try await TestBot.with(at: "2026-11-24T10:29:00-05:00") { bot in
            let runs = SchedulerTests.Runs()
            let (_, task) = SchedulerTests.start(on: bot, runs: runs) {
                try await Self.countAndTell($0, failing: true)
            }
            defer { task.cancel() }
            try await eventually("the job waits on the clock") { bot.clock.sleeperCount == 1 }
            bot.clock.set(to: SchedulerTests.at("10:30:00"))
            try await eventually("the failed 10:30 run") { runs.all.count == 1 && bot.clock.sleeperCount == 1 }
            #expect(try await AuditLog.recent(50, in: bot.runtime.database).allSatisfy { $0.action != "tally.count" })
            #expect(try await bot.runtime.outbox.due(for: "console").isEmpty)
        }
    }
}
