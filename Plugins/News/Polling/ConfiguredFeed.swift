import Foundation
import HomeroomCore

extension NewsPlugin {
    /// A feed the configuration lists (`feeds`): added as a source of the school's news when missing.
    public struct ConfiguredFeed: Decodable, Sendable, Equatable {
        /// The feed's address (RSS or Atom, http or https).
        public var url: String
        /// The source's name, as `/news sources` and `/news from` show it.
        public var name: String

        enum CodingKeys: String, CodingKey, CaseIterable { case url, name }

        /// A feed at `url` called `name`.
        public init(url: String, name: String) {
            self.url = url
            self.name = name
        }

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            url = try container.decode(String.self, forKey: .url)
            name = try container.decode(String.self, forKey: .name)
        }

        /// The most feeds one section may list.
        static let maximumCount = 100
        /// The longest name accepted.
        static let maximumNameLength = 200

        /// `feeds` checked: at most ``maximumCount``, each address http or https, each name 1 to
        /// ``maximumNameLength`` characters, no address or name twice; addresses as sources keep them.
        static func checked(_ feeds: [ConfiguredFeed]) throws(UserFacingError) -> [ConfiguredFeed] {
            guard feeds.count <= maximumCount else {
                throw UserFacingError("feeds may list at most \(maximumCount) feeds")
            }
            var checked: [ConfiguredFeed] = []
            for (index, feed) in feeds.enumerated() {
                guard let url = URL(string: feed.url), url.isWebAddress else {
                    throw UserFacingError("feeds[\(index)].url must be an http or https address")
                }
                let name = feed.name.trimmingCharacters(in: .whitespaces)
                guard (1...maximumNameLength).contains(name.count) else {
                    throw UserFacingError("feeds[\(index)].name must be 1 to \(maximumNameLength) characters")
                }
                if let other = checked.firstIndex(where: { $0.url == url.absoluteString }) {
                    throw UserFacingError("feeds[\(index)].url repeats feeds[\(other)]")
                }
                if let other = checked.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) {
                    throw UserFacingError("feeds[\(index)].name repeats feeds[\(other)]")
                }
                checked.append(ConfiguredFeed(url: url.absoluteString, name: name))
            }
            return checked
        }
    }
}
