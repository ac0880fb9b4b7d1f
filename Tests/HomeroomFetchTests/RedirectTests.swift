import Foundation
import HomeroomCore
import HomeroomTesting
import Testing

@testable import HomeroomFetch

/// Redirects are followed here, each hop checked again: at most five, never from https to http,
/// never to an address the settings do not allow, and never to a private one off the admin's host.
@Suite struct RedirectTests {
    @Test func aRedirectThatLeavesTheAdminsHostReachesNoPrivateAddressEvenAListedOne() async throws {
        let allowed = try await LoopbackHTTPServer.start()
        let other = try await LoopbackHTTPServer.start(on: "127.0.0.2")
        other.serve("/secret", .text("internal", contentType: "text/plain"))
        allowed.serve("/go", .init(status: 302, headers: [("Location", other.url("/secret").absoluteString)]))
        allowed.serve("/stay", .init(status: 302, headers: [("Location", "/feed")]))
        allowed.serve("/feed", .text("feed", contentType: "text/plain"))
        for listed in [["127.0.0.1"], ["127.0.0.1", "127.0.0.2"]] {
            let error = try #require(await failure(of: allowed.url("/go"), with: fetcher(allowing: listed)))
            #expect(error.reason == .forbiddenAddress, "\(listed)")
            #expect(error.message == "the site redirects to the bot's own machine, which is not followed")
            #expect(error.detail.contains("127.0.0.2") && error.detail.contains("off the host an admin set"))
        }
        #expect(other.requests.isEmpty)
        // Set by an admin itself, the listed second host is read: the refusal came from the redirect.
        let both = try fetcher(allowing: ["127.0.0.1", "127.0.0.2"])
        #expect(try await body(of: other.url("/secret"), with: both) == "internal")
        // A redirect that stays on the admin's host is followed.
        #expect(try await body(of: allowed.url("/stay"), with: fetcher(allowing: ["127.0.0.1"])) == "feed")
        await allowed.stop()
        await other.stop()
    }

    @Test func fiveRedirectsAreFollowedAndASixthIsRefused() async throws {
        let server = try await LoopbackHTTPServer.start()
        for hop in 0..<6 {
            let status = [301, 302, 303, 307, 308, 302][hop]
            server.serve("/r\(hop)", .init(status: status, headers: [("Location", "/r\(hop + 1)")]))
        }
        server.serve("/r6", .text("arrived", contentType: "text/plain"))
        let allowing = try fetcher(allowing: ["127.0.0.1"])
        #expect(try await body(of: server.url("/r1"), with: allowing) == "arrived")
        let before = server.requests.count
        let error = try #require(await failure(of: server.url("/r0"), with: allowing))
        #expect(error.reason == .tooManyRedirects)
        #expect(error.message == "the site redirects more than 5 times")
        #expect(server.requests.dropFirst(before).map(\.path) == ["/r0", "/r1", "/r2", "/r3", "/r4", "/r5"])
        await server.stop()
    }

    @Test func aRelativeLocationIsReadAgainstTheAddressThatAnswered() async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve("/news/feed", .init(status: 301, headers: [("Location", "rss.xml")]))
        server.serve("/news/rss.xml", .init(status: 302, headers: [("Location", "/final?x=1")]))
        server.serve("/final?x=1", .text("final", contentType: "text/plain"))
        #expect(try await body(of: server.url("/news/feed"), with: fetcher(allowing: ["127.0.0.1"])) == "final")
        await server.stop()
    }

    @Test func aRedirectFromHTTPSToHTTPIsRefused() async throws {
        let plain = try await LoopbackHTTPServer.start()
        plain.serve("/feed", .text("downgraded", contentType: "text/plain"))
        let secure = try await LoopbackHTTPSServer.start([
            "/feed": .init(status: 200, headers: [], body: "secure"),
            "/down": .init(status: 302, headers: [("Location", plain.url("/feed").absoluteString)], body: ""),
        ])
        let trusting = try fetcher(allowing: ["127.0.0.1"], tls: LoopbackCertificate.trustingClient())
        #expect(try await body(of: secure.url("/feed"), with: trusting) == "secure")
        let error = try #require(await failure(of: secure.url("/down"), with: trusting))
        #expect(error.reason == .insecureRedirect)
        #expect(error.message == "the site redirects from https to http, which is not followed")
        #expect(plain.requests.isEmpty)
        #expect(secure.requests == ["/feed", "/down"])
        await secure.stop()
        await plain.stop()
    }

    @Test func aPostDoesNotFollowARedirect() async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve("/hook", .init(status: 307, headers: [("Location", "/elsewhere")]))
        server.serve("/elsewhere", .init(status: 200))
        let response = try await fetcher(allowing: ["127.0.0.1"]).send(
            OutgoingRequest(url: server.url("/hook"), json: Array("{}".utf8), timeout: .seconds(60)))
        #expect(response.status == 307)
        #expect(server.requests.map(\.path) == ["/hook"])
        await server.stop()
    }
}
