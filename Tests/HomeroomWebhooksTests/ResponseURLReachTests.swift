import Foundation
import HomeroomCore
import HomeroomTesting
import InstalledPlatforms
import Testing

@testable import HomeroomMattermost
@testable import HomeroomWebhooks

/// A slash command's `response_url` is named only by the request's body, which a Mattermost command
/// token, not the platform, vouches for: a late answer reaches private and loopback addresses there
/// only on the host of the platform's address an admin set (Slack's `apiBaseURL`, Mattermost's
/// `serverURL`) when `fetch.allowedHosts` names it too, and public addresses otherwise. The tests'
/// settings list 127.0.0.1, where the receiver listens. The request's fields follow
/// https://developers.mattermost.com/integrate/slash-commands/custom/ — "Basic usage".
@Suite struct ResponseURLReachTests {
    static let answer = Array(#"{"response_type":"ephemeral","text":"done at last"}"#.utf8)

    @Test func aResponseURLReachesTheBotsOwnMachineOnlyOnThePlatformsConfiguredHost() async throws {
        let receiver = try await LoopbackHTTPServer.start()
        receiver.serve("/hooks/commands/late", .init(status: 200, body: Array("ok".utf8)))
        do {
            try await WebhookHarness.with { harness in
                let poster = WebhookPoster(fetcher: harness.bot.runtime.fetcher, timeout: .seconds(10))
                let url = receiver.url("/hooks/commands/late")
                for provenance in [FetchProvenance.requestBody, .linked(from: URL(string: "https://slack.com/api")!)] {
                    do {
                        try await poster.post(Self.answer, to: url, provenance: provenance)
                        Issue.record("posted to \(url) from \(provenance)")
                    } catch {
                        #expect("\(error)".contains("the bot's own machine"), "\(error)")
                    }
                }
                #expect(receiver.requests.isEmpty)
                try await poster.post(Self.answer, to: url, provenance: .linked(from: receiver.url("/")))
                #expect(receiver.requests.count == 1)
            }
        } catch {
            await receiver.stop()
            throw error
        }
        await receiver.stop()
    }

    @Test func aLateMattermostAnswerGoesToTheConfiguredServersResponseURL() async throws {
        let receiver = try await LoopbackHTTPServer.start()
        receiver.serve("/hooks/commands/late", .init(status: 200, body: Array("ok".utf8)))
        do {
            let settings: (inout WebhookSettings) -> Void = {
                $0.mattermost.tokens = [MattermostTrustTests.token]
                $0.mattermost.serverURL = receiver.url("/")
                $0.acknowledgeAfterSeconds = 0.2
            }
            try await WebhookHarness.with(settings: settings) { harness in
                let form = MattermostTrustTests.command(
                    "slow", responseURL: receiver.url("/hooks/commands/late").absoluteString)
                let acknowledged = try await harness.post("/mattermost/commands", text: form)
                #expect(acknowledged.status == 200, "\(acknowledged.body)")
                harness.gate.open()
                let posted = try await receiver.requests(to: "/hooks/commands/late", count: 1)
                #expect(posted.first?.text.contains("done at last") == true, "\(posted.map(\.text))")
            }
        } catch {
            await receiver.stop()
            throw error
        }
        await receiver.stop()
    }

    @Test func mattermostsServerURLMustBeAWebAddress() throws {
        let problem = WebhookSettingsTests.problem(#"{"mattermost": {"serverURL": "chat.school.example"}}"#)
        #expect(problem?.contains("webhooks.mattermost.serverURL") == true, "\(problem ?? "")")
        #expect(MattermostSettings().serverURL == nil)
    }
}
