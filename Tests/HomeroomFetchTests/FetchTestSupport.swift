import Foundation
import HomeroomCore
import HomeroomTestbed
import HomeroomTesting
import NIOSSL
import Synchronization

@testable import HomeroomFetch

/// A fetcher allowing `hosts` (host names, addresses, ranges), with the system resolver unless
/// one is given.
func fetcher(
    allowing hosts: [String] = [], privateNetworks: Bool = false, resolver: (any HostResolving)? = nil,
    tls: TLSConfiguration? = nil
) throws -> HTTPFetcher {
    HTTPFetcher(
        policy: try FetchPolicy(allowPrivateNetworks: privateNetworks, allowedHosts: hosts),
        resolver: resolver ?? SystemHostResolver.shared, tlsConfiguration: tls, logger: nil)
}

/// The error fetching `url` (an address an admin set, unless `provenance` says otherwise) gives;
/// nil when it was fetched. The generous default deadline keeps a loaded machine from failing a
/// test meant to succeed.
func failure(
    of url: URL, with fetcher: HTTPFetcher, provenance: FetchProvenance = .configured, timeout: Duration = .seconds(60)
) async -> FetchError? {
    do {
        _ = try await fetcher.fetch(FetchRequest(url: url, provenance: provenance, timeout: timeout))
        return nil
    } catch {
        return error
    }
}

/// The body fetched from `url` (an address an admin set, unless `provenance` says otherwise).
func body(of url: URL, with fetcher: HTTPFetcher, provenance: FetchProvenance = .configured) async throws -> String {
    let request = FetchRequest(url: url, provenance: provenance, timeout: .seconds(60))
    guard case .fetched(let body, _, _) = try await fetcher.fetch(request) else { return "" }
    return String(decoding: body, as: UTF8.self)
}

/// A resolver that answers from a script: each name's answers in turn (the last one repeating),
/// as a name server that changes its answer between two lookups (DNS rebinding) would.
final class ScriptedResolver: HostResolving {
    private let answers: Mutex<[String: [[IPAddress]]]>
    private let asked = Mutex(0)

    /// Each name's answers in turn, one address each.
    init(_ answers: [String: [String]]) {
        self.answers = Mutex(answers.mapValues { $0.map { [IPAddress($0)!] } })
    }

    /// Each name's one answer, of several addresses in order.
    init(answering answers: [String: [String]]) {
        self.answers = Mutex(answers.mapValues { [$0.map { IPAddress($0)! }] })
    }

    /// How many lookups were made.
    var lookups: Int { asked.withLock { $0 } }

    func addresses(of host: String) async throws -> [IPAddress] {
        asked.withLock { $0 += 1 }
        return try answers.withLock { answers in
            guard let queue = answers[host], let first = queue.first else {
                throw HostResolutionError(description: "\(host) is not in the script")
            }
            if queue.count > 1 { answers[host] = Array(queue.dropFirst()) }
            return first
        }
    }
}

/// The loopback certificate of `Tests/Fixtures/tls`.
enum LoopbackCertificate {
    static let folder = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/tls")

    static func certificate() throws -> NIOSSLCertificate {
        let certificates = try NIOSSLCertificate.fromPEMFile(folder.appendingPathComponent("loopback-cert.pem").path)
        guard let certificate = certificates.first else { throw NIOSSLError.failedToLoadCertificate }
        return certificate
    }

    static func privateKey() throws -> NIOSSLPrivateKey {
        try NIOSSLPrivateKey(file: folder.appendingPathComponent("loopback-key.pem").path, format: .pem)
    }

    /// A client configuration that trusts the loopback certificate (and nothing else).
    static func trustingClient() throws -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates([try certificate()])
        return configuration
    }
}
