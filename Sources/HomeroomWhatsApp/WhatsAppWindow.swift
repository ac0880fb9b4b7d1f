import Foundation
import HomeroomCore
import HomeroomEngine

/// When each number last wrote to the business number: a free-form message may go to it only
/// within 24 hours of that ("Customer service windows": "a 24-hour timer … starts or refreshes
/// whenever a user messages you"); outside it only an approved template may. Kept in the adapter
/// state of `whatsapp`, account `window`, naming the person, so that `/me forget` deletes it.
package struct WhatsAppWindow: Sendable {
    let state = AdapterState(adapter: WhatsAppPlatform.platform.rawValue, account: "window")
    let database: any Database
    /// How long the window stays open after a person's message.
    package static let length: TimeInterval = 24 * 3_600

    /// The windows kept in `database`.
    package init(database: any Database) {
        self.database = database
    }

    /// Records that `number` wrote at `sentAt` (Meta's time, never later than `now`), unless a
    /// later message was recorded already (WhatsApp may deliver an old message late).
    package func open(for number: PhoneNumber, sentAt: Date?, now: Date) async throws {
        let instant = min(sentAt ?? now, now)
        if let last = try await lastMessage(from: number), last >= instant { return }
        try await state.set(
            String(Int64(instant.timeIntervalSince1970)), for: number.e164, about: WhatsAppPlatform.user(number),
            at: now, in: database)
    }

    /// When `number` last wrote, if it ever did.
    package func lastMessage(from number: PhoneNumber) async throws -> Date? {
        try await state.value(for: number.e164, in: database).flatMap(Int64.init).map {
            Date(timeIntervalSince1970: TimeInterval($0))
        }
    }

    /// True when `number` wrote less than 24 hours before `now`.
    package func isOpen(for number: PhoneNumber, at now: Date) async throws -> Bool {
        guard let last = try await lastMessage(from: number) else { return false }
        return now.timeIntervalSince(last) < Self.length
    }
}
