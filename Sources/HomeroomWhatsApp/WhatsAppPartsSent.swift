import Foundation
import HomeroomCore
import HomeroomEngine

/// How many parts of a long notification already went out, so that a retry after a failure
/// halfway sends only the rest. Kept in the adapter state of `whatsapp`, account `parts`, by the
/// notification's idempotency key, naming the person, until the last part went.
struct WhatsAppPartsSent: Sendable {
    let state = AdapterState(adapter: WhatsAppPlatform.platform.rawValue, account: "parts")
    let database: any Database

    /// The parts of `message` sent so far.
    func count(of message: OutboxMessage) async throws -> Int {
        try await state.value(for: message.idempotencyKey, in: database).flatMap { Int($0) } ?? 0
    }

    /// Records that `count` parts of `message` to `number` went out.
    func record(_ count: Int, of message: OutboxMessage, to number: PhoneNumber, at now: Date) async throws {
        try await state.set(
            String(count), for: message.idempotencyKey, about: WhatsAppPlatform.user(number), at: now, in: database)
    }

    /// Forgets `message`: all of it went out.
    func forget(_ message: OutboxMessage) async throws {
        try await state.remove(message.idempotencyKey, in: database)
    }
}
