import Foundation
import HomeroomCore
import HomeroomTesting
import Testing

@testable import HomeroomFetch

/// The settings open private and loopback addresses for the host of an address an admin set, and
/// for nothing found inside what it serves: a link off that host reaches public addresses only,
/// however the settings read. Both servers are on loopback, listed in the settings: 127.0.0.1
/// plays the admin's feed host, 127.0.0.2 an intranet host.
@Suite struct ProvenanceTests {
    @Test func aLinkOnTheSourcesOwnHostIsRead() async throws {
        let feeds = try await LoopbackHTTPServer.start()
        feeds.serve("/news/story", .text("story", contentType: "text/plain"))
        let listing = try fetcher(allowing: ["127.0.0.1"])
        let linked = FetchProvenance.linked(from: feeds.url("/feed"))
        #expect(try await body(of: feeds.url("/news/story"), with: listing, provenance: linked) == "story")
        await feeds.stop()
    }

    @Test func aLinkToAnotherListedHostIsRefusedWithNothingAsked() async throws {
        let feeds = try await LoopbackHTTPServer.start()
        let intranet = try await LoopbackHTTPServer.start(on: "127.0.0.2")
        intranet.serve("/grades", .text("internal", contentType: "text/plain"))
        let both = try fetcher(allowing: ["127.0.0.1", "127.0.0.2"])
        let linked = FetchProvenance.linked(from: feeds.url("/feed"))
        let error = try #require(await failure(of: intranet.url("/grades"), with: both, provenance: linked))
        #expect(error.reason == .forbiddenAddress)
        let words = "the link leads to the bot's own machine, which is read only for the addresses an admin set"
        #expect(error.message == words)
        #expect(!error.message.contains("fetch."), "no setting opens it: \(error.message)")
        #expect(intranet.requests.isEmpty)
        // Set by an admin, the same address is read: the refusal came from where the link was found.
        #expect(try await body(of: intranet.url("/grades"), with: both) == "internal")
        await feeds.stop()
        await intranet.stop()
    }

    @Test func aLinkOnTheSourcesHostThatRedirectsOffItIsRefusedAtTheRedirect() async throws {
        let feeds = try await LoopbackHTTPServer.start()
        let intranet = try await LoopbackHTTPServer.start(on: "127.0.0.2")
        intranet.serve("/grades", .text("internal", contentType: "text/plain"))
        feeds.serve("/news/story", .init(status: 301, headers: [("Location", intranet.url("/grades").absoluteString)]))
        let both = try fetcher(allowing: ["127.0.0.1", "127.0.0.2"])
        let linked = FetchProvenance.linked(from: feeds.url("/feed"))
        let error = try #require(await failure(of: feeds.url("/news/story"), with: both, provenance: linked))
        #expect(error.message == "the site redirects to the bot's own machine, which is not followed")
        #expect(feeds.requests.map(\.path) == ["/news/story"])
        #expect(intranet.requests.isEmpty)
        await feeds.stop()
        await intranet.stop()
    }

    @Test func aLinkOnAnOutsideFeedsHostGetsNoPrivateAddressFromItsNameServer() async throws {
        // The owner of evil.example answers its name with a public address while the feed is read, then
        // with an intranet address for the story link; the school opened private networks for its own feed.
        let resolver = ScriptedResolver(["evil.example": ["93.184.216.34", "10.0.0.5"]])
        let open = try fetcher(privateNetworks: true, resolver: resolver)
        let feed = try #require(URL(string: "http://evil.example/feed"))
        #expect(try await resolver.addresses(of: "evil.example") == [IPAddress("93.184.216.34")!])
        let story = try #require(URL(string: "http://evil.example/story"))
        let error = try #require(
            await failure(of: story, with: open, provenance: .linked(from: feed), timeout: .seconds(5)))
        #expect(error.reason == .forbiddenAddress, "\(error.message)")
        let words = "the link leads to a private network, which is read only for the addresses an admin set"
        #expect(error.message == words)
        #expect(resolver.lookups == 2)
    }

    @Test func aLinkGetsTheAllowancesOnlyOnASourceHostTheSettingsName() throws {
        let feed = try #require(URL(string: "http://intranet.school.test/feed"))
        let story = try #require(URL(string: "http://intranet.school.test/story"))
        let privateNetworks = try FetchPolicy(allowPrivateNetworks: true)
        #expect(FetchProvenance.linked(from: feed).trustedHost(for: story, under: privateNetworks) == nil)
        #expect(FetchProvenance.configured.trustedHost(for: feed, under: privateNetworks) == "intranet.school.test")
        let named = try FetchPolicy(allowPrivateNetworks: true, allowedHosts: ["Intranet.School.Test."])
        #expect(FetchProvenance.linked(from: feed).trustedHost(for: story, under: named) == "intranet.school.test")
        let listedAddress = try FetchPolicy(allowedHosts: ["10.0.0.0/8"])
        let addressFeed = try #require(URL(string: "http://10.0.0.5/feed"))
        #expect(FetchProvenance.linked(from: addressFeed).trustedHost(for: story, under: listedAddress) == "10.0.0.5")
        #expect(FetchProvenance.linked(from: feed).trustedHost(for: story, under: listedAddress) == nil)
        #expect(FetchProvenance.given.trustedHost(for: story, under: privateNetworks) == nil)
        #expect(FetchProvenance.given.trustedHost(for: story, under: named) == "intranet.school.test")
        #expect(FetchProvenance.requestBody.trustedHost(for: story, under: named) == nil)
    }

    @Test func aPrivateNetworkSettingOpensNoPrivateAddressForALinkElsewhere() throws {
        let link = try #require(URL(string: "http://10.0.0.5/grades"))
        let source = try #require(URL(string: "http://intranet.school.test/feed"))
        let reach = HopReach(of: link, trustedHost: source.fetchHost, redirected: false)
        #expect(reach == .linkElsewhere)
        let open = try FetchPolicy(allowPrivateNetworks: true, allowedHosts: ["10.0.0.0/8"])
        #expect(reach.policy(open).refusal(host: "10.0.0.5", address: IPAddress("10.0.0.5")!) == .privateNetwork)
        #expect(HopReach.adminHost.policy(open).refusal(host: "10.0.0.5", address: IPAddress("10.0.0.5")!) == nil)
    }

    @Test(arguments: [
        ("http://Intranet.School.Test./feed", "http://intranet.school.test/story", true),
        ("http://[::1]:8080/feed", "http://[0:0:0:0:0:0:0:1]/story", true),
        ("http://127.0.0.1/feed", "http://127.0.0.1:9/story", true),
        ("http://127.0.0.1/feed", "http://127.1/story", false),
        ("http://127.0.0.1/feed", "http://localhost/story", false),
        ("http://intranet.school.test/feed", "http://intranet.school.test.evil.example/story", false),
        ("http://school.test/feed", "http://intranet.school.test/story", false),
    ])
    func theAdminsHostIsTheSameNameOrAddressAndNothingElse(source: String, link: String, same: Bool) throws {
        let sourceURL = try #require(URL(string: source))
        let linkURL = try #require(URL(string: link))
        let reach = HopReach(of: linkURL, trustedHost: sourceURL.fetchHost, redirected: true)
        #expect(reach == (same ? .adminHost : .redirectElsewhere))
    }
}
