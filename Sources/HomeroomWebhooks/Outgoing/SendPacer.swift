import Foundation
import HomeroomCore

/// Holds sends to a platform's published rate: each send waits until its units (a text's segments,
/// one message, one e-mail) fit in the units a second the sender may send, so the platform never
/// has to queue or refuse one for speed. Time is the clock's, measured by its uptime, so a test
/// moves it.
package actor SendPacer {
    let clock: any HomeroomClock
    /// Seconds one unit takes.
    let secondsPerUnit: Double
    /// The most units one send is charged, so a huge one cannot stall the rest for long.
    static let maximumUnitsPerSend = 10
    /// When (in the clock's uptime, seconds) the sender is free to send again.
    private var freeAt: Double = 0

    /// A pacer for `perSecond` units a second (at least one a hundred seconds), on `clock`.
    package init(perSecond: Double, clock: any HomeroomClock) {
        self.clock = clock
        secondsPerUnit = 1 / max(0.01, perSecond.isFinite ? perSecond : 0.01)
    }

    /// Waits until a send of `units` may go, and books its time.
    package func waitToSend(units: Int = 1) async throws {
        let uptime = clock.uptime.components
        let now = Double(uptime.seconds) + Double(uptime.attoseconds) / 1e18
        let start = max(now, freeAt)
        freeAt = start + Double(min(max(1, units), Self.maximumUnitsPerSend)) * secondsPerUnit
        if start > now { try await clock.sleep(for: .seconds(start - now)) }
    }
}
