import AsyncHTTPClient
import Foundation
import HomeroomCore
import Logging
import NIOCore
import NIOHTTP1
import NIOSSL

/// ``HTTPFetching`` on AsyncHTTPClient, fenced: every host is resolved here and each address
/// checked against a ``FetchPolicy`` (by default only public addresses) — on the host of an address
/// an admin set; a link found in content off that host (or on it, when the settings do not name it),
/// or a redirect leaving it, reaches public addresses only (``FetchProvenance``) — and the connection is
/// pinned to the address that was checked, so a name that resolves differently a moment later
/// (DNS rebinding) cannot lead elsewhere. Redirects are followed here, each hop checked again: at
/// most five, never from https to http. One deadline covers the whole exchange — resolution,
/// redirects, headers and body — and the body is capped while it streams in. Conditional
/// requests (ETag, Last-Modified) for feeds.
///
/// A failure is a ``FetchError`` whose message is short and safe for chat; its detail (host,
/// address, the network's words) is written to `logger`.
package struct HTTPFetcher: HTTPFetching {
    private let policy: FetchPolicy
    private let resolver: any HostResolving
    private let tlsConfiguration: TLSConfiguration?
    private let logger: Logger

    /// A fetcher that connects only where `policy` allows, logging each failure's detail to
    /// `logger` (nowhere when not given).
    package init(policy: FetchPolicy = .publicInternetOnly, logger: Logger? = nil) {
        self.init(policy: policy, resolver: SystemHostResolver.shared, tlsConfiguration: nil, logger: logger)
    }

    /// A fetcher with its own resolver and TLS settings (a test's certificate authority).
    package init(
        policy: FetchPolicy, resolver: any HostResolving, tlsConfiguration: TLSConfiguration?, logger: Logger?
    ) {
        self.policy = policy
        self.resolver = resolver
        self.tlsConfiguration = tlsConfiguration
        self.logger = logger ?? Logger(label: "homeroom.fetch", factory: { _ in SwiftLogNoOpLogHandler() })
    }

    package func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let fetcher = self
        let trustedHost = request.provenance.trustedHost(for: request.url, under: policy)
        return try await fenced(request.url, timeout: request.timeout) { deadline in
            var url = request.url
            var followed = 0
            while true {
                let reach = HopReach(of: url, trustedHost: trustedHost, redirected: followed > 0)
                switch try await fetcher.get(url, reach: reach, request: request, deadline: deadline) {
                case .answered(let response):
                    return response
                case .redirected(let location):
                    url = try RedirectRule.target(of: location, from: url, followed: followed)
                    followed += 1
                }
            }
        }
    }

    /// Sends the request and returns whatever the server answered; a redirect is an answer too
    /// (its status), not followed, so a signed body never travels to an address it was not meant for.
    /// A post is held to the settings as far as its ``OutgoingRequest/provenance`` lets them reach.
    package func send(_ request: OutgoingRequest) async throws(FetchError) -> OutgoingResponse {
        let fetcher = self
        let trustedHost = request.provenance.trustedHost(for: request.url, under: policy)
        return try await fenced(request.url, timeout: request.timeout) { deadline in
            let reach = HopReach(of: request.url, trustedHost: trustedHost, redirected: false)
            let target = try await fetcher.pin(request.url, reach: reach)
            var outgoing = fetcher.makeRequest(request.url)
            outgoing.method = HTTPMethod(rawValue: request.method)
            // A caller's own User-Agent (Discord asks bots for its form) replaces Homeroom's.
            if request.headers.contains(where: { $0.name.caseInsensitiveCompare("User-Agent") == .orderedSame }) {
                outgoing.headers.remove(name: "User-Agent")
            }
            for field in request.headers { outgoing.headers.add(name: field.name, value: field.value) }
            outgoing.body = .bytes(request.body)
            return try await PinnedClients.shared.withClient(host: target.host, address: target.address) { client in
                let response = try await client.execute(outgoing, deadline: deadline)
                var body: [UInt8] = []
                let kept = request.maximumResponseBytes
                // The rest is read and dropped, so the connection can serve the next post.
                for try await buffer in response.body where body.count < kept {
                    body.append(contentsOf: buffer.readableBytesView.prefix(kept - body.count))
                }
                return OutgoingResponse(
                    status: Int(response.status.code), retryAfter: response.headers.first(name: "Retry-After"),
                    body: body, headers: response.headers.map { OutgoingRequest.HeaderField($0.name, $0.value) })
            }
        }
    }

    /// What one hop of a fetch gave.
    private enum Hop: Sendable {
        case answered(FetchResponse)
        case redirected(location: String)
    }

    /// One GET to `url`, pinned to its checked address; its body read whole (up to the cap).
    private func get(_ url: URL, reach: HopReach, request: FetchRequest, deadline: NIODeadline) async throws -> Hop {
        let target = try await pin(url, reach: reach)
        var outgoing = makeRequest(url)
        if let etag = request.etag { outgoing.headers.add(name: "If-None-Match", value: etag) }
        if let lastModified = request.lastModified {
            outgoing.headers.add(name: "If-Modified-Since", value: lastModified)
        }
        let limit = request.maximumBytes
        return try await PinnedClients.shared.withClient(host: target.host, address: target.address) { client in
            let response = try await client.execute(outgoing, deadline: deadline)
            let status = Int(response.status.code)
            if status == 304 { return .answered(.notModified) }
            if RedirectRule.redirects(status), let location = response.headers.first(name: "Location") {
                return .redirected(location: location)
            }
            guard (200..<300).contains(status) else {
                throw FetchError(
                    .status(status), message: "the server answered \(Self.statusText(response.status))",
                    detail: "\(target.host) (\(target.address)) answered \(status) \(response.status.reasonPhrase)")
            }
            if let declared = response.headers.first(name: "Content-Length").flatMap(Int.init), declared > limit {
                throw FetchError(
                    .tooLarge, message: "the file is \(declared) bytes, more than the limit of \(limit)",
                    detail: "\(target.host) declared \(declared) bytes, more than the limit of \(limit)")
            }
            var body: [UInt8] = []
            for try await buffer in response.body {
                guard buffer.readableBytes <= limit - body.count else {
                    throw FetchError(
                        .tooLarge, message: "the file is larger than the limit of \(limit) bytes",
                        detail: "\(target.host) sent more than \(limit) bytes")
                }
                body.append(contentsOf: buffer.readableBytesView)
            }
            return .answered(
                .fetched(
                    body: body, etag: response.headers.first(name: "ETag"),
                    lastModified: response.headers.first(name: "Last-Modified")))
        }
    }

    /// Where a connection to `url` goes: its host as AsyncHTTPClient names it, and the first of
    /// its addresses the policy allows with `reach`. Throws when none is allowed or the name does
    /// not resolve.
    private func pin(_ url: URL, reach: HopReach) async throws -> (host: String, address: IPAddress) {
        guard let bare = url.fetchHost else { throw Self.notWebAddress }
        let policy = reach.policy(self.policy)
        let literal = bare.contains("%") ? nil : IPAddress(bare)
        let connectionHost = literal.map { !$0.isIPv4 } == true ? "[\(bare)]" : bare
        let addresses: [IPAddress]
        do {
            addresses = try await resolver.addresses(of: bare)
        } catch let error as HostResolutionError {
            throw FetchError(.unreachable, message: Self.unreachableMessage, detail: error.description)
        }
        switch policy.verdict(host: bare, addresses: addresses) {
        case .allowed(let address):
            return (connectionHost, address)
        case .noAddress:
            throw FetchError(.unreachable, message: Self.unreachableMessage)
        case .refused(let address, let use):
            let resolved = literal == address ? "" : "\(bare) resolves to "
            throw FetchError.forbidden(use, reach: reach, detail: "\(resolved)\(address), a \(use.name) address")
        }
    }

    private func makeRequest(_ url: URL) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.tlsConfiguration = tlsConfiguration
        request.headers.add(name: "User-Agent", value: "Homeroom/1.0 (school chat bot)")
        return request
    }

    /// Runs `exchange` within `timeout`, turning every failure into a ``FetchError`` whose detail
    /// goes to the log.
    private func fenced<T: Sendable>(
        _ url: URL, timeout: Duration, _ exchange: @escaping @Sendable (NIODeadline) async throws -> T
    ) async throws(FetchError) -> T {
        guard url.isWebAddress else { throw Self.notWebAddress }
        let deadline = NIODeadline.now() + TimeAmount(timeout)
        let host = url.host ?? "?"
        do {
            return try await FetchDeadline.run(within: timeout) { try await exchange(deadline) }
        } catch {
            let failure = Self.failure(error, host: host, timeout: timeout)
            logger.info("fetch failed", metadata: ["host": "\(host)", "detail": "\(failure.detail)"])
            throw failure
        }
    }

    /// Why an exchange with `host` failed.
    private static func failure(_ error: any Error, host: String, timeout: Duration) -> FetchError {
        let seconds = timeout.components.seconds
        switch error {
        case let error as FetchError:
            return error
        case is FetchDeadline.Passed:
            return FetchError(
                .timedOut, message: "the site did not answer within \(seconds) s",
                detail: "no complete answer from \(host) within \(timeout)")
        case let error as HTTPClientError where error == .deadlineExceeded:
            return FetchError(
                .timedOut, message: "the site did not answer within \(seconds) s",
                detail: "no answer from \(host) within \(timeout)")
        case is CancellationError:
            return FetchError(.failed, message: "the fetch was stopped", detail: "the fetch from \(host) was cancelled")
        default:
            return FetchError(.unreachable, message: unreachableMessage, detail: "\(host): \(error)")
        }
    }

    private static let unreachableMessage = "the site could not be reached"

    private static let notWebAddress = FetchError(.notWebAddress, message: "only http and https addresses are fetched")

    /// `404 Not Found`; only the code when it is not a standard one, so a server's own words never reach chat.
    private static func statusText(_ status: HTTPResponseStatus) -> String {
        if case .custom = status { return "\(status.code)" }
        return "\(status.code) \(status.reasonPhrase)"
    }
}
