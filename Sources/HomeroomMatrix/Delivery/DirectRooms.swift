import Foundation
import HomeroomCore
import HomeroomEngine
import Synchronization

/// The direct rooms one account opened with people, remembered in its ``AdapterState``: the room
/// with `@alice:server` under `direct:@alice:server`, and the person back under `room:!id:server`.
///
/// A room is created the first time someone is written to (`is_direct`, and marked in the bot's
/// own `m.direct` account data when its id is given), and reused after. Two deliveries to one
/// person at once wait for the same creation, so one room is opened; across instances, the
/// account's duty makes one instance the only one that delivers.
package struct DirectRooms: Sendable {
    let client: MatrixClient
    let state: AdapterState
    let clock: any HomeroomClock
    /// The bot's Matrix id, whose `m.direct` lists the rooms it opens; nil: not marked.
    let botUserID: String?
    /// The creations under way in this process, by person.
    private let opening = OpeningRooms()

    /// Rooms kept per person in the bot's `m.direct`, the newest.
    static let markedRoomsPerPerson = 5

    /// The direct rooms of `account`, opened through `client` (logged in as the account, the bot
    /// `botUserID`).
    package init(client: MatrixClient, account: String, clock: any HomeroomClock, botUserID: String? = nil) {
        self.client = client
        self.state = AdapterState(adapter: "matrix", account: account)
        self.clock = clock
        self.botUserID = botUserID
    }

    /// The direct room with `person` (`@alice:school.example`): the remembered one, or one created
    /// now (the person invited) and remembered. Throws ``MatrixAPIError`` when it cannot be created.
    package func room(for person: String, database: any Database) async throws -> String {
        if let known = try await state.value(for: Self.personKey(person), in: database) { return known }
        let task = opening.task(for: person) { [self] in
            // Whoever came first may have finished between the read above and now.
            if let known = try await state.value(for: Self.personKey(person), in: database) { return known }
            let roomID = try await client.createDirectRoom(with: person)
            try await remember(roomID: roomID, person: person, database: database)
            await mark(roomID, with: person)
            return roomID
        }
        return try await task.value
    }

    /// True when `roomID` is a direct room this account opened or was invited to as one.
    package func isDirectRoom(_ roomID: String, database: any Database) async throws -> Bool {
        try await state.value(for: Self.roomKey(roomID), in: database) != nil
    }

    /// Remembers `roomID` as the direct room with `person` (a room someone invited the bot to as direct).
    package func remember(roomID: String, person: String, database: any Database) async throws {
        let user = UserID(adapter: "matrix", id: person)
        try await state.set(person, for: Self.roomKey(roomID), about: user, at: clock.now, in: database)
        try await state.set(roomID, for: Self.personKey(person), about: user, at: clock.now, in: database)
    }

    /// Forgets `roomID` (the bot left it or was removed): the next message to its person opens a new one.
    package func forget(roomID: String, database: any Database) async throws {
        if let person = try await state.value(for: Self.roomKey(roomID), in: database),
            try await state.value(for: Self.personKey(person), in: database) == roomID
        {
            try await state.remove(Self.personKey(person), in: database)
        }
        try await state.remove(Self.roomKey(roomID), in: database)
    }

    /// Adds `roomID` to the bot's `m.direct` under `person`, so that the bot's sessions in other
    /// clients list it as a direct room too. Best effort: the room works without it, and marks
    /// that cannot be read are left as they are (never overwritten unread).
    private func mark(_ roomID: String, with person: String) async {
        guard let botUserID, var marks = try? await client.directRoomMarks(of: botUserID) else { return }
        let rooms = marks[person, default: []].filter { $0 != roomID } + [roomID]
        marks[person] = Array(rooms.suffix(Self.markedRoomsPerPerson))
        _ = try? await client.setDirectRoomMarks(marks, of: botUserID)
    }

    static func personKey(_ person: String) -> String { "direct:\(person)" }
    static func roomKey(_ roomID: String) -> String { "room:\(roomID)" }
}

/// The direct rooms being created in this process, one task per person: a second delivery to
/// someone waits for the first one's room instead of creating another.
private final class OpeningRooms: Sendable {
    private let tasks = Mutex<[String: Task<String, any Error>]>([:])

    /// The creation under way for `person`, or a new one running `create`; it is forgotten once done.
    func task(for person: String, _ create: @escaping @Sendable () async throws -> String) -> Task<String, any Error> {
        tasks.withLock { tasks in
            if let running = tasks[person] { return running }
            let task = Task<String, any Error> { [weak self] in
                defer { self?.finished(person) }
                return try await create()
            }
            tasks[person] = task
            return task
        }
    }

    private func finished(_ person: String) {
        _ = tasks.withLock { $0.removeValue(forKey: person) }
    }
}
