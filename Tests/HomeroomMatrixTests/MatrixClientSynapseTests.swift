import AsyncHTTPClient
import Foundation
import HomeroomTestbed
import Logging
import Testing

@testable import HomeroomMatrix

/// The client against a real Synapse: login, whoami, the first sync with its filter, joins,
/// sends deduplicated by transaction id, direct rooms, aliases, member counts, and a removal seen
/// through the incremental filter.
@Suite(.enabled(if: SynapseServer.isInstalled, "needs Synapse in .build-venv/synapse (Scripts/test installs it)"))
struct MatrixClientSynapseTests {
    /// Syncs from `since` with the incremental filter until `found` finds something (at most 10 syncs).
    private func syncUntil<T>(
        _ client: MatrixClient, since: String, _ found: (SyncBatch) -> T?
    ) async throws -> (T, String) {
        var since = since
        for _ in 0..<10 {
            let batch = try await client.sync(since: since, filter: SyncFilter.incremental, timeout: .seconds(5))
            since = batch.nextBatch
            if let value = found(batch) { return (value, since) }
        }
        throw MatrixAPIError(.noAnswer, "not seen in 10 syncs")
    }

    @Test func aSessionLogsInSyncsJoinsAndSendsOnce() async throws {
        try await SynapseServer.with { server in
            let bot = try await server.register(localpart: "bot")
            let ada = try await server.student("ada")
            let anonymous = MatrixClient(
                homeserver: server.url, requestTimeout: .seconds(30), http: .shared,
                logger: Logger(label: "matrix-client-synapse-test"))
            let credentials = try await anonymous.login(user: "bot", password: bot.password, deviceName: "Homeroom")
            #expect(credentials.userID == bot.userID)
            let client = anonymous.authenticated(with: credentials.accessToken)
            let who = try await client.whoAmI()
            #expect(who.userID == bot.userID)
            #expect(who.deviceID == credentials.deviceID)

            // An invitation waiting before the first start arrives in the first sync; history does not.
            let room = try await ada.createRoom(name: "Lunch", invite: [bot.userID])
            try await ada.send(text: "old news", to: room)
            let first = try await client.sync(since: nil, filter: SyncFilter.initial, timeout: .zero)
            #expect(first.invited.map(\.roomID) == [room])
            #expect(try await client.join(room) == room)
            var since = first.nextBatch

            // A message arrives through the incremental filter.
            let asked = try await ada.send(text: "!lunch", to: room)
            let (seen, afterMessage) = try await syncUntil(client, since: since) { batch in
                batch.joined.first { $0.roomID == room }?.timeline.first { $0.eventID == asked }
            }
            since = afterMessage
            #expect(seen.content.body == "!lunch")
            #expect(seen.sender == ada.userID)

            // The same transaction id twice: one event.
            let message = MatrixMessage(body: "Pasta", mentionedUserIDs: [ada.userID], inReplyTo: asked)
            let transaction = TransactionID.forOutbox(idempotencyKey: "lunch 2026-11-24/#a:b")
            let once = try await client.send(message, to: room, transactionID: transaction)
            let twice = try await client.send(message, to: room, transactionID: transaction)
            #expect(once == twice)
            let other = try await client.send(message, to: room, transactionID: TransactionID.forReply(unique: asked))
            #expect(other != once)
            #expect(try await client.joinedMemberCount(of: room) == 2)

            try await ada.addAlias("#lunch:school.test", for: room)
            #expect(try await client.resolveAlias("#lunch:school.test") == room)
            let unknown = await #expect(throws: MatrixAPIError.self) {
                try await client.resolveAlias("#nowhere:school.test")
            }
            #expect(unknown?.kind == .refused(status: 404, errcode: "M_NOT_FOUND"))

            let direct = try await client.createDirectRoom(with: ada.userID)
            #expect(direct.hasPrefix("!"))
            #expect(try await client.joinedMemberCount(of: direct) == 1)

            // A removal arrives in rooms.leave (the member events are in the timeline filter for it).
            try await ada.kick(bot.userID, from: room, reason: "end of term")
            let (left, _) = try await syncUntil(client, since: since) { batch in batch.left.contains(room) ? true : nil
            }
            #expect(left)
            try await client.forget(room)

            try await client.leave(direct, reason: "done")
            let stranger = anonymous.authenticated(with: "not-a-token")
            let refused = await #expect(throws: MatrixAPIError.self) { try await stranger.whoAmI() }
            #expect(refused?.isUnknownToken == true)
        }
    }
}
