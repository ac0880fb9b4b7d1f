import Foundation
import HomeroomCore
import HomeroomFetch
import HomeroomTestbed
import HomeroomTesting
import Testing

@testable import HomeroomSlack
@testable import HomeroomWebhooks

/// The Web API client under the Slack bot: what it sends, and how it sorts Slack's answers into
/// failures to retry and failures to give up.
@Suite struct SlackBotWebAPITests {
    /// A client of the API at `baseURL`, through a fetcher allowed to reach 127.0.0.1. The wait for
    /// an answer is long by default: the loopback servers of a test's ten cases answer late while
    /// the whole suite runs on two cores, and only `noAnswerIsRetried` is about the wait itself.
    static func api(
        _ baseURL: URL, bot: String? = SlackAPIServer.botToken, app: String? = SlackAPIServer.appToken,
        timeout: Duration = .seconds(30)
    ) throws -> SlackWebAPI {
        let fetcher = HTTPFetcher(policy: try FetchPolicy(allowedHosts: [LoopbackHTTPServer.host]))
        return SlackWebAPI(baseURL: baseURL, botToken: bot, appToken: app, fetcher: fetcher, timeout: timeout)
    }

    /// The failure of posting "soup" to C0CAFE through the API `receiver` serves.
    static func postFailure(to receiver: LoopbackHTTPServer) async throws -> SlackAPIFailure {
        let api = try Self.api(receiver.url("/api"))
        return try #require(
            await Self.failure { () async throws(SlackAPIFailure) in
                _ = try await api.postMessage(channel: "C0CAFE", text: "soup")
            })
    }

    /// The failure `body` throws, or nil when it succeeds.
    static func failure(_ body: () async throws(SlackAPIFailure) -> Void) async -> SlackAPIFailure? {
        do throws(SlackAPIFailure) {
            try await body()
            return nil
        } catch {
            return error
        }
    }

    @Test func postMessageSendsJSONWithTheBearerTokenAndNoUnfurling() async throws {
        let receiver = try await LoopbackHTTPServer.start()
        defer { Task { await receiver.stop() } }
        // https://api.slack.com/methods/chat.postMessage — "Example responses"
        receiver.serve(
            "/api/chat.postMessage",
            .text(#"{"ok": true, "channel": "C123ABC456", "ts": "1503435956.000247"}"#, contentType: "application/json")
        )
        let ts = try await Self.api(receiver.url("/api")).postMessage(
            channel: "C123ABC456", text: "soup", threadTS: "1503435956.000100")
        #expect(ts == "1503435956.000247")
        let request = try #require(receiver.requests.first)
        #expect(request.method == "POST")
        #expect(request.headers["content-type"] == "application/json; charset=utf-8")
        #expect(request.headers["authorization"] == "Bearer \(SlackAPIServer.botToken)")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
        #expect(body["channel"] as? String == "C123ABC456")
        #expect(body["text"] as? String == "soup")
        #expect(body["thread_ts"] as? String == "1503435956.000100")
        #expect(body["unfurl_links"] as? Bool == false)
        #expect(body["unfurl_media"] as? Bool == false)
    }

    @Test func theSocketURLComesWithTheAppLevelTokenOnly() async throws {
        let slack = try await SlackAPIServer.start()
        defer { Task { await slack.stop() } }
        let socket = try #require(URL(string: "ws://127.0.0.1:9/link/?ticket=1"))
        slack.setSocketURL(socket)
        let opened = try await Self.api(slack.apiBaseURL).openSocketConnection()
        #expect(opened == socket)

        let wrongToken = try Self.api(slack.apiBaseURL, app: SlackAPIServer.botToken)
        let refused = try #require(
            await Self.failure { () async throws(SlackAPIFailure) in
                _ = try await wrongToken.openSocketConnection()
            })
        #expect(refused.refusedToken)
        #expect(refused.delivery.isPermanent)
        #expect(
            refused.description
                == "Slack refused the app-level token: invalid_auth — set a valid webhooks.slack.appToken"
        )

        let noToken = try Self.api(slack.apiBaseURL, app: nil)
        let missing = try #require(
            await Self.failure { () async throws(SlackAPIFailure) in
                _ = try await noToken.openSocketConnection()
            })
        #expect(!missing.refusedToken)
        #expect(missing.description == "Slack: set webhooks.slack.appToken to call apps.connections.open")
        #expect(slack.calls(to: "apps.connections.open") == 2)
    }

    @Test(arguments: [
        (503, "{}", "Slack answered 503 to chat.postMessage", false),
        (404, "no such method", "Slack refused chat.postMessage with HTTP 404", true),
        (200, "<html>maintenance</html>", "Slack's answer to chat.postMessage was not JSON", false),
        (200, #"{"ok": true}"#, "Slack's answer to chat.postMessage: ts is missing", false),
    ])
    func answersThatAreNotASuccessAreSorted(status: Int, body: String, expected: String, permanent: Bool) async throws {
        let receiver = try await LoopbackHTTPServer.start()
        defer { Task { await receiver.stop() } }
        receiver.serve("/api/chat.postMessage", .init(status: status, body: Array(body.utf8)))
        let failure = try await Self.postFailure(to: receiver)
        #expect(failure.description == expected)
        #expect(failure.delivery.isPermanent == permanent)
        #expect(failure.code == nil)
    }

    @Test func noAnswerIsRetried() async throws {
        let refusing = try UnansweredLoopbackPort()
        let api = try Self.api(refusing.url("/api"), timeout: .seconds(1))
        let failure = try #require(
            await Self.failure { () async throws(SlackAPIFailure) in
                _ = try await api.postMessage(channel: "C0CAFE", text: "soup")
            })
        #expect(failure.description.hasPrefix("Slack did not answer chat.postMessage"))
        #expect(!failure.delivery.isPermanent)
        withExtendedLifetime(refusing) {}
    }

    // https://api.slack.com/methods/chat.postMessage — "Errors";
    // https://api.slack.com/methods/conversations.open — "Errors"
    @Test(arguments: [
        ("is_archived", "Slack: C0CAFE is archived — unarchive it or post elsewhere", true),
        ("msg_too_long", "Slack: the message to C0CAFE is too long (40,000 characters at most)", true),
        ("channel_not_found", "Slack: the bot sees no channel C0CAFE — check the id, or invite the bot", true),
        ("user_not_found", "Slack: no user C0CAFE in this workspace", true),
        ("cannot_dm_bot", "Slack: C0CAFE is a bot and takes no direct messages", true),
        ("token_revoked", "Slack refused the bot token: token_revoked — set a valid webhooks.slack.botToken", true),
        ("missing_scope", "Slack: the bot token lacks the scope chat:write — add it and reinstall the app", true),
        ("ratelimited", "Slack rate-limited chat.postMessage", false),
        ("internal_error", "Slack failed chat.postMessage: internal_error", false),
        ("invalid_blocks", "Slack refused chat.postMessage for C0CAFE: invalid_blocks", true),
    ])
    func slackErrorCodesSayWhatToDo(code: String, expected: String, permanent: Bool) async throws {
        let receiver = try await LoopbackHTTPServer.start()
        defer { Task { await receiver.stop() } }
        // https://api.slack.com/methods/chat.postMessage — "Example responses" (an error response)
        receiver.serve(
            "/api/chat.postMessage",
            .text(
                #"{"ok": false, "error": "\#(code)", "needed": "chat:write", "provided": "incoming-webhook"}"#,
                contentType: "application/json"))
        let failure = try await Self.postFailure(to: receiver)
        #expect(failure.description == expected)
        #expect(failure.delivery.isPermanent == permanent)
        #expect(failure.code == code)
        #expect(failure.refusedToken == (code == "token_revoked"))
        #expect((failure.delivery.retryAfter != nil) == (code == "ratelimited"))
    }

    /// A PlatformEvents fuzz input: one letter with 600 combining accents is one
    /// character, so cutting the code at 60 characters kept all 1,200 bytes in the description.
    @Test func aSlackErrorCodeStaysShortInBytes() async throws {
        let receiver = try await LoopbackHTTPServer.start()
        defer { Task { await receiver.stop() } }
        let code = "a" + String(repeating: "\u{0301}", count: 600)
        let needed = "chat:write" + String(repeating: "\u{0301}", count: 600)
        let refusal: [String: Any] = ["ok": false, "error": code]
        let missingScope: [String: Any] = ["ok": false, "error": "missing_scope", "needed": needed]
        let refusalBody = try JSONSerialization.data(withJSONObject: refusal)
        let missingScopeBody = try JSONSerialization.data(withJSONObject: missingScope)
        receiver.serve("/api/chat.postMessage", .init(status: 200, body: Array(refusalBody)))
        receiver.serve("/api/conversations.open", .init(status: 200, body: Array(missingScopeBody)))
        let api = try Self.api(receiver.url("/api"))
        let refused = try #require(
            await Self.failure { () async throws(SlackAPIFailure) in
                _ = try await api.postMessage(channel: "C0CAFE", text: "soup")
            })
        #expect(refused.description == "Slack refused chat.postMessage for C0CAFE: …")
        #expect(refused.code == "…")
        #expect(refused.delivery.isPermanent)
        let scoped = try #require(
            await Self.failure { () async throws(SlackAPIFailure) in
                _ = try await api.openDirectMessage(user: "U0CAFE")
            })
        #expect(scoped.description == "Slack: the bot token lacks the scope chat:writ… — add it and reinstall the app")
    }
}
