import Foundation
import HomeroomCore
import HomeroomFetch
import HomeroomTestbed
import HomeroomTesting
import Testing

@testable import HomeroomWebhooks

/// Bearer JWTs checked against keys published on a loopback server: signature, times, issuer,
/// audience, the algorithm, and the key cache with its refetches.
@Suite struct SignedTokenTests {
    /// The claims the tests read back.
    struct Claims: Decodable, Sendable {
        let sub: String
    }

    static let issuerName = "https://issuer.example"
    static let audience = "homeroom-app"

    /// A verifier of `issuer`'s keys (through its OpenID metadata unless told) on a clock at a fixed instant.
    static func verifier(_ issuer: TestTokenIssuer, source: SigningKeySource? = nil) throws -> (
        SignedTokenVerifier, TestClock
    ) {
        let clock = TestClock("2026-11-23T12:00:00Z")
        let fetcher = HTTPFetcher(policy: try FetchPolicy(allowedHosts: [LoopbackHTTPServer.host]))
        let verifier = SignedTokenVerifier(
            source: source ?? .openIDMetadata(issuer.openIDMetadataURL), fetcher: fetcher, clock: clock,
            logger: TestBot.testLogger())
        return (verifier, clock)
    }

    /// Standard claims valid for an hour from `clock`'s now, with `changes` applied.
    static func claims(_ clock: TestClock, _ changes: [String: any Sendable] = [:]) -> [String: any Sendable] {
        let now = Int(clock.now.timeIntervalSince1970)
        var claims: [String: any Sendable] = [
            "iss": issuerName, "aud": audience, "sub": "ada", "iat": now, "nbf": now - 60, "exp": now + 3600,
        ]
        for (key, value) in changes { claims[key] = value }
        return claims
    }

    /// The reason `token` is refused for, or nil when it is accepted.
    static func refusal(_ verifier: SignedTokenVerifier, _ token: String, audience: String = audience) async
        -> WebhookRejection?
    {
        do {
            _ = try await verifier.verify(token, issuers: [issuerName], audience: audience, as: Claims.self)
            return nil
        } catch {
            return error
        }
    }

    @Test func aGoodTokenIsAcceptedAndItsClaimsReturned() async throws {
        let issuer = try await TestTokenIssuer.start()
        for source in [SigningKeySource.openIDMetadata(issuer.openIDMetadataURL), .jwks(issuer.keysURL)] {
            let (verifier, clock) = try Self.verifier(issuer, source: source)
            let token = issuer.token(claims: Self.claims(clock))
            let claims = try await verifier.verify(
                token, issuers: [Self.issuerName], audience: Self.audience, as: Claims.self)
            #expect(claims.sub == "ada")
            let listed = issuer.token(claims: Self.claims(clock, ["aud": ["someone-else", Self.audience]]))
            let refusal = await Self.refusal(verifier, listed)
            #expect(refusal == nil, "an audience array naming the app is accepted")
        }
        #expect(issuer.keySetFetches == 2, "each verifier fetched the keys once")
        await issuer.stop()
    }

    @Test func expiredEarlyForeignAndMisaddressedTokensAreRefused() async throws {
        let issuer = try await TestTokenIssuer.start()
        let (verifier, clock) = try Self.verifier(issuer)
        let now = Int(clock.now.timeIntervalSince1970)
        let cases: [(changes: [String: any Sendable], reason: String?)] = [
            (["exp": now - 301], "the token has expired"),
            (["exp": now - 200], nil),  // within the 5 minutes' leeway
            (["nbf": now + 301], "the token is not valid yet"),
            (["nbf": now + 200], nil),
            (["iss": "https://evil.example"], "the token is from another issuer"),
            (["aud": "another-app"], "the token is for another audience"),
            (["aud": ["another-app", "third-app"]], "the token is for another audience"),
        ]
        for (changes, reason) in cases {
            let refusal = await Self.refusal(verifier, issuer.token(claims: Self.claims(clock, changes)))
            #expect(refusal?.message == reason, "\(changes)")
            if reason != nil { #expect(refusal?.status.code == 401) }
        }
        var noExpiry = Self.claims(clock)
        noExpiry["exp"] = nil
        let unbounded = await Self.refusal(verifier, issuer.token(claims: noExpiry))
        #expect(unbounded?.message == "the token has no expiry")
        await issuer.stop()
    }

    @Test func aStrangersSignatureAndOtherAlgorithmsAreRefused() async throws {
        let issuer = try await TestTokenIssuer.start()
        let (verifier, clock) = try Self.verifier(issuer)
        let stranger = await Self.refusal(verifier, issuer.token(claims: Self.claims(clock), signedByStranger: true))
        #expect(stranger?.message == "the token's signature does not match")

        let good = issuer.token(claims: Self.claims(clock))
        let parts = good.split(separator: ".").map(String.init)
        try #require(parts.count == 3)
        func header(_ json: String) -> String { TestTokenIssuer.base64URL(Data(json.utf8)) }
        let kid = issuer.currentKeyID
        let forged = [
            header(#"{"alg":"none","kid":"\#(kid)"}"#) + "." + parts[1] + ".",
            header(#"{"alg":"HS256","kid":"\#(kid)"}"#) + "." + parts[1] + "." + parts[2],
            header(#"{"alg":"RS512","kid":"\#(kid)"}"#) + "." + parts[1] + "." + parts[2],
        ]
        for token in forged {
            let refusal = await Self.refusal(verifier, token)
            #expect(refusal?.message == "the token is not signed with RS256", "\(token.prefix(40))")
        }
        let tampered = parts[0] + "." + TestTokenIssuer.base64URL(Data(#"{"sub":"mallory"}"#.utf8)) + "." + parts[2]
        let tamperedRefusal = await Self.refusal(verifier, tampered)
        #expect(tamperedRefusal?.message == "the token's signature does not match")
        let noKid = header(#"{"alg":"RS256"}"#) + "." + parts[1] + "." + parts[2]
        let noKidRefusal = await Self.refusal(verifier, noKid)
        #expect(noKidRefusal?.message == "the token names no signing key")
        for garbage in ["", "abc", "a.b", "a.b.c.d", "!!.??.**", String(repeating: "a", count: 20_000)] {
            let refusal = await Self.refusal(verifier, garbage)
            #expect(refusal?.status.code == 401, "\(garbage.prefix(20))")
        }
        #expect(await Self.refusal(verifier, good) == nil, "the good token still passes")
        await issuer.stop()
    }

    @Test func aRotatedKeyIsFetchedAndUnknownKeysRefetchAtMostOnceAMinute() async throws {
        let issuer = try await TestTokenIssuer.start()
        let (verifier, clock) = try Self.verifier(issuer)
        #expect(await Self.refusal(verifier, issuer.token(claims: Self.claims(clock))) == nil)
        #expect(issuer.keySetFetches == 1)
        #expect(await Self.refusal(verifier, issuer.token(claims: Self.claims(clock))) == nil)
        #expect(issuer.keySetFetches == 1, "the keys are cached")

        issuer.rotateKey()
        let early = await Self.refusal(verifier, issuer.token(claims: Self.claims(clock)))
        #expect(early?.message == "the token is signed with an unknown key", "within a minute of the last fetch")
        #expect(issuer.keySetFetches == 1)
        clock.advance(by: 60)
        #expect(await Self.refusal(verifier, issuer.token(claims: Self.claims(clock))) == nil, "the new key verifies")
        #expect(issuer.keySetFetches == 2, "the unknown key id caused one refetch")

        let unknown = issuer.token(claims: Self.claims(clock), keyID: "never-published")
        let refused = await Self.refusal(verifier, unknown)
        #expect(refused?.message == "the token is signed with an unknown key")
        #expect(issuer.keySetFetches == 2, "no second refetch within a minute")
        clock.advance(by: 61)
        _ = await Self.refusal(verifier, unknown)
        #expect(issuer.keySetFetches == 3, "a minute later an unknown key id refetches again")

        clock.advance(by: 24 * 60 * 60)
        #expect(await Self.refusal(verifier, issuer.token(claims: Self.claims(clock))) == nil)
        #expect(issuer.keySetFetches == 4, "keys older than a day are fetched again")
        await issuer.stop()
    }

    @Test func keysThatCannotBeFetchedGive503AndOddKeysAreSkipped() async throws {
        let issuer = try await TestTokenIssuer.start()
        let publisher = try await LoopbackHTTPServer.start()
        publisher.serve("/missing", .init(status: 404))
        publisher.serve("/not-json", .text("<html>", contentType: "text/html"))
        let (unreachable, clock) = try Self.verifier(issuer, source: .jwks(publisher.url("/missing")))
        let token = issuer.token(claims: Self.claims(clock))
        let refusal = await Self.refusal(unreachable, token)
        #expect(refusal?.status.code == 503)
        #expect(refusal?.message == "the signing keys could not be fetched")
        let (garbled, _) = try Self.verifier(issuer, source: .openIDMetadata(publisher.url("/not-json")))
        #expect(await Self.refusal(garbled, token)?.status.code == 503)

        // A set as Microsoft and Google publish them, plus entries a reader must skip: an EC key, a key
        // without an id, an RS512 key, a broken RSA key, a number.
        let fetcher = HTTPFetcher(policy: try FetchPolicy(allowedHosts: [LoopbackHTTPServer.host]))
        guard
            case .fetched(let body, _, _) = try await fetcher.fetch(
                FetchRequest(url: issuer.keysURL, provenance: .configured))
        else {
            Issue.record("the issuer's keys could not be read")
            return
        }
        let published = try #require(
            try JSONSerialization.jsonObject(with: Data(body)) as? [String: [[String: String]]])
        let good = try #require(published["keys"]?.first)
        var rs512 = good
        rs512["kid"] = "rs512"
        rs512["alg"] = "RS512"
        var noKid = good
        noKid["kid"] = nil
        let odd: [Any] = [
            [
                "kty": "EC", "crv": "P-256", "kid": "ec", "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
                "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0",
            ],
            noKid, rs512, ["kty": "RSA", "kid": "broken", "n": "AQAB", "e": "AQAB"], 42, good,
        ]
        let mixed = try JSONSerialization.data(withJSONObject: ["keys": odd])
        publisher.serve("/mixed", .text(String(decoding: mixed, as: UTF8.self), contentType: "application/json"))
        let (lenient, _) = try Self.verifier(issuer, source: .jwks(publisher.url("/mixed")))
        #expect(await Self.refusal(lenient, token) == nil, "the good key among odd ones verifies")
        await publisher.stop()
        await issuer.stop()
    }
}
