import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTestbed
import HomeroomTesting
import InstalledPlatforms
import Lunch
import Testing

@testable import HomeroomDiscord
@testable import HomeroomWebhooks

/// A bot on a real SQLite database whose Discord notifications go through the bot token to a
/// loopback fake of Discord's REST API.
struct DiscordBotSetup {
    static let token = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.Gx-test.bot-token"

    let bot: TestBot
    let discord: DiscordAPIServer
    let sender: PlatformSender

    /// The outbox worker for Discord, through ``sender``.
    var worker: OutboxDeliveryWorker {
        OutboxDeliveryWorker(outbox: bot.runtime.outbox, sender: sender, logger: TestBot.testLogger())
    }

    /// Starts the fake and a bot whose settings post through it with `token`, runs `body`, stops both.
    static func with(
        plugins: [any ConfigurablePlugin.Type] = [LunchPlugin.self], at instant: String = "2026-11-23T08:00:00-05:00",
        token: String = Self.token, _ body: (DiscordBotSetup) async throws -> Void
    ) async throws {
        try await DiscordAPIServer.with(token: Self.token) { discord in
            try await TestBot.with(plugins: plugins, at: instant) { bot in
                var settings = WebhookSettings()
                settings.discord.botToken = token
                settings.discord.apiBaseURL = discord.baseURL
                let dependencies = WebhookServer.Dependencies(
                    dispatcher: bot.runtime.dispatcher, database: bot.runtime.database, outbox: bot.runtime.outbox,
                    clock: bot.clock, fetcher: bot.runtime.fetcher, adapterStatus: bot.runtime.adapterStatus,
                    roster: bot.runtime.roster, metrics: nil, logger: TestBot.testLogger())
                let sender = try #require(DiscordPlatform.sender(settings, dependencies: dependencies))
                try await body(DiscordBotSetup(bot: bot, discord: discord, sender: sender))
            }
        }
    }

    /// Queues `lines` for `target` on Discord.
    func enqueue(_ target: DeliveryTarget, _ lines: [String], key: String) async throws {
        try await bot.runtime.outbox.enqueue(adapter: "discord", target: target, lines: lines, idempotencyKey: key)
    }

    /// Why the newest given-up message failed.
    func lastGivenUpReason() async throws -> String? {
        try await bot.runtime.outbox.deadLetters(limit: 1).first?.lastError
    }

    /// The Create Message requests the fake received.
    var messageRequests: [DiscordAPIServer.Request] {
        discord.requests.filter { $0.path.hasSuffix("/messages") }
    }

    /// Seconds between two arrivals.
    static func seconds(from first: DiscordAPIServer.Request, to second: DiscordAPIServer.Request) -> Double {
        let (seconds, attoseconds) = (second.arrivedAt - first.arrivedAt).components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

@Suite struct DiscordBotSenderTests {
    @Test func aChannelPostIsEscapedSentWithTheTokenAndMentionsNobody() async throws {
        try await DiscordBotSetup.with { setup in
            setup.discord.addChannel("1100000000000000111")
            try await setup.enqueue(
                .channel("1100000000000000111"), ["Lunch: soup", "@everyone come to <@123>"], key: "lunch:2026-11-23")
            #expect(try await setup.worker.deliverDue() == 1)

            let messages = setup.discord.messages(in: "1100000000000000111")
            let message = try #require(messages.first)
            #expect(messages.count == 1)
            #expect(message.content.hasPrefix("Lunch: soup\n@\u{2060}everyone"), "\(message.content)")
            #expect(!message.content.contains("@everyone") && !message.content.contains("<@123>"))
            #expect(message.allowedMentionsParse == [])
            #expect(message.nonce == "lunch:2026-11-23", "a key that fits is the nonce itself")
            let request = try #require(setup.messageRequests.first)
            #expect(request.authorization == "Bot \(DiscordBotSetup.token)")
            #expect(request.userAgent == "DiscordBot (https://github.com/homeroom, 1.0)")
            #expect(request.body.contains(#""enforce_nonce":true"#))
            #expect(try await setup.bot.runtime.outbox.pendingCount() == 0)
            #expect(setup.bot.runtime.adapterStatus.snapshot["discord"]?.state == .up)
        }
    }

    @Test func aMemberGetsTwoDirectMessagesThroughOneDMChannel() async throws {
        try await DiscordBotSetup.with { setup in
            let member = try #require(UserID("discord:1200000000000000001:2200000000000000002"))
            try await setup.enqueue(.user(member), ["first"], key: "first")
            try await setup.enqueue(.user(member), ["second"], key: "second")
            #expect(try await setup.worker.deliverDue() == 2)

            let channel = try #require(setup.discord.directChannel(with: "2200000000000000002"))
            #expect(setup.discord.messages(in: channel).map(\.content) == ["first", "second"])
            #expect(setup.discord.requests.filter { $0.path.hasSuffix("/users/@me/channels") }.count == 1)
            #expect(setup.discord.requests.first?.body == #"{"recipient_id":"2200000000000000002"}"#)
            let remembered = try await AdapterState(adapter: "discord", account: "bot")
                .value(for: "direct:2200000000000000002", in: setup.bot.runtime.database)
            #expect(remembered == channel)
        }
    }

    @Test func aDMChannelDiscordNoLongerKnowsIsOpenedAgainOnce() async throws {
        try await DiscordBotSetup.with { setup in
            let member = try #require(UserID("discord:dm:2200000000000000003"))
            try await setup.enqueue(.user(member), ["first"], key: "first")
            #expect(try await setup.worker.deliverDue() == 1)
            let old = try #require(setup.discord.directChannel(with: "2200000000000000003"))
            setup.discord.deleteDirectChannel(with: "2200000000000000003")

            try await setup.enqueue(.user(member), ["second"], key: "second")
            #expect(try await setup.worker.deliverDue() == 1)
            let new = try #require(setup.discord.directChannel(with: "2200000000000000003"))
            #expect(new != old)
            #expect(setup.discord.messages(in: new).map(\.content) == ["second"])
            #expect(setup.discord.requests.filter { $0.path.hasSuffix("/users/@me/channels") }.count == 2)
        }
    }

    @Test func anEmptiedBucketIsWaitedOutBeforeTheNextMessage() async throws {
        try await DiscordBotSetup.with { setup in
            setup.discord.addChannel("1100000000000000112")
            setup.discord.limitMessages(to: 1, per: 1)
            try await setup.enqueue(.channel("1100000000000000112"), ["one"], key: "one")
            try await setup.enqueue(.channel("1100000000000000112"), ["two"], key: "two")
            #expect(try await setup.worker.deliverDue() == 2)

            #expect(setup.discord.rateLimitedAnswers == 0, "the sender waited instead of running into a 429")
            let requests = setup.messageRequests
            try #require(requests.count == 2)
            let gap = DiscordBotSetup.seconds(from: requests[0], to: requests[1])
            #expect(gap >= 0.9, "Reset-After 1 was waited out (\(gap) s)")
            #expect(setup.discord.messages.map(\.content) == ["one", "two"])
        }
    }

    @Test func a429IsWaitedOutAndTheMessageSentOnceMore() async throws {
        try await DiscordBotSetup.with { setup in
            setup.discord.addChannel("1100000000000000113")
            setup.discord.rateLimitNextMessage(retryAfter: 0.4)
            try await setup.enqueue(.channel("1100000000000000113"), ["after the wait"], key: "wait")
            #expect(try await setup.worker.deliverDue() == 1)

            let requests = setup.messageRequests
            try #require(requests.count == 2)
            let gap = DiscordBotSetup.seconds(from: requests[0], to: requests[1])
            #expect(gap >= 0.35, "retry_after 0.4 was waited out (\(gap) s)")
            #expect(setup.discord.messages.map(\.content) == ["after the wait"])
        }
    }

    @Test func aGlobal429HoldsEveryRoute() async throws {
        try await DiscordBotSetup.with { setup in
            setup.discord.addChannel("1100000000000000114")
            setup.discord.rateLimitNextMessage(retryAfter: 0.3, global: true)
            try await setup.enqueue(.channel("1100000000000000114"), ["one"], key: "one")
            try await setup.enqueue(.user(try #require(UserID("discord:dm:2200000000000000004"))), ["two"], key: "two")
            #expect(try await setup.worker.deliverDue() == 2)
            #expect(setup.discord.rateLimitedAnswers == 0, "no request went out while the global limit held")
            #expect(setup.discord.messages.map(\.content) == ["one", "two"])
        }
    }

    @Test func aLongRateLimitGoesBackToTheOutboxWithItsWait() async throws {
        try await DiscordBotSetup.with { setup in
            setup.discord.addChannel("1100000000000000115")
            setup.discord.rateLimitNextMessage(retryAfter: 120)
            setup.discord.rateLimitNextMessage(retryAfter: 120)
            try await setup.enqueue(.channel("1100000000000000115"), ["later"], key: "later")
            #expect(try await setup.worker.deliverDue() == 0)
            #expect(setup.messageRequests.count == 1, "a wait over a minute is not slept through")
            setup.bot.clock.advance(by: 60)
            #expect(try await setup.worker.deliverDue() == 0, "Discord asked for 120 s")
            setup.bot.clock.advance(by: 61)
            #expect(try await setup.worker.deliverDue() == 0, "the second scripted 429")
            setup.bot.clock.advance(by: 121)
            #expect(try await setup.worker.deliverDue() == 1)
            #expect(setup.discord.messages.map(\.content) == ["later"])
        }
    }

    @Test func aMessageSentAgainAfterALostAnswerIsPostedOnce() async throws {
        try await DiscordBotSetup.with { setup in
            setup.discord.addChannel("1100000000000000116")
            setup.discord.loseNextAnswer()
            let key = "circle-post:1:discord:1200000000000000001:2200000000000000002"
            try await setup.enqueue(.channel("1100000000000000116"), ["meeting moved to B-201"], key: key)
            #expect(try await setup.worker.deliverDue() == 0, "the answer was lost: the outbox retries")
            #expect(try await setup.bot.runtime.outbox.pendingCount() == 1)
            setup.bot.clock.advance(by: 600)
            #expect(try await setup.worker.deliverDue() == 1)

            #expect(setup.discord.messages.count == 1, "the enforced nonce returned the message already posted")
            let nonces = setup.messageRequests.compactMap { request in
                (try? JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any])?["nonce"]
                    as? String
            }
            #expect(nonces.count == 2)
            #expect(Set(nonces) == [DiscordBotSender.nonce(for: key)])
            #expect(nonces.first?.count == 25, "a long key is hashed to Discord's 25 characters")
        }
    }

    @Test func nonceIsTheKeyWhenItFitsAndAStableHashOtherwise() {
        #expect(DiscordBotSender.nonce(for: "subscription:1:2026-10-30") == "subscription:1:2026-10-30")
        let long = DiscordBotSender.nonce(for: "subscription:1:2026-10-30:x")
        #expect(long.count == 25 && long.allSatisfy(\.isHexDigit))
        #expect(long == DiscordBotSender.nonce(for: "subscription:1:2026-10-30:x"))
        #expect(long != DiscordBotSender.nonce(for: "subscription:1:2026-10-30:y"))
        #expect(DiscordBotSender.nonce(for: "lunch:café").count == 25, "a key beyond ASCII is hashed")
    }

    @Test func aMemberWhoRefusesDirectMessagesIsGivenUpWithTheReason() async throws {
        try await DiscordBotSetup.with { setup in
            setup.discord.refuseDirectMessages(from: "2200000000000000005")
            try await setup.enqueue(
                .user(try #require(UserID("discord:1200000000000000001:2200000000000000005"))), ["hi"], key: "hi")
            #expect(try await setup.worker.deliverDue() == 0)
            #expect(try await setup.bot.runtime.outbox.pendingCount() == 0, "given up at once")
            let reason = try await setup.lastGivenUpReason()
            #expect(
                reason
                    == "discord:1200000000000000001:2200000000000000005 does not accept direct messages from this"
                    + " server's members")
        }
    }

    @Test func channelsBotsCannotReachAreGivenUpWithWhatToDo() async throws {
        try await DiscordBotSetup.with { setup in
            setup.discord.addHiddenChannel("1100000000000000117")
            try await setup.enqueue(.channel("general"), ["hi"], key: "by-name")
            try await setup.enqueue(.channel("1100000000000000117"), ["hi"], key: "hidden")
            try await setup.enqueue(.channel("1100000000000000999"), ["hi"], key: "unknown")
            try await setup.enqueue(.user(try #require(UserID("discord:dm:someone"))), ["hi"], key: "not-an-id")
            #expect(try await setup.worker.deliverDue() == 0)
            #expect(try await setup.bot.runtime.outbox.pendingCount() == 0)

            let reasons = try await setup.bot.runtime.outbox.deadLetters(limit: 10)
                .reduce(into: [String: String]()) { $0[$1.message.idempotencyKey] = $1.lastError ?? "" }
            #expect(reasons["by-name"]?.contains("Discord bots post to channel ids, not to general") == true)
            #expect(reasons["by-name"]?.contains("Developer Mode → Copy Channel ID") == true)
            #expect(reasons["hidden"]?.contains("Missing Access") == true)
            #expect(reasons["hidden"]?.contains("invite it to the server") == true)
            #expect(reasons["unknown"]?.contains("Unknown Channel") == true)
            #expect(reasons["not-an-id"] == "discord:dm:someone is not a Discord user id (discord:GUILD:USER)")
            #expect(setup.messageRequests.count == 2, "only the channel ids were tried")
        }
    }

    @Test func aRefusedTokenIsGivenUpAndMarksDiscordDown() async throws {
        try await DiscordBotSetup.with(token: "a-revoked-token") { setup in
            setup.discord.addChannel("1100000000000000118")
            try await setup.enqueue(.channel("1100000000000000118"), ["hi"], key: "hi")
            #expect(try await setup.worker.deliverDue() == 0)
            #expect(try await setup.bot.runtime.outbox.pendingCount() == 0)
            #expect(try await setup.lastGivenUpReason()?.hasPrefix("Discord refused the bot token (401)") == true)
            let status = setup.bot.runtime.adapterStatus.snapshot["discord"]
            #expect(status?.state == .down)
            #expect(status?.detail == "Discord refused the bot token")
        }
    }

    @Test func aServerErrorIsRetried() async throws {
        try await DiscordBotSetup.with { setup in
            setup.discord.addChannel("1100000000000000119")
            setup.discord.loseNextAnswer()
            try await setup.enqueue(.channel("1100000000000000119"), ["hi"], key: "hi")
            #expect(try await setup.worker.deliverDue() == 0)
            #expect(try await setup.bot.runtime.outbox.pendingCount() == 1)
            #expect(try await setup.bot.runtime.outbox.deadLetterCount() == 0)
        }
    }

    @Test func aLongMessageIsCutOnALineWithAClosingLine() async throws {
        try await DiscordBotSetup.with { setup in
            setup.discord.addChannel("1100000000000000120")
            let lines = (1...300).map { "line \($0) of the menu" }
            try await setup.enqueue(.channel("1100000000000000120"), lines, key: "long")
            #expect(try await setup.worker.deliverDue() == 1)
            let content = try #require(setup.discord.messages.first?.content)
            #expect(content.count <= 2000)
            let last = try #require(content.split(separator: "\n").last)
            #expect(last.hasPrefix("…"))
            let beforeLast = content.split(separator: "\n").dropLast().last.map(String.init)
            #expect(beforeLast.map { lines.contains($0) } == true, "cut on a line boundary")
        }
    }
}
