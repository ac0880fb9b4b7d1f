import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import InstalledPlatforms
import Lunch
import Testing

@testable import HomeroomSlack
@testable import HomeroomWebhooks

/// A lunch bot connected over Socket Mode to a loopback Socket Mode server, with a loopback fake
/// of Slack's Web API handing out that server's address and taking the bot's `chat.postMessage`s.
struct SlackSocketModeRig {
    let bot: TestBot
    let socket: SlackSocketModeServer
    let api: SlackAPIServer
    /// The gate `/slow` waits for.
    let gate: Gate

    /// The bot user mentions address (the fixtures' `authorizations`).
    static let botUser = "U0LAN0Z89"

    /// Starts everything with `appToken`, runs `body` while Socket Mode runs, stops everything.
    static func with(
        appToken: String = SlackAPIServer.appToken, acknowledgeAfter: Double = WebhookHarness.answerInResponseSeconds,
        backend: DatabaseBackend = .sqlite, configure: (inout HomeroomConfiguration) -> Void = { _ in },
        log: LogRecorder? = nil, _ body: (SlackSocketModeRig) async throws -> Void
    ) async throws {
        let socket = try await SlackSocketModeServer.start()
        let api = try await SlackAPIServer.start()
        api.setSocketURL(socket.url)
        let gateName = UUID().uuidString
        do {
            try await TestBot.with(
                plugins: [LunchPlugin.self, GatePlugin.self], at: "2026-11-23T12:00:00-05:00", backend: backend,
                configure: { configuration in
                    configuration.plugins["gate"] = .object(["name": .string(gateName)])
                    configure(&configuration)
                }
            ) { bot in
                var settings = WebhookSettings()
                settings.slack.botToken = SlackAPIServer.botToken
                settings.slack.appToken = appToken
                settings.slack.apiBaseURL = api.apiBaseURL
                settings.acknowledgeAfterSeconds = acknowledgeAfter
                let dependencies = WebhookServer.Dependencies(
                    dispatcher: bot.runtime.dispatcher, database: bot.runtime.database, outbox: bot.runtime.outbox,
                    clock: bot.clock, fetcher: bot.runtime.fetcher, adapterStatus: bot.runtime.adapterStatus,
                    roster: bot.runtime.roster, metrics: nil, logger: log?.logger() ?? TestBot.testLogger())
                let service = try #require(SlackSocketMode(settings: settings, dependencies: dependencies))
                let rig = SlackSocketModeRig(bot: bot, socket: socket, api: api, gate: Gate.named(gateName))
                defer { rig.gate.open() }
                // On PostgreSQL the roster takes the socket's duty through a lease.
                let roster = Task { await bot.runtime.roster.run() }
                defer { roster.cancel() }
                try await withRunningService(service) { try await body(rig) }
                // Stopping closed the socket.
                _ = try await socket.wait(timeout: .seconds(10)) { $0.connectionsOpen == 0 }
            }
        } catch {
            await api.stop()
            await socket.stop()
            throw error
        }
        await api.stop()
        await socket.stop()
    }

    /// The status board's line for the socket.
    var status: AdapterStatus? { bot.runtime.adapterStatus.snapshot[SlackSocketMode.statusName] }

    /// Waits until the status board shows the socket `state` (at most 30 s) and returns its line.
    func status(
        _ state: AdapterStatus.State, fileID: String = #fileID, line: Int = #line
    ) async throws -> AdapterStatus {
        var shown: AdapterStatus?
        try await eventually(
            "the socket \(state); its status stayed \(String(describing: status))", within: .seconds(30),
            fileID: fileID, line: line
        ) {
            shown = status
            return shown?.state == state
        }
        return try #require(shown)
    }

    /// Waits until envelope `id` was acknowledged and returns the first acknowledgement.
    func acknowledgement(_ id: String) async throws -> SlackSocketModeServer.Acknowledgement {
        let record = try await socket.wait { $0.acknowledgements.contains { $0.envelopeID == id } }
        return try #require(record.acknowledgements.first { $0.envelopeID == id })
    }

    /// The `/lunch` slash command in envelope `id`, from `user`.
    func lunch(_ id: String, user: String = "U2147483697", text: String = "") -> SlackSocketModeServer.Envelope {
        .slashCommand(id: id, command: "/lunch", text: text, user: user, responseURL: socket.responseURL(id))
    }
}

@Suite struct SlackSocketModeTests {
    @Test func aSlashCommandIsAnsweredInItsAcknowledgement() async throws {
        try await SlackSocketModeRig.with { rig in
            rig.socket.send(rig.lunch("cmd-1"))
            let acknowledgement = try await rig.acknowledgement("cmd-1")
            let payload = try #require(acknowledgement.payload)
            #expect(payload["response_type"] == "in_channel")
            #expect(payload["text"]?.contains("Monday, November 23") == true, "\(payload)")
            let status = try await rig.status(.up)
            #expect(status.detail == "connected to Slack over Socket Mode")
            #expect(rig.socket.snapshot.postedAnswers.isEmpty)
            #expect(rig.bot.runtime.roster.heldDuties[SlackSocketMode.duty] != nil)
        }
    }

    @Test func aSlowAnswerIsAcknowledgedEmptyAndPostedToTheResponseURL() async throws {
        try await SlackSocketModeRig.with(acknowledgeAfter: 0.2) { rig in
            let id = "cmd-late"
            rig.socket.send(.slashCommand(id: id, command: "/slow", text: "", responseURL: rig.socket.responseURL(id)))
            let acknowledgement = try await rig.acknowledgement(id)
            #expect(acknowledgement.payload == nil)
            #expect(rig.socket.snapshot.postedAnswers.isEmpty, "nothing is posted before the command is done")
            rig.gate.open()
            let record = try await rig.socket.wait { !$0.postedAnswers.isEmpty }
            let posted = try #require(record.postedAnswers.first)
            #expect(posted.envelopeID == id)
            #expect(posted.fields == ["response_type": "in_channel", "text": "done at last"])
        }
    }

    @Test func aBadEnvelopeIsAcknowledgedAndSkippedAndTheNextIsAnswered() async throws {
        try await SlackSocketModeRig.with { rig in
            rig.socket.send(.raw(id: "bad-1", type: "slash_commands", payload: #"{"command":"/lunch"}"#))
            #expect(try await rig.acknowledgement("bad-1").payload == nil)
            rig.socket.send(
                .slashCommand(
                    id: "bad-2", command: "/lunch", text: "", team: "", responseURL: rig.socket.responseURL("bad-2")))
            let refused = try await rig.acknowledgement("bad-2")
            #expect(refused.payload?["response_type"] == "ephemeral")
            #expect(refused.payload?["text"] == "team_id, user_id and channel_id must not be empty")
            rig.socket.send(.raw(id: "other-1", type: "interactive", payload: #"{"type":"block_actions"}"#))
            #expect(try await rig.acknowledgement("other-1").payload == nil)
            rig.socket.send(rig.lunch("good"))
            let answered = try await rig.acknowledgement("good")
            #expect(answered.payload?["text"]?.contains("Monday, November 23") == true)
            #expect(try await rig.status(.up).detail == "connected to Slack over Socket Mode")
        }
    }

    @Test func anAppMentionIsAnsweredWithChatPostMessage() async throws {
        try await SlackSocketModeRig.with { rig in
            rig.socket.send(
                .appMention(id: "env-1", eventID: "Ev0LAN670R", text: "<@\(SlackSocketModeRig.botUser)> lunch"))
            let acknowledgement = try await rig.acknowledgement("env-1")
            #expect(acknowledgement.payload == nil)
            let messages = try await rig.api.messages(count: 1)
            let message = try #require(messages.first)
            #expect(message.channel == "C0LAN2Q65")
            // A channel gets the short form.
            #expect(message.text.contains("Lunch Mon Nov 23"), "\(message.text)")
            #expect(message.threadTS == nil)
        }
    }

    @Test func anAcknowledgedMentionsAnswerWaitsOutARateLimit() async throws {
        try await SlackSocketModeRig.with { rig in
            _ = try await rig.status(.up)
            let sleepers = rig.bot.clock.sleeperCount
            rig.api.rateLimitNextCalls(1)
            rig.socket.send(
                .appMention(id: "env-rl", eventID: "EvLimited", text: "<@\(SlackSocketModeRig.botUser)> lunch"))
            _ = try await rig.acknowledgement("env-rl")
            // Slack will not send an acknowledged envelope again: the 429's second is waited out on
            // the bot's clock, and the answer goes out on the next try.
            try await eventually("the answer waits out the 429 on the bot's clock") {
                rig.bot.clock.sleeperCount == sleepers + 1
            }
            #expect(rig.api.messages.isEmpty, "nothing goes before Slack's second is over")
            rig.bot.clock.advance(by: 1)
            var posted: [SlackAPIServer.PostedMessage] = []
            try await eventually("the answer posted on the next try") {
                posted = rig.api.messages
                return !posted.isEmpty
            }
            #expect(posted.count == 1)
            #expect(rig.api.calls(to: "chat.postMessage") == 2)
        }
    }

    /// Slack asking for a longer wait than the bot keeps an answer for (`Retry-After: 60`,
    /// https://api.slack.com/apis/rate-limits — "Responding to rate limiting conditions") gives the
    /// answer up at once, logged without its words: a try before the minute ends would be refused.
    @Test func aRateLimitLongerThanTheLongestWaitGivesTheAnswerUp() async throws {
        let log = LogRecorder()
        try await SlackSocketModeRig.with(log: log) { rig in
            _ = try await rig.status(.up)
            let sleepers = rig.bot.clock.sleeperCount
            rig.api.rateLimitNextCalls(1, retryAfter: 60)
            rig.socket.send(
                .appMention(id: "env-long", eventID: "EvLong", text: "<@\(SlackSocketModeRig.botUser)> lunch"))
            _ = try await rig.acknowledgement("env-long")
            var given: [String] = []
            try await eventually("the answer given up: \(log.lines)") {
                given = log.lines.filter { $0.contains("was not posted") }
                return !given.isEmpty
            }
            #expect(given.count == 1, "\(log.lines)")
            #expect(given.first?.contains("answering /lunch from slack:") == true, "\(given)")
            #expect(given.first?.contains("Monday") == false, "the answer's words are not logged: \(given)")
            // Past Slack's minute, nothing was tried again. A try again would wait out the minute
            // asleep on the bot's clock, which stands still until the test moves it, so it would be
            // asleep now, one sleeper more than before the mention; and the responder writes the
            // line above as it gives up, after its last sleep, so none can start later. With nothing
            // asleep, moving the clock past the minute wakes nothing, and the count is final.
            #expect(rig.bot.clock.sleeperCount == sleepers, "nothing waits to try again")
            rig.bot.clock.advance(by: 61)
            #expect(rig.api.calls(to: "chat.postMessage") == 1)
            #expect(rig.api.messages.isEmpty)
        }
    }

    /// An answer for the asker alone that waits out a rate limit when the bot is stopped (its task
    /// cancelled) is given up, and the log names it by its size, command and asker, not its words.
    /// The envelope is https://api.slack.com/apis/socket-mode — "Receiving events", with the
    /// `app_mention` of https://api.slack.com/events/app_mention — "Example event payload".
    @Test func aPrivateAnswerCutOffByAStopIsLoggedWithoutItsWords() async throws {
        let api = try await SlackAPIServer.start()
        let log = LogRecorder()
        do {
            try await TestBot.with(plugins: [LunchPlugin.self], at: "2026-11-23T12:00:00-05:00") { bot in
                let logger = log.logger()
                let gateway = CommandGateway(
                    dispatcher: bot.runtime.dispatcher, clock: bot.clock, deferred: TaskQueue(),
                    poster: WebhookPoster(fetcher: bot.runtime.fetcher, timeout: .seconds(5)),
                    acknowledgeAfter: .seconds(30), timestampTolerance: 300, logger: logger)
                let responder = SocketModeResponder(
                    gateway: gateway,
                    replays: ReplayGuard.make(
                        window: SocketModeResponder.replayWindow, database: bot.runtime.database, logger: logger),
                    answers: SocketModeAnswers(),
                    api: SlackWebAPI(
                        baseURL: api.apiBaseURL, botToken: SlackAPIServer.botToken, appToken: nil,
                        fetcher: bot.runtime.fetcher, timeout: .seconds(5)),
                    logger: logger)
                let frame = try SocketModeFrame.decode(
                    """
                    {"envelope_id":"57d6a792","payload":{"team_id":"T0001","api_app_id":"AXXYYZZ",\
                    "event":{"type":"app_mention","user":"W021FGA1Z","text":"<@U0LAN0Z89> me",\
                    "ts":"1515449438.000011","channel":"C0LAN2Q65","event_ts":"1515449438000011"},\
                    "type":"event_callback","event_id":"EvStop","event_time":1515449438,\
                    "authorizations":[{"team_id":"T0001","user_id":"U0LAN0Z89","is_bot":true}]},\
                    "type":"events_api","accepts_response_payload":false}
                    """)
                guard case .envelope(let envelope) = frame else {
                    Issue.record("the envelope is not read")
                    return
                }
                api.rateLimitNextCalls(1, retryAfter: 5)
                let answering = Task { await responder.respond(to: envelope, on: 1) { _ in } }
                try await eventually("the answer waits out the 429: \(log.lines)", within: .seconds(30)) {
                    log.lines.contains { $0.contains("waits 5.0 s") }
                }
                answering.cancel()
                await answering.value
                let dropped = log.lines.filter { $0.contains("the bot is stopping") }
                #expect(dropped.count == 1, "\(log.lines)")
                #expect(dropped.first?.contains("answering /me from slack:T0001:W021FGA1Z") == true, "\(dropped)")
                let words = log.lines.filter { $0.contains("You are") }
                #expect(words.isEmpty, "the answer's words are not logged: \(words)")
                #expect(api.calls(to: "chat.postEphemeral") == 1)
            }
        } catch {
            await api.stop()
            throw error
        }
        await api.stop()
    }

    @Test func aMentionInAThreadIsAnsweredInThatThread() async throws {
        try await SlackSocketModeRig.with { rig in
            rig.socket.send(
                .appMention(
                    id: "env-t", eventID: "EvThread", text: "<@\(SlackSocketModeRig.botUser)> lunch tomorrow",
                    ts: "1515449600.000100", threadTS: "1515449522.000016"))
            let message = try #require(try await rig.api.messages(count: 1).first)
            #expect(message.threadTS == "1515449522.000016")
            #expect(message.text.contains("Lunch Tue Nov 24"), "\(message.text)")
        }
    }

    @Test func aReplyUnderTheBotsMessageAddressesItAndOtherRepliesDoNot() async throws {
        try await SlackSocketModeRig.with { rig in
            let bot = SlackSocketModeRig.botUser
            // Under someone else's message: chatter, left alone.
            rig.socket.send(
                .threadReply(id: "r-other", eventID: "EvOther", text: "lunch tomorrow?", parentUser: "W0OTHER1"))
            // Mentioning the bot too: answered once, from the app_mention Slack sends as well.
            rig.socket.send(
                .threadReply(id: "r-mention", eventID: "EvMention", text: "<@\(bot)> lunch", parentUser: bot))
            _ = try await rig.acknowledgement("r-other")
            _ = try await rig.acknowledgement("r-mention")
            rig.socket.send(
                .threadReply(
                    id: "r-bot", eventID: "EvReply", text: "what's for lunch tomorrow?", parentUser: bot,
                    threadTS: "1515449522.000016"))
            let message = try #require(try await rig.api.messages(count: 1).first)
            #expect(message.threadTS == "1515449522.000016")
            #expect(message.text.contains("Lunch Tue Nov 24"), "\(message.text)")
            rig.socket.send(.threadReply(id: "r-next", eventID: "EvNext", text: "and friday", parentUser: bot))
            let both = try await rig.api.messages(count: 2)
            #expect(both.count == 2, "the replies before were not answered")
        }
    }

    @Test func aDirectMessageIsAnsweredAndBotsAndEditsAreNot() async throws {
        try await SlackSocketModeRig.with { rig in
            // The direct-message channel exists at Slack (the fake posts only to ones it opened).
            let user = "U2147483697"
            let web = SlackWebAPI(
                baseURL: rig.api.apiBaseURL, botToken: SlackAPIServer.botToken, appToken: nil,
                fetcher: rig.bot.runtime.fetcher, timeout: .seconds(30))
            let channel = try await web.openDirectMessage(user: user)
            rig.socket.send(
                .directMessage(id: "dm-bot", eventID: "EvBot", text: "lunch", channel: channel, botID: "B123"))
            rig.socket.send(
                .directMessage(
                    id: "dm-edit", eventID: "EvEdit", text: "lunch", channel: channel, subtype: "message_changed"))
            _ = try await rig.acknowledgement("dm-bot")
            _ = try await rig.acknowledgement("dm-edit")
            rig.socket.send(.directMessage(id: "dm-1", eventID: "EvDM", text: "lunch", user: user, channel: channel))
            let messages = try await rig.api.messages(count: 1)
            let message = try #require(messages.first)
            #expect(message.channel == channel)
            #expect(message.text.contains("Monday, November 23"), "\(message.text)")
            // A later message is the next one posted: the bot's own and the edit were not answered.
            rig.socket.send(
                .directMessage(id: "dm-2", eventID: "EvDM2", text: "lunch tomorrow", user: user, channel: channel))
            let both = try await rig.api.messages(count: 2)
            #expect(both.count == 2)
            #expect(both.last?.text.contains("Tuesday, November 24") == true)
            // Slack sends `<` as `&lt;`: the bot reads it as typed and escapes what it repeats.
            rig.socket.send(
                .directMessage(id: "dm-3", eventID: "EvDM3", text: "lunch &lt;script&gt;", user: user, channel: channel)
            )
            let escaped = try #require(try await rig.api.messages(count: 3).last)
            #expect(escaped.text.contains("I can't read \"&lt;script&gt;\" as a date"), "\(escaped.text)")
        }
    }

    /// On PostgreSQL the deliveries seen are shared by every instance, so a takeover answers none twice either.
    @Test(arguments: TemporaryDatabase.availableBackends)
    func aReplayedEventIsAnsweredOnce(backend: DatabaseBackend) async throws {
        try await SlackSocketModeRig.with(backend: backend) { rig in
            let mention = SlackSocketModeServer.Envelope.appMention(
                id: "env-a", eventID: "EvReplayed", text: "<@\(SlackSocketModeRig.botUser)> lunch")
            rig.socket.send(mention)
            _ = try await rig.api.messages(count: 1)
            // Slack retries an event in a new envelope with the same event_id and retry_attempt 1.
            rig.socket.send(mention.retried(id: "env-a-retry"))
            #expect(try await rig.acknowledgement("env-a-retry").payload == nil)
            // The same envelope once more, as a replay would send it.
            rig.socket.send(mention.retried())
            let record = try await rig.socket.wait { $0.acknowledgements.count { $0.envelopeID == "env-a" } == 2 }
            #expect(record.acknowledgements.count == 3)
            rig.socket.send(
                .appMention(id: "env-b", eventID: "EvOther", text: "<@\(SlackSocketModeRig.botUser)> lunch tomorrow"))
            let messages = try await rig.api.messages(count: 2)
            #expect(messages.count == 2)
            #expect(messages.last?.text.contains("Lunch Tue Nov 24") == true)
        }
    }

    @Test func aReplayedSlashCommandIsAnsweredOnce() async throws {
        try await SlackSocketModeRig.with { rig in
            let command = rig.lunch("cmd-r")
            rig.socket.send(command)
            #expect(try await rig.acknowledgement("cmd-r").payload != nil)
            rig.socket.send(command.retried())
            let record = try await rig.socket.wait { $0.acknowledgements.count { $0.envelopeID == "cmd-r" } == 2 }
            let second = try #require(record.acknowledgements.last)
            #expect(second.payload == nil)
            #expect(record.postedAnswers.isEmpty)
        }
    }

    /// With answers in the acknowledgements, and with every answer late (acknowledged empty, then
    /// posted to the `response_url`).
    @Test(arguments: [WebhookHarness.answerInResponseSeconds, 0.001])
    func aDropInTheMiddleOfABurstLosesNoCommandAndAnswersEachOnce(acknowledgeAfter: Double) async throws {
        try await SlackSocketModeRig.with(acknowledgeAfter: acknowledgeAfter) { rig in
            _ = try await rig.status(.up)
            let ids = (1...20).map { "burst-\($0)" }
            rig.socket.drop(atAcknowledgements: 8)
            for (index, id) in ids.enumerated() { rig.socket.send(rig.lunch(id, user: "U\(1000 + index)")) }
            // Every command is answered: in an acknowledgement Slack saw, or at its response_url.
            let record = try await rig.socket.wait { record in
                record.unacknowledged.isEmpty
                    && ids.allSatisfy { id in
                        record.acknowledgements.contains { $0.envelopeID == id && $0.payload != nil }
                            || record.postedAnswers.contains { $0.envelopeID == id }
                    }
            }
            #expect(record.connectionsOpened >= 2)
            // What the dropped connection did not acknowledge went out again on the next one, as a retry.
            let resent = record.deliveries.filter { $0.retryAttempt > 0 }
            #expect(!resent.isEmpty)
            #expect(resent.allSatisfy { $0.connection > 1 })
            for id in ids {
                let inAcknowledgements = record.acknowledgements.count { $0.envelopeID == id && $0.payload != nil }
                let posted = record.postedAnswers.count { $0.envelopeID == id }
                #expect(inAcknowledgements + posted == 1, "\(id): \(inAcknowledgements) + \(posted)")
            }
            #expect(record.unacknowledged.isEmpty)
            _ = try await rig.status(.up)
        }
    }

    @Test func aRefreshOpensTheNextConnectionAndKeepsAnswering() async throws {
        try await SlackSocketModeRig.with { rig in
            rig.socket.send(rig.lunch("before"))
            #expect(try await rig.acknowledgement("before").connection == 1)
            rig.socket.disconnect(reason: "refresh_requested")
            // The new connection opens, then the old one closes.
            _ = try await rig.socket.wait { $0.connectionsOpened == 2 && $0.connectionsOpen == 1 }
            rig.socket.send(rig.lunch("after", text: "tomorrow"))
            let acknowledgement = try await rig.acknowledgement("after")
            #expect(acknowledgement.connection == 2)
            #expect(acknowledgement.payload?["text"]?.contains("Tuesday, November 24") == true)
            #expect(try await rig.status(.up).detail == "connected to Slack over Socket Mode")
        }
    }

    @Test func aRefusedAppTokenShowsSlacksError() async throws {
        try await SlackSocketModeRig.with(appToken: "xapp-1-A0123456789-000-refused") { rig in
            let status = try await rig.status(.down)
            #expect(status.detail.contains("invalid_auth"), "\(status.detail)")
            #expect(status.detail.contains("reconnecting in 1 s"), "\(status.detail)")
            #expect(rig.socket.snapshot.connectionsOpened == 0)
        }
    }
}
