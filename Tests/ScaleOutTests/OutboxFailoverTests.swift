import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTestbed
import HomeroomTesting
import Testing

extension ScaleOutTests {
    /// The outbox across crashes of its deliverer: 1,000 notifications for Slack, queued in the
    /// shared database, while the instance delivering them is killed and restarted now and then;
    /// a receiver that deduplicates nothing, as Slack does not, counts what a channel would show.
    @Suite struct OutboxFailoverTests {
        static let notifications = 1_000
        static let duty = "delivery:slack"
        /// How many messages a kill may send again: `OutboxDeliveryWorker`'s documented bound for
        /// one worker, `recordEvery` (1) + 1 (the message being sent and the one being recorded).
        static let repeatsPerKill = 2

        @Test func everyKeyArrivesAndOnlyRowsInFlightAtAKillComeTwice() async throws {
            let receiver = try await NotificationReceiver.start()
            do {
                try await ScaleOutSchool.withCluster(notificationURL: receiver.url) { cluster, database in
                    try await Self.deliver(to: receiver, through: cluster, database: database)
                }
                await receiver.stop()
            } catch {
                await receiver.stop()
                throw error
            }
        }

        static func deliver(
            to receiver: NotificationReceiver, through cluster: HomeroomCluster, database temporary: TemporaryDatabase
        ) async throws {
            let database = try await temporary.open()
            let outbox = Outbox(database: database, clock: SystemClock())
            do {
                // Queued straight into the shared outbox, as a burst of circle posts would be.
                let queuedAt = ContinuousClock.now
                try await database.write { db in
                    for index in 0..<Self.notifications {
                        try await Outbox.enqueue(
                            adapter: "slack", target: .channel("C0SCALE"), lines: ["notice \(index)"],
                            idempotencyKey: "scale-\(index)", due: Date(), into: db)
                    }
                }

                // 2 or 3 kills, each at a random moment (by posts received) in its own stretch of the delivery.
                var random = SeededRandom(seed: 21)
                let kills = 2 + Int(random.next() % 2)
                let stretch = 800 / kills
                let moments = (0..<kills).map { 60 + $0 * stretch + Int(random.next() % UInt64(stretch - 40)) }
                var killed: [String] = []
                for moment in moments {
                    try await eventually("\(moment) posts received", within: .seconds(60)) {
                        receiver.rawPosts >= moment
                    }
                    // The instance delivering, when one says it is; any instance otherwise.
                    let victim =
                        await cluster.holder(of: Self.duty)
                        ?? cluster.instances[Int(random.next() % UInt64(cluster.instances.count))]
                    let keysAtKill = receiver.tally.keys.count
                    await victim.kill()
                    killed.append("\(victim.name) at \(keysAtKill) keys")
                    #expect(keysAtKill < Self.notifications, "the kill came during delivery")
                    try await victim.start()
                }

                // The rows the killed instances had claimed wait for their claims to run out.
                try await eventually("every key received", within: .seconds(Int64(outbox.claimLifetime) + 60)) {
                    receiver.tally.keys.count >= Self.notifications
                }
                let allKeysAfter = ContinuousClock.now - queuedAt
                try await eventually("the outbox emptied", within: .seconds(30)) {
                    try await outbox.pendingCount(for: "slack") == 0
                }
                let tally = receiver.tally
                let bound = kills * Self.repeatsPerKill
                let victims = killed.joined(separator: ", ")
                print(
                    "scale-out: \(Self.notifications) notifications, \(kills) kills (\(victims)): \(tally); "
                        + "every key after \(milliseconds(allKeysAfter)) ms; duplicates allowed \(bound)")
                #expect(tally.postsWithoutKey == 0, "every post carries its key")
                #expect(tally.keys == Set((0..<Self.notifications).map { "scale-\($0)" }), "none lost, none invented")
                #expect(tally.duplicates <= bound, "\(tally.duplicates) duplicates for \(kills) kills")
                #expect(tally.rawPosts == Self.notifications + tally.duplicates)
                await database.close()
            } catch {
                await database.close()
                throw error
            }
        }
    }
}
