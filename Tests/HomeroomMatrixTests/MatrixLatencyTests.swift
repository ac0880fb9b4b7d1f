import Foundation
import HomeroomTestbed
import Testing

/// How long `!lunch` takes client to client through Synapse: a student asks in a direct room
/// (in a room, a repeat within the busy-channel window only names the asker again) and waits for
/// the bot's answer, fifty times; the 50th and 99th percentiles are printed.
@Suite(.enabled(if: SynapseServer.isInstalled, "needs Synapse in .build-venv/synapse (Scripts/test installs it)"))
struct MatrixLatencyTests {
    @Test func lunchRoundTripThroughSynapse() async throws {
        try await MatrixSchool.with { school in
            let room = try await school.directRoom(of: school.ada)
            var times: [Duration] = []
            for _ in 0..<50 {
                let asked = ContinuousClock.now
                let answer = try await school.ask("!lunch", in: room, as: school.ada, isReply: false)
                times.append(answer.arrivedAt - asked)
            }
            let sorted = times.sorted()
            let p50 = sorted[sorted.count / 2]
            let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
            print("Matrix !lunch round trip through Synapse: p50 \(p50), p99 \(p99), of \(sorted.count)")
            #expect(p50 < .seconds(5), "p50 \(p50)")
        }
    }
}
