import Foundation
import HomeroomTesting
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import Synchronization

/// A loopback stand-in for Slack's Socket Mode service (https://api.slack.com/apis/socket-mode):
/// WebSocket connections at ``url`` (which ``SlackAPIServer/setSocketURL(_:)`` hands out), each
/// greeted with `hello`; envelopes sent on the newest connection; acknowledgements recorded. As
/// Slack does, it sends again, on the next connection, every envelope a connection carried that was
/// not acknowledged when it ended. It can drop a connection without a close frame, and takes the
/// answers posted to the slash commands' `response_url`s.
public final class SlackSocketModeServer: Sendable {
    /// An envelope to send, in the shapes of the Socket Mode page's examples.
    public struct Envelope: Sendable {
        /// Its `envelope_id`.
        public let id: String
        let type: String
        let payload: String
        let acceptsResponsePayload: Bool
        /// Deliveries before this one.
        public let retryAttempt: Int

        /// A slash command (https://api.slack.com/apis/socket-mode — "Handling slash commands"; the
        /// payload's fields are those of https://api.slack.com/interactivity/slash-commands — "Sending
        /// the command"), answered in the acknowledgement or at `responseURL`.
        public static func slashCommand(
            id: String, command: String, text: String, team: String = "T0001", user: String = "U2147483697",
            channel: String = "C2147483705", responseURL: URL
        ) -> Envelope {
            let payload: [String: Any] = [
                "token": "gIkuvaNzQIHg97ATvDxqgjtO", "team_id": team, "team_domain": "example",
                "channel_id": channel, "channel_name": channel.hasPrefix("D") ? "directmessage" : "test",
                "user_id": user, "user_name": "Steve", "command": command, "text": text,
                "api_app_id": "A123456", "response_url": responseURL.absoluteString,
                "trigger_id": "13345224609.738474920.8088930838d88f008e0",
            ]
            return Envelope(id: id, type: "slash_commands", payload: payload, acceptsResponsePayload: true)
        }

        /// A mention of the bot in a channel (https://api.slack.com/events/app_mention — "Example
        /// event payload", in the callback of https://api.slack.com/apis/events-api — "Callback field
        /// overview"), from `user` to `botUser`.
        public static func appMention(
            id: String, eventID: String, text: String, team: String = "T0001", user: String = "W021FGA1Z",
            channel: String = "C0LAN2Q65", botUser: String = "U0LAN0Z89", ts: String = "1515449522.000016",
            threadTS: String? = nil, retryAttempt: Int = 0
        ) -> Envelope {
            var event: [String: Any] = [
                "type": "app_mention", "user": user, "text": text, "ts": ts, "channel": channel, "event_ts": ts,
            ]
            if let threadTS { event["thread_ts"] = threadTS }
            return Envelope(
                id: id, type: "events_api",
                payload: callback(event: event, eventID: eventID, team: team, botUser: botUser),
                acceptsResponsePayload: false, retryAttempt: retryAttempt)
        }

        /// A message in the bot's direct-message channel (https://api.slack.com/events/message.im —
        /// "Example event payload"); `botID` marks one written by a bot, `subtype` an edit or the like.
        public static func directMessage(
            id: String, eventID: String, text: String, team: String = "T0001", user: String = "U2147483697",
            channel: String = "D024BE91L", botUser: String = "U0LAN0Z89", botID: String? = nil,
            subtype: String? = nil, retryAttempt: Int = 0
        ) -> Envelope {
            var event: [String: Any] = [
                "type": "message", "channel": channel, "user": user, "text": text, "ts": "1355517523.000005",
                "event_ts": "1355517523.000005", "channel_type": "im",
            ]
            if let botID { event["bot_id"] = botID }
            if let subtype { event["subtype"] = subtype }
            return Envelope(
                id: id, type: "events_api",
                payload: callback(event: event, eventID: eventID, team: team, botUser: botUser),
                acceptsResponsePayload: false, retryAttempt: retryAttempt)
        }

        /// A reply in a channel thread under a message `parentUser` wrote
        /// (https://api.slack.com/events/message.channels — "Example event payload", with the
        /// `thread_ts` and `parent_user_id` of https://api.slack.com/messaging/retrieving#finding_threads).
        public static func threadReply(
            id: String, eventID: String, text: String, parentUser: String, team: String = "T0001",
            user: String = "W021FGA1Z", channel: String = "C0LAN2Q65", botUser: String = "U0LAN0Z89",
            threadTS: String = "1515449522.000016"
        ) -> Envelope {
            let event: [String: Any] = [
                "type": "message", "channel": channel, "user": user, "text": text, "ts": "1515449600.000200",
                "event_ts": "1515449600.000200", "channel_type": "channel", "thread_ts": threadTS,
                "parent_user_id": parentUser,
            ]
            return Envelope(
                id: id, type: "events_api",
                payload: callback(event: event, eventID: eventID, team: team, botUser: botUser),
                acceptsResponsePayload: false, retryAttempt: 0)
        }

        /// An envelope of `type` carrying `payload` (JSON) as given, for payloads Slack would not send.
        public static func raw(id: String, type: String, payload: String, acceptsResponsePayload: Bool = true)
            -> Envelope
        {
            Envelope(
                id: id, type: type, payload: payload, acceptsResponsePayload: acceptsResponsePayload, retryAttempt: 0)
        }

        /// The same envelope once more, as Slack retries one it saw no acknowledgement of.
        public func retried(id newID: String? = nil) -> Envelope {
            Envelope(
                id: newID ?? id, type: type, payload: payload, acceptsResponsePayload: acceptsResponsePayload,
                retryAttempt: retryAttempt + 1)
        }

        private init(id: String, type: String, payload: String, acceptsResponsePayload: Bool, retryAttempt: Int) {
            self.id = id
            self.type = type
            self.payload = payload
            self.acceptsResponsePayload = acceptsResponsePayload
            self.retryAttempt = retryAttempt
        }

        private init(
            id: String, type: String, payload: [String: Any], acceptsResponsePayload: Bool, retryAttempt: Int = 0
        ) {
            self.init(
                id: id, type: type, payload: SlackSocketModeServer.json(payload),
                acceptsResponsePayload: acceptsResponsePayload, retryAttempt: retryAttempt)
        }

        /// https://api.slack.com/apis/events-api — "Callback field overview"
        private static func callback(event: [String: Any], eventID: String, team: String, botUser: String)
            -> [String: Any]
        {
            [
                "token": "XXYYZZ", "team_id": team, "api_app_id": "AXXYYZZ", "event": event,
                "type": "event_callback", "event_id": eventID, "event_time": 1_515_449_522,
                "authorizations": [
                    [
                        "enterprise_id": NSNull(), "team_id": team, "user_id": botUser, "is_bot": true,
                        "is_enterprise_install": false,
                    ] as [String: Any]
                ],
            ]
        }

        /// The envelope as it travels (https://api.slack.com/apis/socket-mode — "Receiving events").
        var text: String {
            let reason = retryAttempt > 0 ? "timeout" : ""
            return "{\"envelope_id\":\"\(id)\",\"type\":\"\(type)\",\"payload\":\(payload),"
                + "\"accepts_response_payload\":\(acceptsResponsePayload),"
                + "\"retry_attempt\":\(retryAttempt),\"retry_reason\":\"\(reason)\"}"
        }
    }

    /// An acknowledgement that arrived.
    public struct Acknowledgement: Sendable {
        /// The envelope acknowledged.
        public let envelopeID: String
        /// The connection it came on (1 for the first).
        public let connection: Int
        /// The answer it carried: `response_type` and `text`; nil when empty.
        public let payload: [String: String]?
    }

    /// An answer posted to a slash command's `response_url`.
    public struct PostedAnswer: Sendable {
        /// The envelope whose `response_url` it went to.
        public let envelopeID: String
        /// Its `response_type` and `text`.
        public let fields: [String: String]
    }

    /// One delivery of an envelope.
    public struct Delivery: Sendable {
        /// The envelope.
        public let envelopeID: String
        /// The connection it went on.
        public let connection: Int
        /// Its `retry_attempt`.
        public let retryAttempt: Int
    }

    /// Everything recorded so far.
    public struct Record: Sendable {
        /// Connections accepted so far.
        public var connectionsOpened = 0
        /// Connections open now.
        public var connectionsOpen = 0
        /// Every envelope sent, resends included, in order.
        public var deliveries: [Delivery] = []
        /// Every acknowledgement, in order of arrival.
        public var acknowledgements: [Acknowledgement] = []
        /// Every post to a `response_url`, in order.
        public var postedAnswers: [PostedAnswer] = []
        /// Envelopes sent and not acknowledged yet.
        public var unacknowledged: [String] { pending.map(\.envelope.id) }

        fileprivate var pending: [(envelope: Envelope, connection: Int)] = []
        fileprivate var waiting: [Envelope] = []
        fileprivate var links: [Int: Link] = [:]
        fileprivate var newest: Int?
        fileprivate var dropAtAcknowledgements: Int?
        /// Connections dropped: what they still had in their buffers is lost with them.
        fileprivate var dropped: Set<Int> = []
    }

    fileprivate struct Link: Sendable {
        let outgoing: AsyncStream<String>.Continuation
        let channel: any Channel
    }

    private let record = Mutex(Record())
    private let application: LoopbackApplication

    /// The port on 127.0.0.1.
    public var port: Int { application.port }

    private init(application: LoopbackApplication) {
        self.application = application
    }

    /// Starts a server on 127.0.0.1 and a free port; stop it with ``stop()``.
    public static func start() async throws -> SlackSocketModeServer {
        let shared = Shared()
        let router = Router(context: BasicRequestContext.self)
        // https://api.slack.com/interactivity/handling#message_responses — "Responding to slash commands"
        router.post("commands/:envelope") { request, context in
            let body = try await request.body.collect(upTo: 1_048_576)
            let object =
                (try? JSONSerialization.jsonObject(with: Data(body.readableBytesView))) as? [String: Any] ?? [:]
            shared.server?.posted(
                object.compactMapValues { $0 as? String }, to: context.parameters.get("envelope") ?? "")
            return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: "ok")))
        }
        let application = try await LoopbackApplication.start(
            serverName: "SlackSocketMode", router: router,
            server: .http1WebSocketUpgrade { request, channel, _ in
                guard request.path?.hasPrefix("/link") == true else { return .dontUpgrade }
                return .upgrade([:]) { inbound, outbound, _ in
                    guard let server = shared.server else { return }
                    try await server.serve(inbound: inbound, outbound: outbound, channel: channel)
                }
            })
        let server = SlackSocketModeServer(application: application)
        shared.set(server)
        return server
    }

    /// The address of a connection (https://api.slack.com/methods/apps.connections.open — "Example
    /// responses": `wss://…/link/?ticket=…&app_id=…`), in plain `ws://` on the loopback.
    public var url: URL { URL(string: "ws://127.0.0.1:\(port)/link/?ticket=12348&app_id=5678")! }

    /// The `response_url` of the slash command in envelope `id`.
    public func responseURL(_ id: String) -> URL { URL(string: "http://127.0.0.1:\(port)/commands/\(id)")! }

    /// Everything recorded so far.
    public var snapshot: Record { record.withLock { $0 } }

    /// Sends `envelope` on the newest connection, or on the next one to open.
    public func send(_ envelope: Envelope) {
        let link: Link? = record.withLock { record in
            guard let newest = record.newest, let link = record.links[newest] else {
                record.waiting.append(envelope)
                return nil
            }
            record.pending.append((envelope, newest))
            record.deliveries.append(
                Delivery(envelopeID: envelope.id, connection: newest, retryAttempt: envelope.retryAttempt))
            return link
        }
        link?.outgoing.yield(envelope.text)
    }

    /// Tells the newest connection that Slack will close it
    /// (https://api.slack.com/apis/socket-mode — "Disconnects": `refresh_requested`, `warning`, `link_disabled`).
    public func disconnect(reason: String) {
        let link = record.withLock { record in record.newest.flatMap { record.links[$0] } }
        link?.outgoing.yield(
            "{\"type\":\"disconnect\",\"reason\":\"\(reason)\",\"debug_info\":{\"host\":\"applink-7fc4fdbb64-4x5xq\"}}")
    }

    /// Drops the connection an acknowledgement arrives on, without a close frame, once `count`
    /// acknowledgements have arrived in all.
    public func drop(atAcknowledgements count: Int) {
        record.withLock { $0.dropAtAcknowledgements = count }
    }

    /// Waits until `condition` holds for the record (at most `timeout`) and returns it.
    public func wait(
        timeout: Duration = .seconds(60), until condition: @Sendable (Record) -> Bool
    ) async throws -> Record {
        var current = snapshot
        do {
            try await eventually("the awaited Socket Mode record", within: timeout) {
                current = snapshot
                return condition(current)
            }
        } catch is ConditionUnmet {
            throw SlackSocketModeServerError.timedOut(current)
        }
        return current
    }

    /// Stops listening.
    public func stop() async {
        let links = record.withLock { record in
            defer { record.links = [:] }
            return Array(record.links.values)
        }
        for link in links { link.outgoing.finish() }
        await application.stop()
    }

    /// One connection: `hello`, the envelopes owed to it, then what comes and goes until it ends.
    fileprivate func serve(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, channel: any Channel
    ) async throws {
        let (outgoing, continuation) = AsyncStream.makeStream(of: String.self)
        // https://api.slack.com/apis/socket-mode — "Connecting to the WebSocket URL": the hello message
        continuation.yield(
            "{\"type\":\"hello\",\"num_connections\":1,\"debug_info\":{\"host\":\"applink-7fc4fdbb64-4x5xq\","
                + "\"build_number\":10,\"approximate_connection_time\":18060},"
                + "\"connection_info\":{\"app_id\":\"A01K58AR4RF\"}}")
        let id = record.withLock { record in
            record.connectionsOpened += 1
            record.connectionsOpen += 1
            let id = record.connectionsOpened
            record.links[id] = Link(outgoing: continuation, channel: channel)
            record.newest = id
            return id
        }
        resendOwed()
        defer {
            record.withLock { record in
                record.links[id] = nil
                record.connectionsOpen -= 1
                if record.newest == id { record.newest = record.links.keys.max() }
            }
            continuation.finish()
            resendOwed()
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await text in outgoing { try await outbound.write(.text(text)) }
            }
            group.addTask {
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    guard case .text(let text) = message else { continue }
                    self.received(text, on: id)
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Sends on the newest connection what waits for one, and again, as a retry, what went out on
    /// a connection that has ended without being acknowledged.
    private func resendOwed() {
        let (link, texts): (Link?, [String]) = record.withLock { record in
            guard let newest = record.newest, let link = record.links[newest] else { return (nil, []) }
            var texts: [String] = []
            var pending: [(envelope: Envelope, connection: Int)] = []
            for (envelope, connection) in record.pending {
                guard record.links[connection] == nil else {
                    pending.append((envelope, connection))
                    continue
                }
                let again = envelope.retried()
                pending.append((again, newest))
                record.deliveries.append(
                    Delivery(envelopeID: again.id, connection: newest, retryAttempt: again.retryAttempt))
                texts.append(again.text)
            }
            for envelope in record.waiting {
                pending.append((envelope, newest))
                record.deliveries.append(
                    Delivery(envelopeID: envelope.id, connection: newest, retryAttempt: envelope.retryAttempt))
                texts.append(envelope.text)
            }
            record.waiting = []
            record.pending = pending
            return (link, texts)
        }
        for text in texts { link?.outgoing.yield(text) }
    }

    /// An acknowledgement (https://api.slack.com/apis/socket-mode — "Acknowledging events").
    private func received(_ text: String, on connection: Int) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
            let envelopeID = object["envelope_id"] as? String
        else { return }
        let payload = (object["payload"] as? [String: Any])?.compactMapValues { $0 as? String }
        let dropped: Link? = record.withLock { record in
            guard !record.dropped.contains(connection) else { return nil }
            record.acknowledgements.append(
                Acknowledgement(envelopeID: envelopeID, connection: connection, payload: payload))
            record.pending.removeAll { $0.envelope.id == envelopeID }
            guard let count = record.dropAtAcknowledgements, record.acknowledgements.count >= count else { return nil }
            record.dropAtAcknowledgements = nil
            record.dropped.insert(connection)
            return record.links[connection]
        }
        // A connection lost, not closed: no close frame.
        dropped?.channel.close(promise: nil)
    }

    /// A post to the `response_url` of envelope `id`.
    private func posted(_ fields: [String: String], to id: String) {
        record.withLock { $0.postedAnswers.append(PostedAnswer(envelopeID: id, fields: fields)) }
    }

    fileprivate static func json(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The server the routes answer for, set once it has started.
    private final class Shared: Sendable {
        private let value = Mutex<SlackSocketModeServer?>(nil)

        var server: SlackSocketModeServer? { value.withLock { $0 } }

        func set(_ server: SlackSocketModeServer) { value.withLock { $0 = server } }
    }
}

/// Why ``SlackSocketModeServer`` could not do what a test asked.
public enum SlackSocketModeServerError: Error, CustomStringConvertible {
    /// The awaited condition did not hold in time; the record then.
    case timedOut(SlackSocketModeServer.Record)

    public var description: String {
        switch self {
        case .timedOut(let record):
            "timed out: \(record.connectionsOpened) connections, \(record.deliveries.count) deliveries, "
                + "\(record.acknowledgements.count) acknowledgements, \(record.postedAnswers.count) answers posted"
        }
    }
}
