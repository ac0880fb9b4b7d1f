import Foundation
import HomeroomStorage
import HomeroomTesting
import Logging
import Testing

/// A server that accepts connections and never answers (a PostgreSQL whose TLS handshake fails
/// in silence looks the same to the pool) makes start-up fail within its deadline, with one line
/// naming the server, instead of waiting for ever.
@Suite struct PostgresConnectDeadlineTests {
    @Test(.timeLimit(.minutes(1)))
    func aServerThatNeverAnswersFailsStartUpWithinTheDeadline() async throws {
        let listener = try UnansweredLoopbackPort(listening: true)
        let started = ContinuousClock.now
        let error = await #expect(throws: PostgresStore.NoAnswer.self) {
            _ = try await PostgresStore.open(
                url: "postgres://homeroom@127.0.0.1:\(listener.port)/homeroom?sslmode=disable",
                logger: Logger(label: "homeroom.test"), connectDeadline: .seconds(1))
        }
        let waited = ContinuousClock.now - started
        // Without the deadline it would wait for ever; the margin is for the other suites, whose
        // parsing can keep the two threads of a 2-core machine busy for seconds.
        #expect(waited < .seconds(30))
        let expected = "PostgreSQL at 127.0.0.1:\(listener.port) did not answer within 1 s"
        let description = error?.description ?? ""
        #expect(description.hasPrefix(expected))
    }
}
