import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Testing

@Suite struct OutboxTargetsEndingTests {
    @Test(arguments: TemporaryDatabase.availableBackends)
    func endingsTakeTheRowsWithOrWithoutASuffix(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            let targets = [
                "user:irc:@a:school.example", "user:irc:@b:School.EXAMPLE", "user:irc:@c:staff.example",
                "user:irc:@d:evil-school.example", "user:irc:x", "user:irc:@é:school.example",
                "channel:#x:school.example",
            ]
            for (index, stored) in targets.enumerated() {
                let target = try #require(DeliveryTarget(stored: stored))
                try await bot.runtime.outbox.enqueue(
                    adapter: "irc", target: target, lines: ["to \(stored)"], idempotencyKey: "k\(index)")
            }
            func taken(_ endings: [OutboxTargets.Ending]) async throws -> Set<String> {
                let sender = RecordingSender()
                let worker = OutboxDeliveryWorker(
                    outbox: bot.runtime.outbox, sender: sender, logger: quietLogger,
                    targets: .matching(prefixes: [], alsoChannelsWithoutSlash: false, endings: endings))
                try await worker.deliverDue()
                return Set(sender.sent.map(\.target.description))
            }
            let none = try await taken([.starting(with: "user:irc:", endingWithOneOf: [])])
            #expect(none.isEmpty)
            let staff = try await taken([.starting(with: "user:irc:", endingWithOneOf: [":STAFF.example"])])
            #expect(staff == ["user:irc:@c:staff.example"])
            let school = try await taken([.starting(with: "user:irc:", endingWithOneOf: [":school.example"])])
            #expect(
                school == ["user:irc:@a:school.example", "user:irc:@b:School.EXAMPLE", "user:irc:@é:school.example"])
            let rest = try await taken([
                .starting(with: "user:irc:", endingWithNoneOf: [":school.example", ":a-very-long-server-name.example"])
            ])
            #expect(rest == ["user:irc:@d:evil-school.example", "user:irc:x"])
            #expect(try await bot.runtime.outbox.pendingCount() == 1, "the channel is taken by no ending")
        }
    }
}
