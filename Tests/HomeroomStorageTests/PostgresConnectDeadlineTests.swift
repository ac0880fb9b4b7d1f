import Foundation
import HomeroomStorage
import Logging
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A server that accepts connections and never answers (a PostgreSQL whose TLS handshake fails
/// in silence looks the same to the pool) makes start-up fail within its deadline, with one line
/// naming the server, instead of waiting for ever.
@Suite struct PostgresConnectDeadlineTests {
    @Test(.timeLimit(.minutes(1)))
    func aServerThatNeverAnswersFailsStartUpWithinTheDeadline() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
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

/// A loopback TCP socket that listens (the kernel completes connections into its backlog) and
/// never accepts or answers.
private struct SilentListener {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard descriptor >= 0, bound == 0, listen(descriptor, 16) == 0 else {
            throw POSIXError(.EADDRNOTAVAIL)
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}
