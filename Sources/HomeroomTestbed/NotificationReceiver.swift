import Foundation
import HomeroomTesting

/// A loopback endpoint standing in for a chat platform's incoming webhook, as Slack's is: it
/// answers every post with 200 and deduplicates nothing, so it counts raw posts (a repeat is a
/// second message in the channel) beside the `Idempotency-Key`s they carried.
public final class NotificationReceiver: Sendable {
    /// What arrived: raw posts, and the keys they carried.
    public struct Tally: Sendable, CustomStringConvertible {
        /// Every POST received, repeats included.
        public let rawPosts: Int
        /// Posts without an `Idempotency-Key` header.
        public let postsWithoutKey: Int
        /// How many posts arrived with each key.
        public let postsByKey: [String: Int]

        /// The distinct keys received.
        public var keys: Set<String> { Set(postsByKey.keys) }
        /// Posts beyond the first of their key: messages a channel would show twice.
        public var duplicates: Int { postsByKey.values.reduce(0) { $0 + max(0, $1 - 1) } }

        public var description: String {
            "\(rawPosts) raw posts, \(postsByKey.count) distinct keys, \(duplicates) duplicates"
                + (postsWithoutKey > 0 ? ", \(postsWithoutKey) without a key" : "")
        }
    }

    /// The path posts go to.
    public static let path = "/hooks/notifications"
    private let server: LoopbackHTTPServer

    private init(server: LoopbackHTTPServer) {
        self.server = server
    }

    /// Starts a receiver on 127.0.0.1 and a free port; stop it with ``stop()``.
    public static func start() async throws -> NotificationReceiver {
        let server = try await LoopbackHTTPServer.start()
        server.serve(path, .init(status: 200, body: Array("ok".utf8)))
        return NotificationReceiver(server: server)
    }

    /// The URL to configure as the incoming webhook.
    public var url: URL { server.url(Self.path) }

    /// The count so far.
    public var tally: Tally {
        let posts = server.requests.filter { $0.method == "POST" && $0.path == Self.path }
        var byKey: [String: Int] = [:]
        var withoutKey = 0
        for post in posts {
            if let key = post.headers["idempotency-key"] {
                byKey[key, default: 0] += 1
            } else {
                withoutKey += 1
            }
        }
        return Tally(rawPosts: posts.count, postsWithoutKey: withoutKey, postsByKey: byKey)
    }

    /// Raw posts so far.
    public var rawPosts: Int { server.requests.count { $0.method == "POST" && $0.path == Self.path } }

    /// Stops listening.
    public func stop() async {
        await server.stop()
    }
}
