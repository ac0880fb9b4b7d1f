import Foundation
import HomeroomRuntime
import Testing

@testable import HomeroomFetch

/// What the `fetch` settings open, and the one-line errors a bad entry gives at start-up.
@Suite struct FetchPolicyTests {
    private func refusal(_ policy: FetchPolicy, _ host: String, _ address: String) -> SpecialUse? {
        policy.refusal(host: host, address: IPAddress(address)!)
    }

    @Test func byDefaultOnlyPublicAddressesAreReached() {
        let policy = FetchPolicy.publicInternetOnly
        #expect(refusal(policy, "news.example.org", "93.184.216.34") == nil)
        #expect(refusal(policy, "intranet", "10.0.0.5") == .privateNetwork)
        #expect(refusal(policy, "localhost", "127.0.0.1") == .loopback)
    }

    @Test func privateNetworksOpenPrivateAndSharedAddressesButNotLoopbackOrLinkLocal() throws {
        let policy = try FetchPolicy(allowPrivateNetworks: true)
        #expect(refusal(policy, "intranet", "10.0.0.5") == nil)
        #expect(refusal(policy, "intranet", "fd00::5") == nil)
        #expect(refusal(policy, "cgnat", "100.64.1.1") == nil)
        #expect(refusal(policy, "localhost", "127.0.0.1") == .loopback)
        #expect(refusal(policy, "metadata", "169.254.169.254") == .linkLocal)
    }

    @Test func listedHostsAndRangesAreReachedAndNothingElse() throws {
        let policy = try FetchPolicy(allowedHosts: ["Intranet.School.Local.", "10.20.0.0/16", "127.0.0.1", "::1"])
        #expect(refusal(policy, "intranet.school.local", "10.99.0.1") == nil)
        #expect(refusal(policy, "INTRANET.school.local.", "192.168.0.1") == nil)
        #expect(refusal(policy, "other.school.local", "10.20.3.4") == nil)
        #expect(refusal(policy, "other.school.local", "10.21.0.1") == .privateNetwork)
        #expect(refusal(policy, "127.0.0.1", "127.0.0.1") == nil)
        #expect(refusal(policy, "::ffff:127.0.0.1", "::ffff:127.0.0.1") == nil)
        #expect(refusal(policy, "127.0.0.2", "127.0.0.2") == .loopback)
        #expect(refusal(policy, "::1", "::1") == nil)
    }

    @Test func multicastUnspecifiedAndBroadcastAreNeverReached() throws {
        let policy = try FetchPolicy(
            allowPrivateNetworks: true, allowedHosts: ["0.0.0.0/0", "::/0", "anything.example"])
        #expect(refusal(policy, "anything.example", "0.0.0.0") == .unspecified)
        #expect(refusal(policy, "x", "224.0.0.1") == .multicast)
        #expect(refusal(policy, "x", "255.255.255.255") == .broadcast)
        #expect(refusal(policy, "x", "::") == .unspecified)
        #expect(refusal(policy, "x", "127.0.0.1") == nil)
    }

    @Test(arguments: [
        ("10.20.0.0/33", "the length after / must be 0 to 32"),
        ("fd00::/129", "the length after / must be 0 to 128"),
        ("10.20.0.1/16", "the range starts at 10.20.0.0/16"),
        ("10.20.0.0/", "is not a host name"), ("10.20.0.0/16/8", "is not a host name"),
        ("10.20.0.0/x", "is not a host name"), ("300.1.1.1/8", "is not a host name"),
        ("http://intranet.school.local", "is not a host name"), ("intranet:8080", "is not a host name"),
        ("0x7f.1", "is not a host name"), ("2130706433", "is not a host name"), ("", "is not a host name"),
        ("*.school.local", "is not a host name"),
    ])
    func aBadEntryStopsStartUpWithOneLineNamingIt(entry: String, problem: String) throws {
        let json = #"{"fetch": {"allowedHosts": ["intranet", "\#(entry)"]}}"#
        let configuration = try HomeroomConfiguration.parse(Data(json.utf8))
        let error = try #require(throws: ConfigurationError.self) { try configuration.resolve() }
        #expect(error.key == "fetch.allowedHosts[1]")
        #expect(error.problem.contains(problem), "\(error)")
        #expect(!error.description.contains("\n"))
    }

    @Test func theSettingsAreReadAndAnUnknownKeyIsRefused() throws {
        let json = #"{"fetch": {"allowPrivateNetworks": true, "allowedHosts": ["10.20.0.0/16", "feeds.school.local"]}}"#
        let policy = try HomeroomConfiguration.parse(Data(json.utf8)).resolve().fetchPolicy
        #expect(
            policy
                == (try FetchPolicy(allowPrivateNetworks: true, allowedHosts: ["10.20.0.0/16", "feeds.school.local"])))
        #expect(HomeroomConfiguration().fetch.allowedHosts.isEmpty)
        #expect(try HomeroomConfiguration().resolve().fetchPolicy == .publicInternetOnly)
        let typo = try #require(throws: ConfigurationError.self) {
            try HomeroomConfiguration.parse(Data(#"{"fetch": {"allowPrivateNetwork": true}}"#.utf8))
        }
        #expect(typo.key == "fetch.allowPrivateNetwork", "\(typo)")
    }
}
