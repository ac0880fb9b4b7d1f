import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import InstalledPlatforms
import Testing

@testable import HomeroomTeams
@testable import HomeroomWebhooks

/// Whom the Teams bot believes: Teams activities only, under a token signed with a key endorsed for
/// Teams and naming the activity's `https` service URL, from the bot's own tenant when it is
/// single-tenant; and signing keys that cannot be fetched again stop being trusted after 5 days.
/// The checks follow
/// https://learn.microsoft.com/en-us/azure/bot-service/rest-api/bot-framework-rest-connector-authentication
/// — "Step 3: Get the list of valid signing keys" (endorsements, refused with 403) and
/// "Step 4: Verify the JWT token" (the `serviceurl` claim).
@Suite struct TeamsBotTrustTests {
    /// Expects `answer` refused with `status` and `reason`, and says which case it was.
    static func expectRefused(_ answer: WebhookHarness.Answer, _ status: Int, _ reason: String) {
        #expect(answer.status == status, "\(reason)")
        #expect(answer.json["error"] as? String == reason, "\(answer.body)")
    }

    /// Posts a good `/lunch` and waits for its answer: the bot is still up, and only it was answered.
    static func expectOnlyAGoodMessageAnswered(_ teams: TeamsBotFixture, id: String = "1485983408599") async throws {
        #expect(try await teams.post(teams.personalMessage("/lunch tomorrow", id: id)).status == 200)
        let posted = try await teams.botFramework.activities(count: 1)
        #expect(posted.count == 1, "nothing refused was answered: \(posted.map(\.text))")
        #expect(posted.first?.replyTo == id)
    }

    @Test func aDirectLineActivityNamingAnAdminUnderAValidTokenIsRefused() async throws {
        try await TeamsBotFixture.with { teams in
            try await teams.harness.bot.runtime.access.grant(
                "admin", to: TeamsBotFixture.person, by: AuditEntry.commandLine)
            // A Direct Line or Web Chat client names its own user: here the admin's AAD object id and the
            // school's tenant. The token is valid and its key is endorsed for those channels too.
            for channel in ["directline", "webchat"] {
                let forged = try await teams.post(teams.personalMessage("/admin outbox", channelID: channel))
                Self.expectRefused(forged, 403, "the bot takes Teams activities only (channelId msteams)")
            }
            let unnamed = teams.personalMessage("/me").replacingOccurrences(of: #""channelId": "msteams","#, with: "")
            #expect(!unnamed.contains("channelId"))
            Self.expectRefused(
                try await teams.post(unnamed), 403, "the bot takes Teams activities only (channelId msteams)")
            let remembered = try await TeamsConversationReferences(database: teams.harness.bot.runtime.database)
                .person(TeamsBotFixture.person.id)
            #expect(remembered == nil, "a refused activity leaves no conversation reference")
            try await Self.expectOnlyAGoodMessageAnswered(teams)
        }
    }

    @Test func theServiceURLClaimIsRequiredAndMustMatch() async throws {
        try await TeamsBotFixture.with { teams in
            let message = teams.personalMessage("/lunch")
            let missing = try await teams.post(
                message, authorization: "Bearer " + teams.token(removing: ["serviceurl"]))
            Self.expectRefused(missing, 401, "the token has no serviceurl claim")
            let elsewhere = try await teams.post(
                message, authorization: "Bearer " + teams.token(["serviceurl": "https://smba.evil.example/teams/"]))
            Self.expectRefused(elsewhere, 401, "the token is for another serviceUrl")
            // The token names the real connector, the body another one the bot's token would go to.
            let redirected = try await teams.post(
                teams.personalMessage("/lunch", serviceURL: "https://smba.evil.example/teams/"))
            Self.expectRefused(redirected, 401, "the token is for another serviceUrl")
            let noSlash = String(teams.botFramework.serviceURL.dropLast())
            let trimmed = try await teams.post(
                message, authorization: "Bearer " + teams.token(["serviceurl": noSlash]))
            #expect(trimmed.status == 200, "a trailing slash is no difference: \(trimmed.body)")
            _ = try await teams.botFramework.activities(count: 1)
            #expect(teams.botFramework.activities.count == 1)
            // Scheme and host are case-insensitive; the .NET SDK compares the whole URL ignoring case.
            let shouted = teams.botFramework.serviceURL.uppercased()
            #expect(shouted != teams.botFramework.serviceURL)
            let anyCase = try await teams.post(
                teams.personalMessage("/lunch", id: "1485983408522"),
                authorization: "Bearer " + teams.token(["serviceurl": shouted]))
            #expect(anyCase.status == 200, "case is no difference: \(anyCase.body)")
            _ = try await teams.botFramework.activities(count: 2)
            #expect(teams.botFramework.activities.count == 2)
        }
    }

    @Test func anHTTPServiceURLIsRefused() async throws {
        try await TeamsBotFixture.with { teams in
            // Even with the tests' loopback allowance, http elsewhere than on loopback is refused.
            let plain = "http://smba.trafficmanager.net/amer/"
            let answer = try await teams.post(
                teams.personalMessage("/lunch", serviceURL: plain),
                authorization: "Bearer " + teams.token(["serviceurl": plain]))
            Self.expectRefused(answer, 401, "the serviceUrl is not an https address")
            try await Self.expectOnlyAGoodMessageAnswered(teams)
        }
        // As configured in service (the allowance is off), the loopback connector's http is refused too.
        try await TeamsBotFixture.with(configure: { $0.teams.allowsLoopbackHTTPServiceURLs = false }) { teams in
            let answer = try await teams.post(teams.personalMessage("/lunch"))
            Self.expectRefused(answer, 401, "the serviceUrl is not an https address")
            #expect(teams.botFramework.tokenRequests == 0, "the bot's token was never even fetched")
        }
    }

    @Test func aStoredHTTPServiceURLGetsNoTokenAndTheNotificationIsGivenUp() async throws {
        try await TeamsBotFixture.with { teams in
            // A reference kept before service URLs were checked, naming a plain-http connector.
            let plain = "http://smba.trafficmanager.net/amer/"
            let references = TeamsConversationReferences(database: teams.harness.bot.runtime.database)
            try await references.remember(
                .init(serviceUrl: plain, userID: TeamsBotFixture.userID, tenant: TeamsBotFixture.tenant),
                as: TeamsBotFixture.person.id, at: teams.harness.bot.clock.now)
            try await teams.notify(.user(TeamsBotFixture.person), "Robotics: meeting moved", key: "n:1")
            #expect(try await teams.worker().deliverDue() == 0)
            let reasons = try await teams.harness.bot.runtime.outbox.deadLetters().map { $0.lastError ?? "" }
            #expect(
                reasons == ["the Teams service URL \(plain) is not an https address: the bot's token is not sent there"]
            )
            #expect(teams.botFramework.tokenRequests == 0, "the bot's token was never fetched for it")
        }
    }

    @Test func theLoopbackAllowanceCannotBeConfiguredAndDefaultsOff() throws {
        #expect(TeamsSettings().allowsLoopbackHTTPServiceURLs == false)
        let problem = WebhookSettingsTests.problem(#"{"teams": {"allowsLoopbackHTTPServiceURLs": true}}"#)
        #expect(
            problem?.contains("webhooks.teams.allowsLoopbackHTTPServiceURLs: unknown key") == true, "\(problem ?? "")")
        let allowance = true
        #expect(!TeamsServiceURL.isAllowed("http://smba.trafficmanager.net/amer/", allowingLoopbackHTTP: allowance))
        #expect(TeamsServiceURL.isAllowed("http://127.0.0.1:8081/teams/", allowingLoopbackHTTP: allowance))
        #expect(!TeamsServiceURL.isAllowed("http://127.0.0.1:8081/teams/", allowingLoopbackHTTP: false))
        #expect(TeamsServiceURL.isAllowed("https://smba.trafficmanager.net/amer/", allowingLoopbackHTTP: false))
        for odd in ["ftp://smba.example/", "smba.trafficmanager.net/amer/", "https:///amer/", ""] {
            #expect(!TeamsServiceURL.isAllowed(odd, allowingLoopbackHTTP: allowance), "\(odd)")
        }
    }

    @Test func aKeyWhoseEndorsementsLackTeamsIsRefused() async throws {
        try await TeamsBotFixture.with { teams in
            for endorsements in [["directline", "webchat"], []] {
                teams.issuer.rotateKey(endorsements: endorsements)
                teams.harness.bot.clock.advance(by: 60)
                let answer = try await teams.post(teams.personalMessage("/lunch"))
                Self.expectRefused(answer, 403, "the token's signing key is not endorsed for msteams")
            }
            teams.issuer.rotateKey()
            teams.harness.bot.clock.advance(by: 60)
            try await Self.expectOnlyAGoodMessageAnswered(teams)
        }
    }

    @Test func aSingleTenantBotRefusesOtherTenants() async throws {
        let otherTenant = "0d2a4f8e-9c1b-4e33-8a5d-6f7b2c1e9a40"
        try await TeamsBotFixture.with(tenantID: TeamsBotFixture.tenant) { teams in
            let stranger = try await teams.post(teams.personalMessage("/lunch", tenant: otherTenant))
            Self.expectRefused(stranger, 403, "the bot serves its own tenant only (webhooks.teams.tenantID)")
            try await Self.expectOnlyAGoodMessageAnswered(teams)
        }
        // A multi-tenant bot (no tenantID) takes every tenant, as before; their ids carry their tenant.
        try await TeamsBotFixture.with { teams in
            #expect(try await teams.post(teams.personalMessage("/lunch", tenant: otherTenant)).status == 200)
            _ = try await teams.botFramework.activities(count: 1)
        }
    }

    @Test func heldKeysServeThroughAnOutageButNotBeyondFiveDays() async throws {
        try await TeamsBotFixture.with { teams in
            let clock = teams.harness.bot.clock
            #expect(try await teams.post(teams.personalMessage("/lunch", id: "1")).status == 200)
            let fetches = teams.issuer.keySetFetches
            teams.issuer.failKeySet()
            clock.advance(by: 24 * 60 * 60 + 1)
            #expect(try await teams.post(teams.personalMessage("/lunch", id: "2")).status == 200, "a day on")
            #expect(teams.issuer.keySetFetches == fetches + 1, "a refetch was tried and failed")
            clock.advance(by: SignedTokenVerifier.keysMaximumAge - 24 * 60 * 60 - 62)
            #expect(
                try await teams.post(teams.personalMessage("/lunch", id: "3")).status == 200,
                "a minute before the keys are 5 days old")
            clock.advance(by: 61)
            let stale = try await teams.post(teams.personalMessage("/lunch", id: "4"))
            Self.expectRefused(stale, 503, "the signing keys could not be fetched")
            clock.advance(by: 30)
            let withinTheMinute = try await teams.post(teams.personalMessage("/lunch", id: "5"))
            Self.expectRefused(withinTheMinute, 503, "the signing keys could not be fetched")

            teams.issuer.rotateKey()  // the publisher is back, with a new key
            clock.advance(by: 60)
            #expect(try await teams.post(teams.personalMessage("/lunch", id: "6")).status == 200)
            let answered = try await teams.botFramework.activities(count: 4)
            // Each message is answered by a task of its own once acknowledged: the order of the
            // answers is not the order of the questions.
            #expect(answered.compactMap(\.replyTo).sorted() == ["1", "2", "3", "6"])
        }
    }
}
