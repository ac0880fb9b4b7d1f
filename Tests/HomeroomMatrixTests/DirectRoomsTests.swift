import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Testing

@testable import HomeroomMatrix

@Suite struct DirectRoomsTests {
    static let alice = "@alice:school.example"
    static let createRoom = MatrixTestServer.path("createRoom")

    @Test(arguments: TemporaryDatabase.availableBackends)
    func oneRoomIsOpenedForManyDeliveriesAtOnceAndThenReused(backend: DatabaseBackend) async throws {
        try await MatrixTestServer.with { matrix in
            try await TestBot.with(backend: backend) { bot in
                matrix.server.serve(Self.createRoom, MatrixTestServer.json(#"{"room_id": "!dm:school.example"}"#))
                let rooms = DirectRooms(client: matrix.client(), account: "school", clock: bot.clock)
                let database = bot.runtime.database
                let opened = try await withThrowingTaskGroup(of: String.self) { group in
                    for _ in 0..<20 { group.addTask { try await rooms.room(for: Self.alice, database: database) } }
                    return try await group.reduce(into: [String]()) { $0.append($1) }
                }
                #expect(opened.count == 20 && Set(opened) == ["!dm:school.example"])
                #expect(matrix.requests(to: Self.createRoom).count == 1)
                let body = try #require(matrix.requests(to: Self.createRoom).first).text
                #expect(body.contains(#""is_direct":true"#) && body.contains(Self.alice))
                #expect(try await rooms.isDirectRoom("!dm:school.example", database: database))
                #expect(!(try await rooms.isDirectRoom("!other:school.example", database: database)))
                let again = try await rooms.room(for: Self.alice, database: database)
                #expect(again == "!dm:school.example" && matrix.requests(to: Self.createRoom).count == 1)
                // Another instance of the account (a restart) reads the same room.
                let restarted = DirectRooms(client: matrix.client(), account: "school", clock: bot.clock)
                #expect(try await restarted.room(for: Self.alice, database: database) == "!dm:school.example")
                let otherAccount = DirectRooms(client: matrix.client(), account: "staff", clock: bot.clock)
                #expect(!(try await otherAccount.isDirectRoom("!dm:school.example", database: database)))
            }
        }
    }

    @Test func aForgottenRoomIsReplacedAndAFailedCreationStoresNothing() async throws {
        try await MatrixTestServer.with { matrix in
            try await TestBot.with { bot in
                let database = bot.runtime.database
                let rooms = DirectRooms(client: matrix.client(), account: "school", clock: bot.clock)
                matrix.server.serve(Self.createRoom, MatrixTestServer.refusal(403, "M_FORBIDDEN"))
                await #expect(throws: MatrixAPIError.self) { try await rooms.room(for: Self.alice, database: database) }
                #expect(
                    try await AdapterState(adapter: "matrix", account: "school").value(
                        for: "direct:\(Self.alice)", in: database) == nil)
                matrix.server.serve(
                    Self.createRoom,
                    sequence: [
                        MatrixTestServer.json(#"{"room_id": "!first:school.example"}"#),
                        MatrixTestServer.json(#"{"room_id": "!second:school.example"}"#),
                    ])
                #expect(try await rooms.room(for: Self.alice, database: database) == "!first:school.example")
                try await rooms.forget(roomID: "!first:school.example", database: database)
                #expect(!(try await rooms.isDirectRoom("!first:school.example", database: database)))
                #expect(try await rooms.room(for: Self.alice, database: database) == "!second:school.example")
                // Forgetting an older room of the person keeps the current one.
                try await rooms.remember(
                    roomID: "!invited:school.example", person: "@bob:school.example", database: database)
                try await rooms.remember(
                    roomID: "!newer:school.example", person: "@bob:school.example", database: database)
                try await rooms.forget(roomID: "!invited:school.example", database: database)
                #expect(try await rooms.room(for: "@bob:school.example", database: database) == "!newer:school.example")
                #expect(matrix.requests(to: Self.createRoom).count == 3)
            }
        }
    }

    static let marks = MatrixTestServer.path("user", "@homeroom:school.example", "account_data", "m.direct")

    @Test func aRoomOpenedIsMarkedDirectInTheBotsAccountDataBesideTheOthers() async throws {
        // Client-Server API v3, Direct Messaging (https://spec.matrix.org/v1.12/client-server-api/#mdirect):
        // `m.direct` maps each person to the ids of their direct rooms; read with
        // GET /user/{userId}/account_data/m.direct, written whole with PUT to the same path.
        try await MatrixTestServer.with { matrix in
            try await TestBot.with { bot in
                matrix.server.serve(Self.createRoom, MatrixTestServer.json(#"{"room_id": "!dm:school.example"}"#))
                matrix.server.serve(
                    Self.marks,
                    sequence: [
                        MatrixTestServer.json(
                            #"{"@bob:school.example":["!b:school.example"],"@alice:school.example":["!old:school.example"]}"#
                        ),
                        MatrixTestServer.json("{}"),
                    ])
                let rooms = DirectRooms(
                    client: matrix.client(), account: "school", clock: bot.clock, botUserID: "@homeroom:school.example")
                #expect(try await rooms.room(for: Self.alice, database: bot.runtime.database) == "!dm:school.example")
                let requests = matrix.requests(to: Self.marks)
                #expect(requests.map(\.method) == ["GET", "PUT"])
                let written = try JSONDecoder().decode(
                    [String: [String]].self, from: Data(try #require(requests.last).body))
                #expect(
                    written == [
                        "@bob:school.example": ["!b:school.example"],
                        Self.alice: ["!old:school.example", "!dm:school.example"],
                    ])
            }
        }
    }

    @Test func unreadableMarksAreLeftAsTheyAreAndTheRoomStillOpens() async throws {
        try await MatrixTestServer.with { matrix in
            try await TestBot.with { bot in
                matrix.server.serve(Self.createRoom, MatrixTestServer.json(#"{"room_id": "!dm:school.example"}"#))
                matrix.server.serve(Self.marks, MatrixTestServer.json(#"{"@bob:school.example":"not a list"}"#))
                let rooms = DirectRooms(
                    client: matrix.client(), account: "school", clock: bot.clock, botUserID: "@homeroom:school.example")
                let opened = try await rooms.room(for: Self.alice, database: bot.runtime.database)
                #expect(opened == "!dm:school.example")
                #expect(matrix.requests(to: Self.marks).map(\.method) == ["GET"], "nothing written over them")
            }
        }
    }
}
