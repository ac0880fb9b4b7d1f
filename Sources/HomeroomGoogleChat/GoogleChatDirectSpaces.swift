import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks

/// The direct-message space of each person who talked to the Chat app in one, by user number
/// (`direct:NUMBER` in the adapter state of `googlechat`/`app`), so a notification to them needs no
/// lookup.
struct GoogleChatDirectSpaces: Sendable {
    let database: any Database
    let state = AdapterState(adapter: WebhookPlatform.googlechat.rawValue, account: "app")

    /// The remembered space of `users/NUMBER`, or nil.
    func space(of number: String) async throws -> String? {
        try await state.value(for: key(number), in: database)
    }

    /// Remembers `space` as the direct-message space of `users/NUMBER`, who is `person` (so that
    /// `/me forget` forgets it too).
    func remember(_ space: String, of number: String, person: UserID, at now: Date) async throws {
        try await state.set(space, for: key(number), about: person, at: now, in: database)
    }

    /// Forgets the direct-message space of `users/NUMBER` (the app was removed from it).
    func forget(_ number: String) async throws {
        try await state.remove(key(number), in: database)
    }

    private func key(_ number: String) -> String { "direct:\(number)" }
}
