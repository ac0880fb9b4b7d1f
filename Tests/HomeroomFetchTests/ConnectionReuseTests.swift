import Foundation
import HomeroomCore
import HomeroomTesting
import Testing

@testable import HomeroomFetch

/// Pinning keeps connections: posts and fetches to one host reuse one connection.
@Suite struct ConnectionReuseTests {
    @Test func postsToOneHostShareAConnection() async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve("/hook", .init(status: 200, body: Array("ok".utf8)))
        server.serve("/feed", .text("feed", contentType: "text/plain"))
        let allowing = try fetcher(allowing: ["127.0.0.1"])
        for index in 0..<20 {
            let response = try await allowing.send(
                OutgoingRequest(url: server.url("/hook"), json: Array("{\"n\":\(index)}".utf8), timeout: .seconds(60)))
            #expect(response.status == 200)
            #expect(try await body(of: server.url("/feed"), with: allowing) == "feed")
        }
        #expect(server.requests.count == 40)
        #expect(server.connections == 1, "\(server.connections) connections")
        await server.stop()
    }
}
