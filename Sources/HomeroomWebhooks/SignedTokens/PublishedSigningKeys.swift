import Foundation
import HomeroomCore
import JWTKit
import Logging

/// The RS256 keys a platform published, as fetched at one instant.
struct PublishedSigningKeys: Sendable {
    /// The keys by id; jwt-kit checks the signatures.
    let collection: JWTKeyCollection
    /// The key ids in ``collection`` (it falls back to a default key for an unknown id; this does not).
    let keyIDs: Set<String>
    /// The channels each key may sign for, by key id, where the set names them: the Bot Framework's
    /// `endorsements` beside each key (a key without them endorses nothing).
    /// https://learn.microsoft.com/en-us/azure/bot-service/rest-api/bot-framework-rest-connector-authentication
    /// — "Step 3: Get the list of valid signing keys"
    let endorsements: [String: Set<String>]
    let fetchedAt: Date

    /// Why the keys could not be had, for the log.
    struct Failure: Error, Sendable, CustomStringConvertible {
        let description: String
    }

    /// The most keys read from one set; real sets hold a handful.
    static let maximumKeys = 64
    /// The most endorsements read for one key; Microsoft's keys name a few dozen channels.
    static let maximumEndorsements = 256

    /// Fetches the key set `source` names (through its OpenID metadata first, when it names that).
    static func fetch(
        from source: SigningKeySource, fetcher: any HTTPFetching, now: Date, logger: Logger
    ) async -> Result<PublishedSigningKeys, Failure> {
        let keysURL: URL
        // The key set an OpenID document names was found in it: fetched as a link from the document.
        let keysProvenance: FetchProvenance
        switch source {
        case .jwks(let url):
            keysURL = url
            keysProvenance = .configured
        case .openIDMetadata(let url):
            // https://openid.net/specs/openid-connect-discovery-1_0.html — "3. OpenID Provider Metadata"
            struct Metadata: Decodable { let jwks_uri: URL }
            switch await fetchJSON(
                Metadata.self, from: url, provenance: .configured, maximumBytes: 65_536, fetcher: fetcher)
            {
            case .success(let metadata):
                keysURL = metadata.jwks_uri
                keysProvenance = .linked(from: url)
            case .failure(let failure): return .failure(failure)
            }
        }
        switch await fetchJSON(
            KeySet.self, from: keysURL, provenance: keysProvenance, maximumBytes: 1_048_576, fetcher: fetcher)
        {
        case .success(let set): return await read(set, from: keysURL, now: now, logger: logger)
        case .failure(let failure): return .failure(failure)
        }
    }

    /// The usable keys of `set`: RSA keys with an id, for RS256 (or naming no algorithm, as Microsoft's
    /// keys do); any other key is skipped with a note in the log.
    static func read(_ set: KeySet, from url: URL, now: Date, logger: Logger) async -> Result<
        PublishedSigningKeys, Failure
    > {
        let collection = JWTKeyCollection()
        var keyIDs = Set<String>()
        var endorsements: [String: Set<String>] = [:]
        for (index, entry) in set.keys.prefix(maximumKeys).enumerated() {
            guard case .some(var key) = entry.key else {
                logger.warning("skipped signing key \(index) of \(url): not a JSON Web Key")
                continue
            }
            guard let kid = key.keyIdentifier?.string, !kid.isEmpty else {
                logger.warning("skipped signing key \(index) of \(url): it has no key id")
                continue
            }
            guard key.keyType == .rsa, key.algorithm == nil || key.algorithm == .rs256 else {
                logger.debug("skipped signing key \(kid) of \(url): not an RS256 key")
                continue
            }
            key.algorithm = .rs256
            do {
                try await collection.add(jwk: key)
                keyIDs.insert(kid)
                if let endorsed = entry.endorsements {
                    endorsements[kid] = Set(endorsed.prefix(maximumEndorsements))
                }
            } catch {
                logger.warning("skipped signing key \(kid) of \(url): \(error)")
            }
        }
        if set.keys.count > maximumKeys {
            logger.warning("read only the first \(maximumKeys) of \(set.keys.count) signing keys of \(url)")
        }
        guard !keyIDs.isEmpty else { return .failure(Failure(description: "\(url) publishes no RS256 key")) }
        return .success(
            PublishedSigningKeys(collection: collection, keyIDs: keyIDs, endorsements: endorsements, fetchedAt: now))
    }

    private static func fetchJSON<Value: Decodable>(
        _ type: Value.Type, from url: URL, provenance: FetchProvenance, maximumBytes: Int, fetcher: any HTTPFetching
    ) async -> Result<Value, Failure> {
        let body: [UInt8]
        do {
            let response = try await fetcher.fetch(
                FetchRequest(url: url, provenance: provenance, maximumBytes: maximumBytes, timeout: .seconds(10)))
            guard case .fetched(let fetched, _, _) = response else {
                return .failure(Failure(description: "\(url) answered 304 to a request without validators"))
            }
            body = fetched
        } catch {
            return .failure(Failure(description: error.detail))
        }
        do {
            return .success(try JSONDecoder().decode(Value.self, from: Data(body)))
        } catch {
            return .failure(Failure(description: "\(url) is not what was expected: \(error)"))
        }
    }

    /// A JSON Web Key Set (RFC 7517 §5) whose entries are read one by one, so one odd key does not
    /// lose the others.
    struct KeySet: Decodable {
        struct Entry: Decodable {
            private enum CodingKeys: String, CodingKey { case endorsements }

            let key: JWK?
            /// The Bot Framework's `endorsements` (not part of RFC 7517), nil when absent or not strings.
            let endorsements: [String]?

            init(from decoder: any Decoder) throws {
                key = try? JWK(from: decoder)
                endorsements = try? decoder.container(keyedBy: CodingKeys.self)
                    .decodeIfPresent([String].self, forKey: .endorsements)
            }
        }

        let keys: [Entry]
    }
}
