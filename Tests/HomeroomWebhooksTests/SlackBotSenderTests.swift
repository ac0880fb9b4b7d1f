import Events
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTestbed
import HomeroomTesting
import InstalledPlatforms
import Testing

@testable import HomeroomSlack
@testable import HomeroomWebhooks

/// Notifications through the Slack bot token, against a loopback Slack Web API: channels through
/// `chat.postMessage`, people through the channel `conversations.open` gives, and the refusals.
@Suite struct SlackBotSenderTests {
    /// A Slack member, as Homeroom names them.
    static let bob = UserID(adapter: "slack", id: "T0SCHOOL:U0BOB")

    /// Runs `body` with a bot, the fake Slack API and an outbox worker delivering the bot's Slack
    /// notifications through ``PlatformSender`` with the bot token configured.
    static func with(
        plugins: [any ConfigurablePlugin.Type] = [],
        _ body: (TestBot, SlackAPIServer, OutboxDeliveryWorker) async throws -> Void
    ) async throws {
        let slack = try await SlackAPIServer.start()
        do {
            try await TestBot.with(plugins: plugins) { bot in
                var settings = WebhookSettings()
                settings.slack.botToken = SlackAPIServer.botToken
                settings.slack.apiBaseURL = slack.apiBaseURL
                let sender = try #require(
                    SlackPlatform.sender(settings, dependencies: dependencies(bot)))
                let worker = OutboxDeliveryWorker(
                    outbox: bot.runtime.outbox, sender: sender, logger: TestBot.testLogger())
                try await body(bot, slack, worker)
            }
        } catch {
            await slack.stop()
            throw error
        }
        await slack.stop()
    }

    /// What the runtime gives the webhook adapter, from `bot`.
    static func dependencies(_ bot: TestBot) -> WebhookServer.Dependencies {
        WebhookServer.Dependencies(
            dispatcher: bot.runtime.dispatcher, database: bot.runtime.database, outbox: bot.runtime.outbox,
            clock: bot.clock, fetcher: bot.runtime.fetcher, adapterStatus: bot.runtime.adapterStatus,
            roster: bot.runtime.roster, metrics: nil, logger: TestBot.testLogger())
    }

    static func enqueue(_ bot: TestBot, _ target: DeliveryTarget, _ lines: [String], key: String) async throws {
        try await bot.runtime.outbox.enqueue(adapter: "slack", target: target, lines: lines, idempotencyKey: key)
    }

    /// Why the newest given-up message was given up.
    static func lastGivenUp(_ bot: TestBot) async throws -> String? {
        try await bot.runtime.outbox.deadLetters(limit: 1).first?.lastError
    }

    @Test func aChannelNotificationIsPostedWithChatPostMessage() async throws {
        try await Self.with { bot, slack, worker in
            try await Self.enqueue(bot, .channel("C0CAFE"), ["Lunch: soup", "Dessert: pie"], key: "lunch:1")
            #expect(try await worker.deliverDue() == 1)
            let messages = try await slack.messages(count: 1)
            #expect(messages.map(\.channel) == ["C0CAFE"])
            #expect(messages.first?.text == "Lunch: soup\nDessert: pie")
            #expect(messages.first?.threadTS == nil)
            #expect(slack.calls(to: "conversations.open") == 0)
            #expect(try await bot.runtime.outbox.pendingCount() == 0)
        }
    }

    @Test func aPersonIsReachedThroughOneOpenedDirectMessageChannel() async throws {
        try await Self.with { bot, slack, worker in
            try await Self.enqueue(bot, .user(Self.bob), ["first"], key: "note:1")
            #expect(try await worker.deliverDue() == 1)
            try await Self.enqueue(bot, .user(Self.bob), ["second"], key: "note:2")
            #expect(try await worker.deliverDue() == 1)

            let messages = try await slack.messages(count: 2)
            let channel = SlackAPIServer.directChannel(for: "U0BOB")
            #expect(messages.map(\.channel) == [channel, channel])
            #expect(messages.map(\.text) == ["first", "second"])
            #expect(slack.openedDirectMessages == ["U0BOB"], "the channel was opened once, then remembered")
            let remembered = try await AdapterState(adapter: "slack", account: "T0SCHOOL")
                .value(for: "direct:U0BOB", in: bot.runtime.database)
            #expect(remembered == channel)
            // The channel is the member's personal data: `/me forget` deletes it.
            try await bot.expect("/me forget", from: Self.bob.description, verified: true)
            try await bot.expect("/me forget yes", from: Self.bob.description, verified: true, contains: "Done")
            let forgotten = try await AdapterState(adapter: "slack", account: "T0SCHOOL")
                .value(for: "direct:U0BOB", in: bot.runtime.database)
            #expect(forgotten == nil)
        }
    }

    @Test func aRememberedChannelSlackNoLongerKnowsIsOpenedAgain() async throws {
        try await Self.with { bot, slack, worker in
            try await Self.enqueue(bot, .user(Self.bob), ["first"], key: "note:1")
            #expect(try await worker.deliverDue() == 1)
            slack.forgetDirectChannels()
            try await Self.enqueue(bot, .user(Self.bob), ["second"], key: "note:2")
            #expect(try await worker.deliverDue() == 1)
            #expect(slack.openedDirectMessages == ["U0BOB", "U0BOB"])
            #expect(slack.calls(to: "chat.postMessage") == 3, "one post refused with channel_not_found")
            #expect(try await slack.messages(count: 2).map(\.text) == ["first", "second"])
        }
    }

    @Test func aRateLimitIsWaitedOut() async throws {
        try await Self.with { bot, slack, worker in
            slack.rateLimitNextCalls(1)
            let api = SlackWebAPI(
                baseURL: slack.apiBaseURL, botToken: SlackAPIServer.botToken, appToken: nil,
                fetcher: bot.runtime.fetcher, timeout: .seconds(10))
            var failure: DeliveryFailure?
            do throws(SlackAPIFailure) {
                _ = try await api.postMessage(channel: "C0CAFE", text: "too soon")
            } catch {
                failure = error.delivery
            }
            let refused = try #require(failure)
            #expect(refused.retryAfter == 1)
            #expect(!refused.isPermanent)
            #expect(slack.messages.isEmpty)

            slack.rateLimitNextCalls(1)
            try await Self.enqueue(bot, .channel("C0CAFE"), ["later"], key: "lunch:1")
            #expect(try await worker.deliverDue() == 0)
            #expect(try await bot.runtime.outbox.pendingCount() == 1, "a rate limit is retried, not given up")
            bot.clock.advance(by: 5)
            #expect(try await worker.deliverDue() == 1)
            #expect(try await slack.messages(count: 1).map(\.text) == ["later"])
        }
    }

    @Test func aChannelWithoutTheBotIsGivenUpWithTheInviteHint() async throws {
        try await Self.with { bot, slack, worker in
            slack.leaveChannel("C0QUIET")
            try await Self.enqueue(bot, .channel("C0QUIET"), ["hello"], key: "note:1")
            #expect(try await worker.deliverDue() == 0)
            #expect(try await bot.runtime.outbox.pendingCount() == 0, "given up at once")
            let hint = "Slack: the bot is not in C0QUIET — invite it with /invite @Homeroom"
            #expect(try await Self.lastGivenUp(bot) == hint)
        }
    }

    @Test func aRefusedTokenShowsTheAdapterDownUntilItWorksAgain() async throws {
        try await Self.with { bot, slack, worker in
            slack.acceptBotToken("xoxb-another-workspace")
            try await Self.enqueue(bot, .channel("C0CAFE"), ["hello"], key: "note:1")
            #expect(try await worker.deliverDue() == 0)
            let refusal = "Slack refused the bot token: invalid_auth — set a valid webhooks.slack.botToken"
            #expect(try await Self.lastGivenUp(bot) == refusal)
            let down = bot.runtime.adapterStatus.snapshot["slack"]
            #expect(down?.state == .down)
            #expect(down?.detail == refusal)

            slack.acceptBotToken(SlackAPIServer.botToken)
            try await Self.enqueue(bot, .channel("C0CAFE"), ["hello again"], key: "note:2")
            #expect(try await worker.deliverDue() == 1)
            #expect(bot.runtime.adapterStatus.snapshot["slack"]?.state == .up)
        }
    }

    @Test func mentionsOfEveryoneArriveAsText() async throws {
        try await Self.with { bot, slack, worker in
            try await Self.enqueue(bot, .channel("C0CAFE"), ["<!channel> soup & <@U0BOB> @here"], key: "note:1")
            #expect(try await worker.deliverDue() == 1)
            let text = try #require(try await slack.messages(count: 1).first?.text)
            #expect(text == "&lt;!channel&gt; soup &amp; &lt;@\u{2060}U0BOB&gt; @\u{2060}here")
            #expect(!text.contains("<!channel>"))
        }
    }

    @Test func aPersonIdWithoutTheTeamIsGivenUpNamingIt() async throws {
        try await Self.with { bot, slack, worker in
            try await Self.enqueue(bot, .user(UserID(adapter: "slack", id: "U0BOB")), ["hello"], key: "note:1")
            #expect(try await worker.deliverDue() == 0)
            #expect(
                try await Self.lastGivenUp(bot) == "Slack cannot reach slack:U0BOB: a Slack person is slack:TEAM:USER")
            #expect(slack.calls(to: "conversations.open") == 0)
            #expect(slack.calls(to: "chat.postMessage") == 0)
        }
    }

    @Test func aCirclePostReachesASlackMember() async throws {
        try await Self.with(plugins: [EventsPlugin.self]) { bot, slack, worker in
            try await bot.expect("/circle create robotics open", from: "console:ana")
            try await bot.expect("/circle join robotics", from: "slack:T0SCHOOL:U0ADA")
            try await bot.expect(
                #"/circle post robotics "meeting moved to B-201""#, from: "console:ana",
                contains: "1 member will get it")
            #expect(try await worker.deliverDue() == 1)
            let messages = try await slack.messages(count: 1)
            #expect(messages.map(\.channel) == [SlackAPIServer.directChannel(for: "U0ADA")])
            #expect(messages.first?.text == "[robotics] ana: meeting moved to B-201")
            #expect(slack.openedDirectMessages == ["U0ADA"])
        }
    }
}
