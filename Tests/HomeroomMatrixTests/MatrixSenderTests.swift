import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Synchronization
import Testing

@testable import HomeroomMatrix

/// A sender that records the targets it was given.
final class RecordingMatrixSender: MessageSender {
    let adapter = "matrix"
    private let targets = Mutex<[String]>([])
    var sent: [String] { targets.withLock { $0 } }

    func send(_ message: OutboxMessage) async throws {
        targets.withLock { $0.append(message.target.description) }
    }
}

@Suite struct MatrixSenderTests {
    /// Three accounts: two on one server (the later takes no people), one on another.
    static let settings: MatrixSettings = {
        var settings = MatrixSettings()
        settings.accounts = [
            MatrixAccountSettings(
                name: "school", homeserver: URL(string: "https://school.example")!, userID: "@bot:school.example",
                accessToken: "a"),
            MatrixAccountSettings(
                name: "staff", homeserver: URL(string: "https://staff.example")!, userID: "@bot:staff.example",
                accessToken: "b"),
            MatrixAccountSettings(
                name: "district", homeserver: URL(string: "https://school.example")!,
                userID: "@district:school.example", accessToken: "c"),
        ]
        return settings
    }()

    /// Targets and the account and recipient each is routed to.
    static let routes: [(String, String, MatrixRoute.Recipient)] = [
        ("channel:!lunch:school.example", "school", .room("!lunch:school.example")),
        ("channel:#lunch:school.example", "school", .alias("#lunch:school.example")),
        ("channel:#a/b:school.example", "school", .alias("#a/b:school.example")),
        ("channel:staff/!room:staff.example", "staff", .room("!room:staff.example")),
        ("channel:district/#news:school.example", "district", .alias("#news:school.example")),
        ("channel:school/!x:elsewhere.example", "school", .room("!x:elsewhere.example")),
        ("user:matrix:@alice:school.example", "school", .person("@alice:school.example")),
        ("user:matrix:@bob:staff.example", "staff", .person("@bob:staff.example")),
        ("user:matrix:@Cy:STAFF.Example", "staff", .person("@Cy:STAFF.Example")),
        ("user:matrix:@dee:elsewhere.example", "school", .person("@dee:elsewhere.example")),
        ("user:matrix:@eve:staff.example:8448", "school", .person("@eve:staff.example:8448")),
    ]

    /// Targets no account can deliver to, and why.
    static let refused: [(String, String)] = [
        ("channel:lunch", "lunch is not a Matrix room id"),
        ("channel:nobody/!x:school.example", "no Matrix account is named nobody"),
        ("channel:staff/lunch", "lunch is not a Matrix room id"),
        ("user:matrix:bob", "matrix:bob is not a Matrix id"),
    ]

    @Test func eachTargetIsRoutedToItsAccount() throws {
        for (stored, account, recipient) in Self.routes {
            let target = try #require(DeliveryTarget(stored: stored))
            let route = try MatrixRoute(target, settings: Self.settings)
            #expect(route.account == account && route.recipient == recipient, "\(stored)")
        }
        for (stored, reason) in Self.refused {
            let target = try #require(DeliveryTarget(stored: stored))
            do {
                _ = try MatrixRoute(target, settings: Self.settings)
                Issue.record("\(stored) was routed")
            } catch {
                #expect(error.isPermanent && error.description.contains(reason), "\(stored): \(error)")
            }
        }
        #expect(throws: DeliveryFailure.self) { try MatrixRoute(.channel("!a:b"), settings: MatrixSettings()) }
    }

    /// Every routed row is taken by its account's worker alone; rows that cannot be delivered are
    /// taken by the first account's (to be given up with the reason), except those naming an
    /// account that does not exist.
    @Test(arguments: TemporaryDatabase.availableBackends)
    func eachAccountsWorkerTakesExactlyTheRowsRoutedToIt(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            let stored = Self.routes.map(\.0) + Self.refused.map(\.0)
            for (index, text) in stored.enumerated() {
                let target = try #require(DeliveryTarget(stored: text))
                try await bot.runtime.outbox.enqueue(
                    adapter: "matrix", target: target, lines: ["to \(text)"], idempotencyKey: "k\(index)")
            }
            var taken: [String: Set<String>] = [:]
            for account in Self.settings.accounts {
                let sender = RecordingMatrixSender()
                let worker = OutboxDeliveryWorker(
                    outbox: bot.runtime.outbox, sender: sender, logger: TestBot.testLogger(),
                    targets: Self.settings.deliveryTargets(for: account))
                try await worker.deliverDue()
                taken[account.name] = Set(sender.sent)
            }
            for (target, account, _) in Self.routes {
                #expect(taken[account]?.contains(target) == true, "\(target) not taken by \(account)")
            }
            let schoolExpected =
                Set(Self.routes.filter { $0.1 == "school" }.map(\.0))
                .union(["channel:lunch", "user:matrix:bob"])
            #expect(taken["school"] == schoolExpected)
            #expect(
                taken["staff"] == Set(Self.routes.filter { $0.1 == "staff" }.map(\.0)).union(["channel:staff/lunch"]))
            #expect(taken["district"] == ["channel:district/#news:school.example"])
            #expect(try await bot.runtime.outbox.pendingCount() == 1, "channel:nobody/… waits for an account")
        }
    }

    @Test func failuresAreClassified() {
        let cases: [(MatrixAPIError.Kind, Double?, Bool)] = [
            (.rateLimited(retryAfter: .milliseconds(2500)), 2.5, false),
            (.noAnswer, nil, false),
            (.malformed, nil, false),
            (.refused(status: 502, errcode: nil), nil, false),
            (.refused(status: 408, errcode: nil), nil, false),
            (.refused(status: 401, errcode: "M_UNKNOWN_TOKEN"), nil, false),
            (.refused(status: 404, errcode: "M_NOT_FOUND"), nil, true),
            (.refused(status: 403, errcode: "M_FORBIDDEN"), nil, true),
            (.refused(status: 400, errcode: "M_INVALID_PARAM"), nil, true),
        ]
        for (kind, retryAfter, permanent) in cases {
            let failure = MatrixSender.failure(MatrixAPIError(kind, "x"), sendingTo: "!r:school.example")
            #expect(failure.retryAfter == retryAfter && failure.isPermanent == permanent, "\(kind): \(failure)")
        }
        let unknown = MatrixSender.failure(
            MatrixAPIError(.refused(status: 404, errcode: "M_NOT_FOUND"), "x"), sendingTo: "#gone:school.example")
        #expect(unknown.description == "no room #gone:school.example on the homeserver (M_NOT_FOUND)")
    }

    /// `lines` to `target` with `key`, put in the outbox and claimed, as a worker hands it to a sender.
    static func claimed(
        _ target: DeliveryTarget, key: String, lines: [String] = ["Pizza <b>", "at noon"], bot: TestBot
    )
        async throws -> OutboxMessage
    {
        try await bot.runtime.outbox.enqueue(adapter: "matrix", target: target, lines: lines, idempotencyKey: key)
        let claimed = try await bot.runtime.outbox.claim(for: "matrix")
        return try #require(claimed.first { $0.idempotencyKey == key })
    }

    @Test func nothingIsSentBeforeTheAccountIsLoggedInHere() async throws {
        try await TestBot.with { bot in
            let sender = MatrixSender(settings: Self.settings, accounts: LoggedInAccounts())
            let message = try await Self.claimed(.channel("!r:school.example"), key: "k", bot: bot)
            do {
                try await sender.send(message)
                Issue.record("sent while logged out")
            } catch let failure as DeliveryFailure {
                #expect(failure.description == "not logged in to school" && !failure.isPermanent)
            }
        }
    }

    @Test func theNoticeIsEscapedAndPingsNobody() throws {
        let notice = MatrixSender.notice(["Lunch <today>:", "fish & chips @room"])
        #expect(notice.body.hasPrefix("Lunch <today>:\nfish & chips @"))
        #expect(!notice.body.contains("@room"), "no client pings the room from the text")
        #expect(notice.formattedBody?.hasPrefix("Lunch &lt;today&gt;:<br>fish &amp; chips @") == true)
        let long = MatrixSender.notice(Array(repeating: "a line", count: 1000))
        #expect(long.body.split(separator: "\n").count <= MatrixAnswerRenderer.directLines)
        #expect(notice.mentionedUserIDs.isEmpty && notice.msgtype == "m.notice" && notice.inReplyTo == nil)
    }

    @Test func deliveriesThroughALoopbackHomeserver() async throws {
        try await MatrixTestServer.with { matrix in
            try await TestBot.with { bot in
                let account = matrix.account(token: "t")
                var settings = MatrixSettings()
                settings.accounts = [account]
                let accounts = LoggedInAccounts()
                let client = matrix.client(token: "t")
                let rooms = DirectRooms(client: client, account: "school", clock: bot.clock)
                accounts.add(
                    "school", .init(client: client, directRooms: rooms, hold: heldDuty(database: bot.runtime.database)))
                let sender = MatrixSender(settings: settings, accounts: accounts)
                func message(_ target: DeliveryTarget, key: String) async throws -> OutboxMessage {
                    try await Self.claimed(target, key: key, bot: bot)
                }
                func sendPath(_ room: String, _ key: String) -> String {
                    MatrixTestServer.path("rooms", room, "send", "m.room.message", "homeroom-\(key)")
                }
                // A room by id: the transaction id is the idempotency key's.
                matrix.server.serve(
                    sendPath("!lunch:school.example", "lunch:1"), MatrixTestServer.json(#"{"event_id": "$1"}"#))
                try await sender.send(try await message(.channel("!lunch:school.example"), key: "lunch:1"))
                let sent = try #require(matrix.requests(to: sendPath("!lunch:school.example", "lunch:1")).first)
                #expect(sent.method == "PUT" && sent.text.contains(#""msgtype":"m.notice""#))
                #expect(sent.text.contains("Pizza &lt;b&gt;<br>at noon") && sent.text.contains(#""user_ids":[]"#))
                // An alias, resolved once.
                let directory = MatrixTestServer.path("directory", "room", "#news:school.example")
                matrix.server.serve(directory, MatrixTestServer.json(#"{"room_id": "!news:school.example"}"#))
                matrix.server.serve(
                    sendPath("!news:school.example", "n1"), MatrixTestServer.json(#"{"event_id": "$2"}"#))
                matrix.server.serve(
                    sendPath("!news:school.example", "n2"), MatrixTestServer.json(#"{"event_id": "$3"}"#))
                try await sender.send(try await message(.channel("#news:school.example"), key: "n1"))
                try await sender.send(try await message(.channel("school/#news:school.example"), key: "n2"))
                #expect(matrix.requests(to: directory).count == 1)
                // An unknown alias is given up with the reason.
                let gone = MatrixTestServer.path("directory", "room", "#gone:school.example")
                matrix.server.serve(gone, MatrixTestServer.refusal(404, "M_NOT_FOUND"))
                await #expect(throws: DeliveryFailure.self) {
                    do {
                        try await sender.send(try await message(.channel("#gone:school.example"), key: "g"))
                    } catch let
                        failure as DeliveryFailure
                    {
                        #expect(failure.isPermanent && failure.description.contains("#gone:school.example"))
                        throw failure
                    }
                }
                // A person: the direct room, then, removed from it, a retry that opens a new one.
                let alice = try #require(UserID("matrix:@alice:school.example"))
                matrix.server.serve(
                    MatrixTestServer.path("createRoom"),
                    sequence: [
                        MatrixTestServer.json(#"{"room_id": "!dm1:school.example"}"#),
                        MatrixTestServer.json(#"{"room_id": "!dm2:school.example"}"#),
                    ])
                matrix.server.serve(sendPath("!dm1:school.example", "p"), MatrixTestServer.refusal(403, "M_FORBIDDEN"))
                matrix.server.serve(sendPath("!dm2:school.example", "p"), MatrixTestServer.json(#"{"event_id": "$4"}"#))
                let toAlice = try await message(.user(alice), key: "p")
                do {
                    try await sender.send(toAlice)
                    Issue.record("sent to a room the bot was removed from")
                } catch let failure as DeliveryFailure {
                    #expect(!failure.isPermanent && failure.description.contains("@alice:school.example"))
                }
                #expect(!(try await rooms.isDirectRoom("!dm1:school.example", database: bot.runtime.database)))
                try await sender.send(toAlice)
                #expect(matrix.requests(to: sendPath("!dm2:school.example", "p")).count == 1)
                // A rate limit waits as long as the server asked.
                matrix.server.serve(
                    sendPath("!lunch:school.example", "busy"),
                    MatrixTestServer.refusal(429, "M_LIMIT_EXCEEDED", extra: #", "retry_after_ms": 1500"#))
                do {
                    try await sender.send(try await message(.channel("!lunch:school.example"), key: "busy"))
                    Issue.record("sent while rate-limited")
                } catch let failure as DeliveryFailure {
                    #expect(failure.retryAfter == 1.5 && !failure.isPermanent)
                }
            }
        }
    }
}
