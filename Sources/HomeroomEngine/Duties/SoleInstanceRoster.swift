import Foundation
import HomeroomCore
import Logging
import Synchronization

/// The roster of an instance that is alone on its database (one SQLite file, which `serve` locks):
/// it holds every duty from the start, with token 0, and never loses one. Its pause before doing
/// again work that returned or failed is on the injected clock.
package final class SoleInstanceRoster: DutyRoster {
    package let instanceID: String
    private let database: any Database
    private let clock: any HomeroomClock
    private let logger: Logger
    private let held = Mutex<[Duty: Int64]>([:])

    /// How long it waits before doing again work that returned or failed.
    package static let pause = Duration.seconds(1)

    /// A roster over `database`, named `instanceID`, pausing on `clock`.
    package init(
        database: any Database, clock: any HomeroomClock, instanceID: String = InstanceName.make(), logger: Logger
    ) {
        self.database = database
        self.clock = clock
        self.instanceID = instanceID
        self.logger = logger
    }

    package func perform(_ duty: Duty, _ work: @escaping @Sendable (DutyHold) async throws -> Void) async {
        held.withLock { $0[duty] = 0 }
        defer { held.withLock { $0[duty] = nil } }
        let hold = DutyHold(duty: duty, token: 0, database: database) { true }
        while !Task.isCancelled {
            do {
                try await work(hold)
            } catch is CancellationError {
                return
            } catch {
                logger.error("\(duty) stopped: \(error)")
            }
            do { try await clock.sleep(for: Self.pause) } catch { return }
        }
    }

    package var heldDuties: [Duty: Int64] { held.withLock { $0 } }

    /// Nothing to renew: waits for cancellation.
    package func run() async {
        await waitForCancellation()
    }
}
