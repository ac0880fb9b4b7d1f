import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks

/// What the Teams bot remembers to reach people and channels later, in
/// `AdapterState(adapter: "teams", account: "bot")`: `person:TENANT:AAD` (the service URL, the
/// person's Bot Framework id `29:…`, the tenant and, once there is one, the personal conversation) and
/// `conversation:ID` (the service URL of a channel or group chat).
struct TeamsConversationReferences: Sendable {
    /// How to reach one person.
    struct Person: Codable, Equatable, Sendable {
        var serviceUrl: String
        /// `29:…`
        var userID: String
        var tenant: String
        /// The one-to-one conversation with the bot (`a:…`), when known.
        var conversationID: String?
    }

    /// How to reach one channel or group chat.
    struct Channel: Codable, Equatable, Sendable {
        var serviceUrl: String
    }

    let database: any Database
    private let state = AdapterState(adapter: WebhookPlatform.teams.rawValue, account: "bot")

    init(database: any Database) {
        self.database = database
    }

    /// The person `TENANT:AAD`, or nil when they never talked to the bot.
    func person(_ id: String) async throws -> Person? {
        try await read(Person.self, "person:\(id)")
    }

    /// The channel or group chat `id`, or nil when the bot was never in it.
    func channel(_ id: String) async throws -> Channel? {
        try await read(Channel.self, "conversation:\(id)")
    }

    /// Keeps `person` as `TENANT:AAD`; `/me forget` deletes it.
    func remember(_ person: Person, as id: String, at now: Date) async throws {
        try await state.set(
            String(decoding: JSONBody.encode(person), as: UTF8.self), for: "person:\(id)",
            about: UserID(adapter: WebhookPlatform.teams.rawValue, id: id), at: now, in: database)
    }

    /// Keeps the channel or group chat `id`.
    func remember(_ channel: Channel, as id: String, at now: Date) async throws {
        try await state.set(
            String(decoding: JSONBody.encode(channel), as: UTF8.self), for: "conversation:\(id)", at: now, in: database)
    }

    /// Forgets the person `TENANT:AAD`.
    func forgetPerson(_ id: String) async throws {
        try await state.remove("person:\(id)", in: database)
    }

    /// Forgets the channel or group chat `id`.
    func forgetChannel(_ id: String) async throws {
        try await state.remove("conversation:\(id)", in: database)
    }

    private func read<Value: Decodable>(_ type: Value.Type, _ key: String) async throws -> Value? {
        guard let text = try await state.value(for: key, in: database) else { return nil }
        return try JSONDecoder().decode(Value.self, from: Data(text.utf8))
    }
}
