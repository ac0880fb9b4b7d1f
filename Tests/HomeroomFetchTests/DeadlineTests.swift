import Foundation
import HomeroomCore
import HomeroomTestbed
import HomeroomTesting
import Testing

@testable import HomeroomFetch

/// One deadline covers the whole exchange, the body included: a server that sends its headers
/// at once and then a byte at a time is cut off when the deadline passes. The server would finish
/// its 1,000 bytes after 100 s, so a deadline that ended with the headers would let it through;
/// the upper bounds leave room for a machine busy with the rest of the suite.
@Suite struct DeadlineTests {
    @Test func aBodyTricklingInIsCutOffAtTheDeadline() async throws {
        let server = try await TricklingHTTPServer.start(interval: .milliseconds(100), bodyBytes: 1000)
        let start = ContinuousClock.now
        let error = try #require(
            await failure(of: server.url("/slow"), with: fetcher(allowing: ["127.0.0.1"]), timeout: .seconds(1)))
        let elapsed = ContinuousClock.now - start
        #expect(error.reason == .timedOut)
        #expect(error.message == "the site did not answer within 1 s")
        #expect(elapsed >= .seconds(1) && elapsed < .seconds(60), "\(elapsed)")
        #expect(server.bytesSent < 1000, "cut off before the body was whole")
        await server.stop()
    }

    @Test func aPostWhoseAnswerTricklesInIsCutOffAtTheDeadline() async throws {
        let server = try await TricklingHTTPServer.start(interval: .milliseconds(100), bodyBytes: 1000)
        let allowing = try fetcher(allowing: ["127.0.0.1"])
        let start = ContinuousClock.now
        do {
            _ = try await allowing.send(
                OutgoingRequest(url: server.url("/hook"), json: Array("{}".utf8), timeout: .seconds(1)))
            Issue.record("the post ended before its answer did")
        } catch {
            #expect(error.reason == .timedOut)
        }
        #expect(ContinuousClock.now - start < .seconds(60))
        await server.stop()
    }
}
