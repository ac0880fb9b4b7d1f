import Foundation
import HomeroomCore
import HomeroomEngine
import Synchronization

/// Delivers notifications addressed to `matrix`: to a room (`channel:!id:server`, an alias
/// `channel:#name:server`, or `channel:school/…` to name the account) or to a person
/// (`user:matrix:@alice:server`) in the direct room the account opens with them once and reuses.
///
/// The message is an `m.notice` that pings nobody. Its transaction id is derived from the
/// outbox's idempotency key (``TransactionID/forOutbox(idempotencyKey:)``), so a message sent again
/// after a crash is dropped by the homeserver as a repeat. A delivery needs the account logged in
/// on this instance, under its hold; otherwise it fails and the outbox retries it later.
package struct MatrixSender: MessageSender {
    let settings: MatrixSettings
    let accounts: LoggedInAccounts
    let aliases = ResolvedAliases()

    /// A sender through the accounts of `settings` that are in `accounts`.
    package init(settings: MatrixSettings, accounts: LoggedInAccounts) {
        self.settings = settings
        self.accounts = accounts
    }

    /// `matrix`.
    package var adapter: String { "matrix" }

    /// Sends `message`; throws ``DeliveryFailure`` when it did not go out.
    package func send(_ message: OutboxMessage) async throws {
        let route = try MatrixRoute(message.target, settings: settings)
        guard let account = accounts.account(route.account), account.hold.isHeld else {
            throw DeliveryFailure("not logged in to \(route.account)")
        }
        let roomID = try await room(of: route, through: account)
        let transactionID = TransactionID.forOutbox(idempotencyKey: message.idempotencyKey)
        do {
            _ = try await account.client.send(
                Self.notice(message.lines), to: roomID, transactionID: transactionID)
        } catch {
            if case .person(let person) = route.recipient, Self.lostRoom(error) {
                // Removed from the direct room (or it is gone): a new one is opened for the next attempt.
                try await account.directRooms.forget(roomID: roomID, database: account.hold.database)
                throw DeliveryFailure("the direct room with \(person) is closed; a new one is opened next time")
            }
            if case .alias(let alias) = route.recipient, Self.lostRoom(error) {
                aliases.forget(alias, account: route.account)
            }
            throw Self.failure(error, sendingTo: roomID)
        }
    }

    /// The room id the route leads to: an alias resolved (and kept), a person's direct room.
    private func room(of route: MatrixRoute, through account: LoggedInAccounts.Account) async throws -> String {
        switch route.recipient {
        case .room(let roomID):
            return roomID
        case .alias(let alias):
            if let known = aliases.room(for: alias, account: route.account) { return known }
            do {
                let roomID = try await account.client.resolveAlias(alias)
                aliases.remember(alias, roomID: roomID, account: route.account)
                return roomID
            } catch {
                throw Self.failure(error, sendingTo: alias)
            }
        case .person(let person):
            do {
                return try await account.directRooms.room(for: person, database: account.hold.database)
            } catch let error as MatrixAPIError {
                throw Self.failure(error, sendingTo: "a direct room with \(person)")
            }
        }
    }

    /// The notice of a notification's lines, rendered as answers in a direct room are (plain lines,
    /// the same as escaped HTML, within an event's size); it mentions nobody. A notification does
    /// not say its language, so the note of lines left out is in English.
    static func notice(_ lines: [String]) -> MatrixMessage {
        let words = Words(.matrix, .english)
        let fitted = MatrixAnswerRenderer.fitted(
            lines, maximumLines: MatrixAnswerRenderer.directLines, budget: MatrixAnswerRenderer.directBytes,
            note: { MatrixAnswerRenderer.directCutNote($0, words) })
        return MatrixAnswerRenderer(replyToCommands: false).message(fitted, mentioning: [], inReplyTo: nil)
    }

    /// True when the homeserver says the bot is not (or no longer) in the room, or the room is unknown.
    static func lostRoom(_ error: MatrixAPIError) -> Bool {
        if case .refused(_, let errcode) = error.kind { return errcode == "M_FORBIDDEN" || errcode == "M_NOT_FOUND" }
        return false
    }

    /// The delivery failure of `error`: a rate limit waits as long as the server asked; no answer,
    /// a server error or a refused token is retried; another refusal is permanent.
    static func failure(_ error: MatrixAPIError, sendingTo destination: String) -> DeliveryFailure {
        switch error.kind {
        case .rateLimited(let wait):
            return DeliveryFailure(
                "the homeserver asks to wait before sending to \(destination)", retryAfter: wait.timeInterval)
        case .noAnswer:
            return DeliveryFailure("no answer from the homeserver sending to \(destination): \(error)")
        case .malformed, .tooLarge:
            return DeliveryFailure("an unreadable answer from the homeserver sending to \(destination)")
        case .refused(_, let errcode) where error.isUnknownToken:
            return DeliveryFailure("the homeserver refused the access token (\(errcode ?? "401")); logging in again")
        case .refused(_, let errcode) where !error.isPermanent:
            return DeliveryFailure("the homeserver failed sending to \(destination): \(errcode ?? "") \(error)")
        case .refused(_, "M_NOT_FOUND"?):
            return DeliveryFailure("no room \(destination) on the homeserver (M_NOT_FOUND)", isPermanent: true)
        case .refused(_, "M_FORBIDDEN"?):
            return DeliveryFailure(
                "Homeroom may not post to \(destination) (M_FORBIDDEN): invite it to the room", isPermanent: true)
        case .refused(let status, let errcode):
            return DeliveryFailure(
                "the homeserver refused the message to \(destination): \(errcode ?? String(status)) \(error)",
                isPermanent: true)
        }
    }
}

/// The room ids of aliases, resolved once per account and kept (at most 1,000; then it starts over).
final class ResolvedAliases: Sendable {
    private let rooms = Mutex<[String: String]>([:])
    static let capacity = 1_000

    func room(for alias: String, account: String) -> String? {
        rooms.withLock { $0["\(account) \(alias)"] }
    }

    func remember(_ alias: String, roomID: String, account: String) {
        rooms.withLock { rooms in
            if rooms.count >= Self.capacity { rooms.removeAll() }
            rooms["\(account) \(alias)"] = roomID
        }
    }

    func forget(_ alias: String, account: String) {
        _ = rooms.withLock { $0.removeValue(forKey: "\(account) \(alias)") }
    }
}
