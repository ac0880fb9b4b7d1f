import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Lunch
import Testing

@testable import HomeroomMatrix

/// A whole session against a loopback homeserver that answers with set batches: the first sync
/// answers nothing, a later `!lunch` is answered once, an encrypted room is told once, and the
/// sync position is stored.
@Suite struct MatrixSyncSessionTests {
    static let room = "!class:school.example"
    static let secret = "!secret:school.example"

    /// The request path of a sync from `since`, as the client asks it.
    static func syncPath(since: String?) -> String {
        var query: [(String, String)] = []
        if let since { query.append(("since", since)) }
        query += [("timeout", "0"), ("filter", SyncFilter.forSync(since: since)), ("set_presence", "offline")]
        return String(MatrixPath.url(on: URL(string: "http://h")!, ["sync"], query: query).dropFirst("http://h".count))
    }

    static func sendPath(_ roomID: String, _ transactionID: String) -> String {
        MatrixTestServer.path("rooms", roomID, "send", "m.room.message", transactionID)
    }

    @Test func theFirstSyncAnswersNothingALaterCommandIsAnsweredAndThePositionStored() async throws {
        try await TestBot.with(plugins: [LunchPlugin.self]) { bot in
            try await MatrixTestServer.with { server in
                let first = #"""
                    {"next_batch":"s1","rooms":{"join":{
                      "\#(Self.room)":{"summary":{"m.joined_member_count":3},"state":{"events":[]},
                        "timeline":{"events":[{"type":"m.room.message","event_id":"$old","sender":"@alice:school.example",
                          "content":{"msgtype":"m.text","body":"!lunch"},"unsigned":{"age":10}}]}},
                      "\#(Self.secret)":{"state":{"events":[{"type":"m.room.encryption","sender":"@carol:school.example",
                        "state_key":"","content":{"algorithm":"m.megolm.v1.aes-sha2"}}]},"timeline":{"events":[]}}}}}
                    """#
                let second = #"""
                    {"next_batch":"s2","rooms":{"join":{"\#(Self.room)":{
                      "state":{"events":[{"type":"m.room.member","sender":"@alice:school.example",
                        "state_key":"@alice:school.example","content":{"membership":"join","displayname":"Alice <b>"}}]},
                      "timeline":{"events":[
                        {"type":"m.room.message","event_id":"$q1","sender":"@alice:school.example",
                          "content":{"msgtype":"m.text","body":"!lunch"},"unsigned":{"age":100}},
                        {"type":"m.room.message","event_id":"$n1","sender":"@otherbot:school.example",
                          "content":{"msgtype":"m.notice","body":"!lunch"},"unsigned":{"age":100}}]}}}}}
                    """#
                server.server.serve(Self.syncPath(since: nil), MatrixTestServer.json(first))
                server.server.serve(Self.syncPath(since: "s1"), MatrixTestServer.json(second))
                server.server.serve(
                    MatrixTestServer.path("rooms", Self.room, "joined_members"),
                    MatrixTestServer.json(#"{"joined":{"@a:s":{},"@b:s":{},"@c:s":{}}}"#))
                let answerPath = Self.sendPath(Self.room, TransactionID.forReply(unique: "$q1"))
                let noticePath = Self.sendPath(
                    Self.secret, TransactionID.forReply(unique: MatrixBatchHandler.encryptedKey(Self.secret)))
                server.server.serve(answerPath, MatrixTestServer.json(#"{"event_id":"$a1"}"#))
                server.server.serve(noticePath, MatrixTestServer.json(#"{"event_id":"$a2"}"#))

                var account = server.account(token: "token")
                account.syncTimeoutSeconds = 0
                let client = server.client()
                let hold = DutyHold(duty: .connection("matrix", "school"), token: 1, database: bot.runtime.database) {
                    true
                }
                let status = AdapterStatusBoard()
                let session = MatrixSyncSession(
                    account: account,
                    credentials: MatrixCredentials(userID: account.userID, deviceID: "D", accessToken: "token"),
                    client: client, directRooms: DirectRooms(client: client, account: "school", clock: bot.clock),
                    dispatcher: bot.runtime.dispatcher, adapterStatus: status, clock: bot.clock,
                    logger: bot.runtime.logger)
                let running = Task { try await session.run(under: hold) }
                defer { running.cancel() }

                let answers = try await server.server.requests(to: answerPath, count: 1, timeout: .seconds(30))
                let answer = try #require(answers.first)
                #expect(answer.method == "PUT")
                #expect(answer.text.contains(#""msgtype":"m.notice""#))
                #expect(answer.text.contains(#""user_ids":["@alice:school.example"]"#))
                #expect(answer.text.contains("Alice &lt;b&gt;: "), "named, escaped in the HTML: \(answer.text)")
                #expect(answer.text.contains(#""event_id":"$q1""#), "a reply to the command")
                let notices = try await server.server.requests(to: noticePath, count: 1, timeout: .seconds(30))
                #expect(notices.count == 1)
                _ = try await server.server.requests(to: Self.syncPath(since: "s2"), count: 1, timeout: .seconds(30))
                let stored = try await AdapterState(adapter: "matrix", account: "school")
                    .value(for: "since", in: bot.runtime.database)
                #expect(stored == "s2")
                let told = try await AdapterState(adapter: "matrix", account: "school")
                    .value(for: MatrixBatchHandler.encryptedKey(Self.secret), in: bot.runtime.database)
                #expect(told != nil)
                let sends = server.server.requests.filter { $0.path.contains("/send/") }
                #expect(sends.count == 2, "the old command, the notice of another bot: never answered")
                #expect(status.snapshot["matrix/school"] != nil)
                running.cancel()
                let ended: Void? = try? await running.value
                #expect(ended != nil, "a cancelled session ends without an error")
            }
        }
    }
}
