import AsyncHTTPClient
import NIOCore
import Synchronization

/// AsyncHTTPClient clients, each pinned with `dnsOverride` to one address that was checked: the
/// client connects to that address and nowhere else, while the `Host` header, TLS SNI and the
/// certificate check still use the URL's host name. Clients are kept by (host, address) so that
/// posts to one webhook host reuse their connections; one unused for a minute is shut down, and
/// at most ``capacity`` are kept (past that a client serves one exchange and is shut down).
final class PinnedClients: Sendable {
    /// The clients every fetcher shares, like AsyncHTTPClient's own shared client.
    static let shared = PinnedClients()

    private struct Key: Hashable {
        /// The host as AsyncHTTPClient names the connection target (`example.org`, `[::1]`).
        var host: String
        var address: IPAddress
    }

    private struct Entry {
        var client: HTTPClient
        var users: Int
        var lastUsed: ContinuousClock.Instant
    }

    private let entries = Mutex<[Key: Entry]>([:])
    private let capacity = 32
    private let idleLimit = Duration.seconds(60)

    /// Runs `body` with a client that connects `host` to `address` only.
    func withClient<T: Sendable>(
        host: String, address: IPAddress, _ body: (HTTPClient) async throws -> T
    ) async throws -> T {
        let key = Key(host: host, address: address)
        let (client, kept, retired) = lease(key)
        for old in retired { try? await old.shutdown() }
        let result: Result<T, any Error>
        do {
            result = .success(try await body(client))
        } catch {
            result = .failure(error)
        }
        if kept {
            entries.withLock { entries in
                entries[key]?.users -= 1
                entries[key]?.lastUsed = .now
            }
        } else {
            try? await client.shutdown()
        }
        return try result.get()
    }

    /// The client for `key` (kept, or a one-off when the cache is full of clients in use), and
    /// the idle clients taken out of the cache, to be shut down.
    private func lease(_ key: Key) -> (HTTPClient, kept: Bool, retired: [HTTPClient]) {
        entries.withLock { entries in
            let now = ContinuousClock.now
            var retired: [HTTPClient] = []
            for (other, entry) in entries where other != key && entry.users == 0 && now - entry.lastUsed > idleLimit {
                retired.append(entry.client)
                entries[other] = nil
            }
            if var entry = entries[key] {
                entry.users += 1
                entry.lastUsed = now
                entries[key] = entry
                return (entry.client, true, retired)
            }
            if entries.count >= capacity,
                let idlest = entries.filter({ $0.value.users == 0 }).min(by: { $0.value.lastUsed < $1.value.lastUsed })
            {
                retired.append(idlest.value.client)
                entries[idlest.key] = nil
            }
            let client = Self.makeClient(host: key.host, address: key.address)
            guard entries.count < capacity else { return (client, false, retired) }
            entries[key] = Entry(client: client, users: 1, lastUsed: now)
            return (client, true, retired)
        }
    }

    private static func makeClient(host: String, address: IPAddress) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10)),
            connectionPool: .init(idleTimeout: .seconds(55)), decompression: .disabled)
        configuration.dnsOverride = [host: address.description]
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }
}
