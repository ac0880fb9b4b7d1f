import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Logging
import Lunch
import Testing

@testable import HomeroomMatrix

/// A `/sync` answer larger than the bot reads (16 MB) is asked for again with fewer events a
/// room, then skipped ahead with one log line saying how much went unread: the account never
/// asks the same thing forever. The homeserver is a loopback stand-in answering the slice of
/// Client-Server API v3 "GET /_matrix/client/v3/sync" (https://spec.matrix.org/v1.12/client-server-api/#get_matrixclientv3sync)
/// the session asks: `since`, `timeout`, an inline `filter` whose `room.timeline.limit` it shrinks,
/// `set_presence`; the answer's `next_batch` and `rooms.join.*.timeline.limited`.
@Suite struct OversizedSyncTests {
    static let room = "!class:school.example"

    /// The request path of a sync from `since` with `filter`, without waiting (`timeout=0`).
    static func path(since: String, filter: String) -> String {
        let query = [("since", since), ("timeout", "0"), ("filter", filter), ("set_presence", "offline")]
        return String(MatrixPath.url(on: URL(string: "http://h")!, ["sync"], query: query).dropFirst("http://h".count))
    }

    /// A sync answer of 17 MB: one room whose timeline holds one message of 17 MB of text.
    static let seventeenMegabytes: LoopbackHTTPServer.Response = {
        let text = String(repeating: "x", count: 17 << 20)
        return MatrixTestServer.json(
            #"{"next_batch":"never","rooms":{"join":{"\#(room)":{"timeline":{"limited":true,"events":[{"type":"m.room.message","event_id":"$big","sender":"@ada:school.example","content":{"msgtype":"m.text","body":"\#(text)"}}]}}}}}"#
        )
    }()

    /// A sync session of the stand-in's account, asking without waiting, under a held duty on
    /// `bot`'s database, to run until cancelled.
    static func session(on server: MatrixTestServer, of bot: TestBot, logger: Logger)
        -> @Sendable () async throws -> Void
    {
        var account = server.account(token: "token")
        account.syncTimeoutSeconds = 0
        let client = server.client()
        let session = MatrixSyncSession(
            account: account,
            credentials: MatrixCredentials(userID: account.userID, deviceID: "D", accessToken: "token"),
            client: client, directRooms: DirectRooms(client: client, account: "school", clock: bot.clock),
            dispatcher: bot.runtime.dispatcher, adapterStatus: AdapterStatusBoard(), clock: bot.clock, logger: logger)
        let database = bot.runtime.database
        return { try await session.run(under: heldDuty(database: database)) }
    }

    @Test func aSyncOverSixteenMegabytesShrinksItsTimelineThenSkipsAheadAndGoesOn() async throws {
        try await TestBot.with(plugins: [LunchPlugin.self]) { bot in
            try await MatrixTestServer.with { server in
                let state = AdapterState(adapter: "matrix", account: "school")
                try await state.set("s1", for: MatrixSyncSession.sinceKey, at: bot.clock.now, in: bot.runtime.database)
                let asked = [
                    Self.path(since: "s1", filter: SyncFilter.incremental),
                    Self.path(since: "s1", filter: SyncFilter.filter(timelineLimit: 10)),
                    Self.path(since: "s1", filter: SyncFilter.filter(timelineLimit: 1)),
                ]
                for path in asked { server.server.serve(path, Self.seventeenMegabytes) }
                let skip = Self.path(since: "s1", filter: SyncFilter.skippingAhead)
                server.server.serve(
                    skip,
                    MatrixTestServer.json(
                        #"{"next_batch":"s2","rooms":{"join":{"\#(Self.room)":{"timeline":{"limited":true,"events":[]}},"!other:school.example":{"timeline":{"limited":true,"events":[]}}}}}"#
                    ))
                let after = Self.path(since: "s2", filter: SyncFilter.incremental)
                server.server.serve(after, MatrixTestServer.json(#"{"next_batch":"s2"}"#))

                let recorder = LogRecorder()
                try await whileRunning(Self.session(on: server, of: bot, logger: recorder.logger())) {
                    _ = try await server.server.requests(to: after, count: 1, timeout: .seconds(30))
                    for path in asked + [skip] {
                        #expect(server.requests(to: path).count == 1, "asked once: \(path)")
                    }
                    let stored = try await state.value(for: MatrixSyncSession.sinceKey, in: bot.runtime.database)
                    #expect(stored == "s2")
                    let skipped = recorder.lines.filter { $0.contains("skipped to s2") }
                    #expect(skipped.count == 1, "\(recorder.lines)")
                    #expect(skipped.first?.contains("the news of 2 rooms went unread") == true, "\(skipped)")
                    #expect(skipped.first?.contains("the position s1") == true, "\(skipped)")
                    #expect(
                        server.server.requests.filter { $0.path.contains("/send/") }.isEmpty,
                        "nothing of the skipped news answered")
                }
            }
        }
    }

    @Test func aSmallerTimelineThatFitsIsReadAndItsCommandsAnswered() async throws {
        try await TestBot.with(plugins: [LunchPlugin.self]) { bot in
            try await MatrixTestServer.with { server in
                let state = AdapterState(adapter: "matrix", account: "school")
                try await state.set("s1", for: MatrixSyncSession.sinceKey, at: bot.clock.now, in: bot.runtime.database)
                server.server.serve(Self.path(since: "s1", filter: SyncFilter.incremental), Self.seventeenMegabytes)
                let shrunk = Self.path(since: "s1", filter: SyncFilter.filter(timelineLimit: 10))
                server.server.serve(
                    shrunk,
                    MatrixTestServer.json(
                        #"{"next_batch":"s2","rooms":{"join":{"\#(Self.room)":{"summary":{"m.joined_member_count":3},"timeline":{"limited":true,"events":[{"type":"m.room.message","event_id":"$q","sender":"@ada:school.example","content":{"msgtype":"m.text","body":"!lunch"}}]}}}}}"#
                    ))
                server.server.serve(
                    MatrixTestServer.path("rooms", Self.room, "joined_members"),
                    MatrixTestServer.json(#"{"joined":{"@a:s":{},"@b:s":{},"@c:s":{}}}"#))
                let answer = MatrixTestServer.path(
                    "rooms", Self.room, "send", "m.room.message", TransactionID.forReply(unique: "$q"))
                server.server.serve(answer, MatrixTestServer.json(#"{"event_id":"$a"}"#))
                let after = Self.path(since: "s2", filter: SyncFilter.incremental)
                server.server.serve(after, MatrixTestServer.json(#"{"next_batch":"s2"}"#))

                let recorder = LogRecorder()
                try await whileRunning(Self.session(on: server, of: bot, logger: recorder.logger())) {
                    let answers = try await server.server.requests(to: answer, count: 1, timeout: .seconds(30))
                    #expect(answers.count == 1)
                    _ = try await server.server.requests(to: after, count: 1, timeout: .seconds(30))
                    #expect(server.requests(to: shrunk).count == 1)
                    let unread = recorder.lines.filter { $0.contains("older ones in 1 rooms went unread") }
                    #expect(unread.count == 1, "\(recorder.lines)")
                }
            }
        }
    }
}
