import Foundation
import HomeroomCore
import Testing

@testable import HomeroomSlack
@testable import HomeroomWebhooks

/// Reading Slack's Socket Mode messages and deciding what they ask, without a socket.
@Suite struct SlackSocketModeProtocolTests {
    /// https://api.slack.com/apis/socket-mode — "Connecting to the WebSocket URL": the hello message.
    static let hello = """
        {"type":"hello","num_connections":1,"debug_info":{"host":"applink-7fc4fdbb64-4x5xq","build_number":10,\
        "approximate_connection_time":18060},"connection_info":{"app_id":"A01K58AR4RF"}}
        """
    /// https://api.slack.com/apis/socket-mode — "Disconnects": a refresh.
    static let refresh = """
        {"type":"disconnect","reason":"refresh_requested","debug_info":{"host":"applink-65fd84f9c4-7wq2h"}}
        """
    /// https://api.slack.com/apis/socket-mode — "Handling slash commands" (the example envelope).
    static let slashCommand = """
        {"payload":{"token":"bHKJ2n9AW6Ju3MjciOHfbA1b","team_id":"T_123","team_domain":"maria",\
        "channel_id":"C_123","channel_name":"general","user_id":"U_123","user_name":"rainer",\
        "command":"/randorilke","text":"","api_app_id":"A_123",\
        "response_url":"https://hooks.slack.com/commands/T_123/123/xyz","trigger_id":"1234.5678.abcd"},\
        "envelope_id":"dbdd0ef3-1543-4f94-bfb4-133d0e6c1545","type":"slash_commands","accepts_response_payload":true}
        """
    /// https://api.slack.com/apis/socket-mode — "Receiving events", with the `app_mention` of
    /// https://api.slack.com/events/app_mention — "Example event payload" and a retry.
    static let mentionRetried = """
        {"envelope_id":"57d6a792-4d35-4d0b-b6aa-3361493e1caf","payload":{"token":"XXYYZZ","team_id":"T0001",\
        "api_app_id":"AXXYYZZ","event":{"type":"app_mention","user":"W021FGA1Z",\
        "text":"You can count on <@U0LAN0Z89> for lunch &amp; more","ts":"1515449438.000011",\
        "channel":"C0LAN2Q65","event_ts":"1515449438000011"},"type":"event_callback",\
        "event_id":"Ev0LAN670R","event_time":1515449438,"authorizations":[{"enterprise_id":null,\
        "team_id":"T0001","user_id":"U0LAN0Z89","is_bot":true,"is_enterprise_install":false}]},\
        "type":"events_api","accepts_response_payload":false,"retry_attempt":1,"retry_reason":"timeout"}
        """

    static func callback(_ event: String, authorizedUser: String? = "U0LAN0Z89") throws -> SlackEventCallback {
        let authorizations =
            authorizedUser.map { ",\"authorizations\":[{\"user_id\":\"\($0)\",\"is_bot\":true}]" } ?? ""
        let json = "{\"team_id\":\"T0001\",\"event_id\":\"Ev1\",\"event\":\(event)\(authorizations)}"
        return try JSONDecoder().decode(SlackEventCallback.self, from: Data(json.utf8))
    }

    static let now = Date(timeIntervalSince1970: 1_515_449_438)

    @Test func helloAndDisconnectAreRead() throws {
        guard case .hello = try SocketModeFrame.decode(Self.hello) else {
            Issue.record("hello not read")
            return
        }
        guard case .disconnect(let reason) = try SocketModeFrame.decode(Self.refresh) else {
            Issue.record("disconnect not read")
            return
        }
        #expect(reason == "refresh_requested")
        guard case .ignored(let type) = try SocketModeFrame.decode(#"{"type":"something_new"}"#) else {
            Issue.record("an unknown type is not ignored")
            return
        }
        #expect(type == "something_new")
        let long = String(repeating: "e\u{301}", count: 5000)
        guard case .ignored(let clipped) = try SocketModeFrame.decode(#"{"type":"\#(long)"}"#) else {
            Issue.record("an unknown long type is not ignored")
            return
        }
        #expect(clipped.utf8.count <= 64, "a type from Slack is cut before it reaches the log")
    }

    @Test func theExampleSlashCommandEnvelopeIsRead() throws {
        guard case .envelope(let envelope) = try SocketModeFrame.decode(Self.slashCommand),
            case .slashCommand(let form) = envelope.payload
        else {
            Issue.record("the slash command envelope is not read")
            return
        }
        #expect(envelope.envelopeID == "dbdd0ef3-1543-4f94-bfb4-133d0e6c1545")
        #expect(envelope.acceptsResponsePayload)
        #expect(envelope.retryAttempt == 0)
        #expect(form.command == "/randorilke")
        #expect(form.response_url == "https://hooks.slack.com/commands/T_123/123/xyz")
        #expect(envelope.deliveryKey == "envelope:dbdd0ef3-1543-4f94-bfb4-133d0e6c1545")
    }

    @Test func aRetriedEventIsKeyedByItsEventID() throws {
        guard case .envelope(let envelope) = try SocketModeFrame.decode(Self.mentionRetried) else {
            Issue.record("the events_api envelope is not read")
            return
        }
        #expect(envelope.retryAttempt == 1)
        #expect(envelope.retryReason == "timeout")
        #expect(envelope.deliveryKey == "event:Ev0LAN670R")
        let again = Self.mentionRetried.replacingOccurrences(
            of: "57d6a792-4d35-4d0b-b6aa-3361493e1caf", with: "0a0a0a0a-other-envelope")
        guard case .envelope(let other) = try SocketModeFrame.decode(again) else {
            Issue.record("the second envelope is not read")
            return
        }
        #expect(other.replayKey == envelope.replayKey)
    }

    @Test func badMessagesAreNamedAndABadPayloadIsStillAcknowledged() throws {
        #expect(throws: SocketModeFrameError.self) { try SocketModeFrame.decode("not json") }
        #expect(throws: SocketModeFrameError.self) { try SocketModeFrame.decode(#"{"envelope_id":"x"}"#) }
        let broken = #"{"envelope_id":"e1","type":"slash_commands","payload":{"command":"/lunch"}}"#
        guard case .envelope(let envelope) = try SocketModeFrame.decode(broken),
            case .unreadable(let reason) = envelope.payload
        else {
            Issue.record("an envelope with a bad payload is not kept for its acknowledgement")
            return
        }
        #expect(envelope.envelopeID == "e1")
        #expect(reason.contains("team_id is missing"), "\(reason)")
    }

    @Test func aMentionBecomesACommandAddressedToTheBot() throws {
        guard case .envelope(let envelope) = try SocketModeFrame.decode(Self.mentionRetried),
            case .event(let callback) = envelope.payload
        else {
            Issue.record("the mention is not read")
            return
        }
        let event = try #require(callback.message(botName: "homeroom", receivedAt: Self.now))
        #expect(event.message.text == "homeroom: You can count on for lunch & more")
        #expect(event.message.sender == UserID(adapter: "slack", id: "T0001:W021FGA1Z"))
        #expect(event.message.senderIsVerified)
        #expect(event.message.conversation == .channel("C0LAN2Q65"))
        #expect(event.channel == "C0LAN2Q65")
        #expect(event.user == "W021FGA1Z", "an answer for the asker alone goes to this member")

        let bare = try Self.callback(
            #"{"type":"app_mention","user":"W1","text":"<@U0LAN0Z89|homeroom>","ts":"1.2","channel":"C1"}"#)
        #expect(bare.message(botName: "homeroom", receivedAt: Self.now)?.message.text == "homeroom: help")
        let unknownBot = try Self.callback(
            #"{"type":"app_mention","user":"W1","text":"<@UB0T> lunch","ts":"1.2","channel":"C1"}"#,
            authorizedUser: nil)
        #expect(unknownBot.message(botName: "homeroom", receivedAt: Self.now)?.message.text == "homeroom: lunch")
    }

    @Test func aDirectMessageNeedsNoPrefix() throws {
        let direct = try Self.callback(
            #"{"type":"message","channel":"D024BE91L","user":"U2147483697","text":"lunch tomorrow","#
                + #""ts":"1355517523.000005","channel_type":"im"}"#)
        let event = try #require(direct.message(botName: "homeroom", receivedAt: Self.now))
        #expect(event.message.conversation == .direct)
        #expect(event.message.text == "lunch tomorrow")
        #expect(event.channel == "D024BE91L")
    }

    @Test func botsEditsTheBotItselfAndChannelChatterAreIgnored() throws {
        let ignored = [
            #"{"type":"message","channel":"D1","user":"U1","text":"hi","bot_id":"B1","channel_type":"im"}"#,
            #"{"type":"message","subtype":"bot_message","channel":"D1","text":"hi","channel_type":"im"}"#,
            #"{"type":"message","subtype":"message_changed","channel":"D1","channel_type":"im"}"#,
            #"{"type":"message","channel":"D1","user":"U0LAN0Z89","text":"lunch","channel_type":"im"}"#,
            #"{"type":"message","channel":"C1","user":"U1","text":"lunch","channel_type":"channel"}"#,
            #"{"type":"message","channel":"D1","user":"U1","text":"<@U0LAN0Z89>","channel_type":"im"}"#,
            #"{"type":"reaction_added","user":"U1","reaction":"thumbsup"}"#,
        ]
        for json in ignored {
            let callback = try Self.callback(json)
            #expect(callback.message(botName: "homeroom", receivedAt: Self.now) == nil, "\(json)")
        }
    }

    @Test func aLostAcknowledgementIsRepeatedOnlyOnAnotherConnection() {
        let answers = SocketModeAnswers()
        let answer = SlashCommandMessage(responseType: "in_channel", text: "Monday")
        answers.begin("envelope:a")
        #expect(answers.acknowledging("envelope:a", with: answer, on: 1))
        #expect(!answers.acknowledged("envelope:a", written: true))
        #expect(answers.redelivered("envelope:a", on: 1) == nil)
        #expect(answers.redelivered("envelope:a", on: 2)?.text == "Monday")

        // A delivery again while the first is being answered takes the answer to response_url.
        answers.begin("envelope:b")
        #expect(answers.redelivered("envelope:b", on: 2) == nil)
        #expect(!answers.acknowledging("envelope:b", with: answer, on: 1))

        // So does a write that fails, or one overtaken by a delivery again.
        answers.begin("envelope:c")
        #expect(answers.acknowledging("envelope:c", with: answer, on: 1))
        #expect(answers.acknowledged("envelope:c", written: false))
        #expect(answers.redelivered("envelope:c", on: 2) == nil)
        answers.begin("envelope:d")
        #expect(answers.acknowledging("envelope:d", with: answer, on: 1))
        #expect(answers.redelivered("envelope:d", on: 2) == nil)
        #expect(answers.acknowledged("envelope:d", written: true))

        #expect(answers.redelivered("envelope:never", on: 1) == nil)
    }

    /// With every wait drawn whole, and drawn shortest.
    @Test func theBackoffDoublesToAMinuteAndStartsOverAtOnceAfterHello() {
        var backoff = SlackSocketMode.backoff(jitter: { 1 })
        let waits = (0..<9).map { _ in backoff.nextWait() }
        #expect(waits == [1, 2, 4, 8, 16, 32, 60, 60, 60])
        backoff.sessionWasStable()
        #expect(backoff.nextWait() == 0)
        #expect(backoff.nextWait() == 1)
        for _ in 0..<100 { _ = backoff.nextWait() }
        #expect(backoff.nextWait() == 60)

        var shortest = SlackSocketMode.backoff(jitter: { 0 })
        #expect((0..<8).map { _ in shortest.nextWait() } == [0.5, 1, 2, 4, 8, 16, 30, 30])
    }
}
