import Foundation
import HomeroomCore
import HomeroomTesting
import Testing

@testable import HomeroomFetch

/// Fetches and posts against real loopback servers: refused by default in every spelling of a
/// loopback address, reached when the settings list it, and pinned to the address that was checked.
@Suite struct AddressFenceTests {
    /// Every way of writing an address on this machine that a fetch refuses by default; each of
    /// them reaches the server on 127.0.0.1 when allowed, so a missing check would be seen.
    static let loopbackSpellings = [
        "127.0.0.1", "localhost", "2130706433", "0x7f.1", "127.1", "[::ffff:127.0.0.1]", "LOCALHOST", "0177.0.0.1",
    ]

    @Test func everySpellingOfLoopbackIsRefusedByDefaultAndReachedOnlyWhenAllowed() async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve("/page", .text("hello", contentType: "text/plain"))
        let refusing = try fetcher()
        let allowing = try fetcher(allowing: ["127.0.0.1"])
        for spelling in Self.loopbackSpellings {
            let url = try #require(URL(string: "http://\(spelling):\(server.port)/page"))
            let error = try #require(await failure(of: url, with: refusing), "\(spelling) was fetched")
            #expect(error.reason == .forbiddenAddress, "\(spelling): \(error.detail)")
            #expect(error.message.contains("fetch.allowedHosts"), "\(spelling): \(error.message)")
            #expect(try await body(of: url, with: allowing) == "hello", "\(spelling)")
        }
        #expect(server.requests.count == Self.loopbackSpellings.count, "only the allowed fetches arrived")
        await server.stop()
    }

    @Test func theUnspecifiedAddressIsRefusedEvenWhenEverythingElseIsAllowed() async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve("/page", .text("hello", contentType: "text/plain"))
        let open = try fetcher(allowing: ["0.0.0.0/0"], privateNetworks: true)
        let unspecified = try #require(URL(string: "http://0.0.0.0:\(server.port)/page"))
        let error = try #require(await failure(of: unspecified, with: open))
        #expect(error.reason == .forbiddenAddress)
        #expect(error.message == "that is not an address a page can be fetched from")
        #expect(try await body(of: server.url("/page"), with: open) == "hello")
        #expect(server.requests.count == 1)
        await server.stop()
    }

    @Test func otherLoopbackAddressesAndIPv6LoopbackAreRefusedUnlessListed() async throws {
        let second = try await LoopbackHTTPServer.start(on: "127.0.0.2")
        let six = try await LoopbackHTTPServer.start(on: "::1")
        for server in [second, six] { server.serve("/page", .text("hello", contentType: "text/plain")) }
        let allowingOne = try fetcher(allowing: ["127.0.0.1"])
        for server in [second, six] {
            let error = try #require(await failure(of: server.url("/page"), with: allowingOne))
            #expect(error.reason == .forbiddenAddress, "\(server.address)")
        }
        #expect(try await body(of: second.url("/page"), with: fetcher(allowing: ["127.0.0.0/8"])) == "hello")
        #expect(try await body(of: six.url("/page"), with: fetcher(allowing: ["::1"])) == "hello")
        #expect(second.requests.count == 1 && six.requests.count == 1)
        await second.stop()
        await six.stop()
    }

    @Test func aPrivateNetworkSettingDoesNotOpenLoopback() async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve("/page", .text("hello", contentType: "text/plain"))
        let error = try #require(await failure(of: server.url("/page"), with: fetcher(privateNetworks: true)))
        #expect(error.reason == .forbiddenAddress)
        #expect(server.requests.isEmpty)
        await server.stop()
    }

    @Test func postsAreFencedToo() async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve("/hook", .init(status: 200))
        let post = OutgoingRequest(url: server.url("/hook"), json: Array("{}".utf8), timeout: .seconds(60))
        let refusing = try fetcher()
        do {
            _ = try await refusing.send(post)
            Issue.record("the post was sent")
        } catch {
            #expect(error.reason == .forbiddenAddress)
        }
        #expect(try await fetcher(allowing: ["127.0.0.1"]).send(post).status == 200)
        #expect(server.requests.count == 1)
        await server.stop()
    }

    /// The connection goes to the address that was checked: a name only the scripted resolver
    /// knows reaches the server, with its own name in the Host header; AsyncHTTPClient never
    /// looks the name up again.
    @Test func theConnectionIsPinnedToTheCheckedAddress() async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve("/page", .text("pinned", contentType: "text/plain"))
        let resolver = ScriptedResolver(["feeds.school.test": ["127.0.0.1"]])
        let pinned = try fetcher(allowing: ["127.0.0.1"], resolver: resolver)
        let url = try #require(URL(string: "http://feeds.school.test:\(server.port)/page"))
        #expect(try await body(of: url, with: pinned) == "pinned")
        #expect(server.requests.first?.headers["host"] == "feeds.school.test:\(server.port)")
        await server.stop()
    }

    /// A name that answers an allowed address first and a refused one the next time (DNS
    /// rebinding) is checked again on the redirect and refused there.
    @Test func aNameThatRebindsBetweenHopsIsRefusedAtTheSecondHop() async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve("/go", .init(status: 302, headers: [("Location", "/page")]))
        server.serve("/page", .text("secret", contentType: "text/plain"))
        let resolver = ScriptedResolver(["feeds.school.test": ["127.0.0.1", "127.0.0.2"]])
        let rebinding = try fetcher(allowing: ["127.0.0.1"], resolver: resolver)
        let url = try #require(URL(string: "http://feeds.school.test:\(server.port)/go"))
        let error = try #require(await failure(of: url, with: rebinding))
        #expect(error.reason == .forbiddenAddress)
        #expect(resolver.lookups == 2)
        #expect(server.requests.map(\.path) == ["/go"])
        await server.stop()
    }

    @Test func aHostListedByNameIsReachedWhateverItResolvesTo() async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve("/page", .text("by name", contentType: "text/plain"))
        server.serve("/elsewhere", .init(status: 302, headers: [("Location", server.url("/page").absoluteString)]))
        let byName = try fetcher(allowing: ["localhost"])
        let url = try #require(URL(string: "http://localhost:\(server.port)/page"))
        #expect(try await body(of: url, with: byName) == "by name")
        // The same address under another name is not listed.
        let elsewhere = try #require(URL(string: "http://localhost:\(server.port)/elsewhere"))
        let error = try #require(await failure(of: elsewhere, with: byName))
        #expect(error.reason == .forbiddenAddress)
        #expect(server.requests.map(\.path) == ["/page", "/elsewhere"])
        await server.stop()
    }
}
