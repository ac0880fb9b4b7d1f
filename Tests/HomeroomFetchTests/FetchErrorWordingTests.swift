import Foundation
import HomeroomCore
import HomeroomTesting
import Testing

@testable import HomeroomFetch

/// What chat sees of a failure is short and says nothing of the network; the log's detail does.
@Suite struct FetchErrorWordingTests {
    @Test func aRefusedConnectionReadsTheSameAsAnyUnreachableSite() async throws {
        let refusing = try UnansweredLoopbackPort()
        let error = try #require(await failure(of: refusing.url("/feed"), with: fetcher(allowing: ["127.0.0.1"])))
        #expect(error.reason == .unreachable)
        #expect(error.message == "the site could not be reached")
        #expect(error.description == error.message)
        #expect(error.detail.contains("127.0.0.1"), "\(error.detail)")
    }

    @Test func aRefusedAddressSaysWhichSettingOpensItAndNothingOfTheNetwork() async throws {
        let server = try await LoopbackHTTPServer.start()
        let error = try #require(await failure(of: server.url("/feed"), with: fetcher()))
        #expect(
            error.message == "that address is on the bot's own machine; an admin can allow it with fetch.allowedHosts")
        for leak in ["127.0.0.1", String(server.port), "refused", "connect"] {
            #expect(!error.message.contains(leak), "\(leak)")
        }
        #expect(error.detail.contains("127.0.0.1") && error.detail.contains("loopback"), "\(error.detail)")
        await server.stop()
    }

    @Test func aNameThatDoesNotResolveIsUnreachableWithTheResolverInTheDetail() async throws {
        let url = try #require(URL(string: "http://no-such-host.invalid/feed"))
        let error = try #require(await failure(of: url, with: fetcher()))
        #expect(error.reason == .unreachable)
        #expect(error.message == "the site could not be reached")
        #expect(error.detail.contains("no-such-host.invalid"))
    }

    @Test func aServerStatusIsNamedButNotTheServersOwnWords() async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve("/gone", .init(status: 404))
        server.serve("/odd", .init(status: 599))
        let allowing = try fetcher(allowing: ["127.0.0.1"])
        #expect(await failure(of: server.url("/gone"), with: allowing)?.message == "the server answered 404 Not Found")
        #expect(await failure(of: server.url("/odd"), with: allowing)?.message == "the server answered 599")
        #expect(await failure(of: server.url("/odd"), with: allowing)?.reason == .status(599))
        await server.stop()
    }

    @Test func onlyWebAddressesAreFetched() async throws {
        let url = try #require(URL(string: "file:///etc/passwd"))
        let error = try #require(await failure(of: url, with: fetcher()))
        #expect(error.reason == .notWebAddress)
    }
}
