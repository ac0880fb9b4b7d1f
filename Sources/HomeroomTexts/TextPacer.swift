import Foundation
import HomeroomCore

/// Holds texts to the sending number's rate: each text waits until its segments fit in the
/// segments a second the number may send, so the gateway never has to queue or refuse one for
/// speed. Time is the clock's, measured by its uptime.
package actor TextPacer {
    let clock: any HomeroomClock
    /// Seconds one segment takes.
    let secondsPerSegment: Double
    /// When (in the clock's uptime, seconds) the number is free to send again.
    private var freeAt: Double = 0

    /// A pacer for a number sending `segmentsPerSecond`, on `clock`.
    package init(segmentsPerSecond: Double, clock: any HomeroomClock) {
        self.clock = clock
        secondsPerSegment = 1 / max(0.01, segmentsPerSecond)
    }

    /// Waits until a text of `segments` may go, and books its time.
    package func waitToSend(segments: Int) async throws {
        let now = Self.seconds(clock.uptime)
        let start = max(now, freeAt)
        freeAt = start + Double(min(max(1, segments), 10)) * secondsPerSegment
        if start > now { try await clock.sleep(for: .seconds(start - now)) }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
