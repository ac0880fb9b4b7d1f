import Foundation
import HomeroomCore
import JWTKit
import Logging

/// Bearer JWTs (RS256) checked against published keys, fetched through HomeroomFetch and cached
/// (refetched after 24 h, or at once — at most once a minute — when a token names an unknown key id).
/// While the publisher cannot be reached the keys held are used until they are 5 days old; after
/// that every token is refused, so that a key the publisher withdrew is not trusted for good.
package actor SignedTokenVerifier {
    private let source: SigningKeySource
    private let fetcher: any HTTPFetching
    private let clock: any HomeroomClock
    private let logger: Logger
    private var keys: PublishedSigningKeys?
    /// When the last fetch started, successful or not.
    private var lastAttempt: Date?
    /// The fetch under way, which concurrent verifications wait for instead of fetching again.
    private var fetching: Task<Result<PublishedSigningKeys, PublishedSigningKeys.Failure>, Never>?

    /// How long a fetched key set is used before it is fetched again.
    static let keysLifetime: TimeInterval = 24 * 60 * 60
    /// How long a fetched key set is trusted at most, when it cannot be fetched again: the 5 days the
    /// Bot Framework SDK caches its keys for.
    /// https://learn.microsoft.com/en-us/azure/bot-service/rest-api/bot-framework-rest-connector-authentication
    /// — "Step 3: Get the list of valid signing keys"
    static let keysMaximumAge: TimeInterval = 5 * 24 * 60 * 60
    /// The least time between two fetches caused by unknown key ids.
    static let unknownKeyRefetchInterval: TimeInterval = 60

    package init(source: SigningKeySource, fetcher: any HTTPFetching, clock: any HomeroomClock, logger: Logger) {
        self.source = source
        self.fetcher = fetcher
        self.clock = clock
        self.logger = logger
    }

    /// Checks the signature, `exp`/`nbf` against the clock with 5 minutes' leeway, that `iss` is one of
    /// `issuers` and `aud` is (or contains) `audience`; returns the token's claims decoded as `Claims`.
    /// With `endorsement`, the signing key's published endorsements must name it (the Bot Framework's
    /// channel id). Throws `WebhookRejection` 401 with a short reason, 403 for a key not endorsed, or
    /// 503 when the signing keys could not be fetched.
    package func verify<Claims: Decodable & Sendable>(
        _ token: String, issuers: Set<String>, audience: String, endorsement: String? = nil, as claims: Claims.Type
    ) async throws(WebhookRejection) -> Claims {
        let jwt = try CompactJWT(token)
        // Only RS256: a token naming `none` or an HMAC algorithm is refused before any key is looked at.
        guard jwt.header.alg == "RS256" else { throw .unauthorized("the token is not signed with RS256") }
        guard let kid = jwt.header.kid, !kid.isEmpty else { throw .unauthorized("the token names no signing key") }
        let keys = try await keys(naming: kid)
        guard keys.keyIDs.contains(kid) else { throw .unauthorized("the token is signed with an unknown key") }
        let signatureMatches: Bool
        do {
            let algorithm = try await keys.collection.getKey(for: JWKIdentifier(string: kid), alg: "RS256")
            signatureMatches = try algorithm.verify(jwt.signature, signs: jwt.signingInput) && algorithm.name == "RS256"
        } catch {
            logger.debug("signature check of a token signed with key \(kid) failed: \(error)")
            signatureMatches = false
        }
        guard signatureMatches else { throw .unauthorized("the token's signature does not match") }
        // https://learn.microsoft.com/en-us/azure/bot-service/rest-api/bot-framework-rest-connector-authentication
        // — "Step 3: Get the list of valid signing keys": a key not endorsed for the channel is refused with 403.
        if let endorsement, keys.endorsements[kid]?.contains(endorsement) != true {
            throw WebhookRejection(.forbidden, "the token's signing key is not endorsed for \(endorsement)")
        }
        let payload = Data(jwt.payload)
        let registered: RegisteredClaims
        do {
            registered = try JSONDecoder().decode(RegisteredClaims.self, from: payload)
        } catch {
            throw .unauthorized("the token's claims could not be read")
        }
        try registered.check(issuers: issuers, audience: audience, now: clock.now)
        do {
            return try JSONDecoder().decode(Claims.self, from: payload)
        } catch {
            logger.debug("a verified token's claims did not decode as \(Claims.self): \(error)")
            throw .unauthorized("the token's claims could not be read")
        }
    }

    /// The cached keys, fetched again when they are older than a day or lack `kid`; at most one fetch
    /// a minute, so that a flood of tokens naming made-up keys (or a publisher that is down) costs
    /// one fetch a minute. Keys older than ``keysMaximumAge`` are never used.
    private func keys(naming kid: String) async throws(WebhookRejection) -> PublishedSigningKeys {
        let now = clock.now
        let mayFetch = lastAttempt.map { now.timeIntervalSince($0) >= Self.unknownKeyRefetchInterval } ?? true
        let trusted = keys.flatMap { now.timeIntervalSince($0.fetchedAt) < Self.keysMaximumAge ? $0 : nil }
        if let trusted,
            !mayFetch || (now.timeIntervalSince(trusted.fetchedAt) < Self.keysLifetime && trusted.keyIDs.contains(kid))
        {
            return trusted
        }
        let unavailable = WebhookRejection(.serviceUnavailable, "the signing keys could not be fetched")
        guard mayFetch || fetching != nil else { throw unavailable }
        switch await refresh() {
        case .success(let fresh):
            return fresh
        case .failure(let failure):
            guard let trusted else {
                if keys == nil {
                    logger.error("the signing keys could not be fetched: \(failure)")
                } else {
                    logger.error(
                        "the signing keys could not be fetched again, and the ones held are too old to trust: \(failure)"
                    )
                }
                throw unavailable
            }
            logger.warning("the signing keys could not be fetched again, the ones held are used: \(failure)")
            return trusted
        }
    }

    /// Fetches the keys, or waits for the fetch already under way.
    private func refresh() async -> Result<PublishedSigningKeys, PublishedSigningKeys.Failure> {
        if let fetching { return await fetching.value }
        let (source, fetcher, logger, now) = (source, fetcher, logger, clock.now)
        lastAttempt = now
        let task = Task {
            await PublishedSigningKeys.fetch(from: source, fetcher: fetcher, now: now, logger: logger)
        }
        fetching = task
        let result = await task.value
        fetching = nil
        if case .success(let fresh) = result {
            keys = fresh
            logger.info("fetched \(fresh.keyIDs.count) signing keys for \(source)")
        }
        return result
    }
}
