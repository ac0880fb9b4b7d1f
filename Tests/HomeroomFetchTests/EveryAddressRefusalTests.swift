import Foundation
import HomeroomCore
import Testing

@testable import HomeroomFetch

/// Whether an address an admin set could ever be reached, as start-up asks of a `notifyURL`: only
/// when every address of its host is refused is the answer no; a host that does not resolve now
/// may resolve later.
@Suite struct EveryAddressRefusalTests {
    private let hook = URL(string: "https://hooks.school.test/notify")!

    @Test func aHostWhoseEveryAddressIsRefusedIsNamedByTheFirstKind() async throws {
        let resolver = ScriptedResolver(["hooks.school.test": ["127.0.0.1"]])
        #expect(await FetchPolicy.publicInternetOnly.refusalOfEveryAddress(of: hook, resolver: resolver) == .loopback)
    }

    @Test func oneAllowedAddressIsEnough() async throws {
        let policy = try FetchPolicy(allowedHosts: ["127.0.0.1"])
        let resolver = ScriptedResolver(["hooks.school.test": ["127.0.0.1"]])
        #expect(await policy.refusalOfEveryAddress(of: hook, resolver: resolver) == nil)
        let publicHost = ScriptedResolver(["hooks.school.test": ["93.184.216.34"]])
        #expect(await FetchPolicy.publicInternetOnly.refusalOfEveryAddress(of: hook, resolver: publicHost) == nil)
    }

    @Test func oneAllowedAddressAmongRefusedOnesIsEnough() async throws {
        let resolver = ScriptedResolver(answering: ["hooks.school.test": ["10.0.0.1", "93.184.216.34"]])
        #expect(await FetchPolicy.publicInternetOnly.refusalOfEveryAddress(of: hook, resolver: resolver) == nil)
    }

    @Test func addressesRefusedForDifferentReasonsAreNamedByTheFirst() async throws {
        let loopbackFirst = ScriptedResolver(answering: ["hooks.school.test": ["127.0.0.1", "10.0.0.1"]])
        #expect(
            await FetchPolicy.publicInternetOnly.refusalOfEveryAddress(of: hook, resolver: loopbackFirst) == .loopback)
        let privateFirst = ScriptedResolver(answering: ["hooks.school.test": ["10.0.0.1", "127.0.0.1"]])
        #expect(
            await FetchPolicy.publicInternetOnly.refusalOfEveryAddress(of: hook, resolver: privateFirst)
                == .privateNetwork)
    }

    @Test func theVerdictConnectsToTheFirstAllowedAddressAndOtherwiseNamesTheFirstRefused() throws {
        let policy = FetchPolicy.publicInternetOnly
        let addresses = ["10.0.0.1", "93.184.216.34", "93.184.216.35"].map { IPAddress($0)! }
        #expect(policy.verdict(host: "hooks.school.test", addresses: addresses) == .allowed(addresses[1]))
        let refused = ["127.0.0.1", "10.0.0.1"].map { IPAddress($0)! }
        #expect(policy.verdict(host: "hooks.school.test", addresses: refused) == .refused(refused[0], .loopback))
        #expect(policy.verdict(host: "hooks.school.test", addresses: []) == .noAddress)
    }

    @Test func aHostThatDoesNotResolveNowIsLetThrough() async throws {
        let resolver = ScriptedResolver([:])
        #expect(await FetchPolicy.publicInternetOnly.refusalOfEveryAddress(of: hook, resolver: resolver) == nil)
        #expect(resolver.lookups == 1)
    }
}
