import Foundation
import HomeroomCore
import SQLKit

/// Delivery reports: a platform that says whether a sent message reached its recipient (Twilio's
/// status callbacks, the WhatsApp Cloud API's `statuses`) names the message by its own id, which
/// the sender records as the message goes out (``recordPlatformMessageID(_:of:)``); a report whose
/// signature the adapter checked then sets the row's delivery state
/// (``recordDelivery(_:ofPlatformMessage:adapter:at:)``). A row's delivery state only moves
/// forward — none, then undelivered, then delivered — so a repeated report, or one about an
/// earlier stage arriving late, changes nothing.
extension Outbox {
    /// Where a sent message got to, as its platform reported it.
    package enum DeliveryReport: Sendable, Equatable {
        /// It reached the recipient (a delivery receipt, or a read receipt, which implies one).
        case delivered
        /// The platform gave up on it, with why in English for the report (`undelivered (error 30003)`).
        case undelivered(reason: String)
    }

    /// What ``recordDelivery(_:ofPlatformMessage:adapter:at:)`` did with a report.
    package enum DeliveryRecord: Sendable, Equatable {
        /// The message's delivery state is now the report's.
        case recorded
        /// The message had reached that stage or a later one already: nothing changed.
        case unchanged
        /// No message the adapter sent carries that id (sent by something else, or forgotten): ignored.
        case unknownMessage
    }

    /// A row's delivery state, as stored in `delivery_state` (none: no report yet).
    enum DeliveryState: String {
        case delivered, undelivered
    }

    /// The longest platform id kept: real ones are far shorter (Twilio's 34 characters, WhatsApp's
    /// `wamid.…` about 60).
    static let maximumPlatformIDLength = 256
    /// The longest reason kept.
    static let maximumDeliveryReasonLength = 500

    /// Records that `message` went out as the platform's message `id`, the id its delivery reports
    /// will name. An id that is empty or longer than ``maximumPlatformIDLength`` is not kept.
    package func recordPlatformMessageID(_ id: String, of message: OutboxMessage) async throws {
        guard (1...Self.maximumPlatformIDLength).contains(id.utf8.count) else { return }
        try await database.write { db in
            try await db.update(Self.table).set("platform_message_id", to: SQLBind(id))
                .where("id", .equal, SQLBind(message.id)).run()
        }
    }

    /// Records `report` about the message `adapter` sent as the platform's message `id`, reported
    /// at `date`, unless the message's delivery state is that stage or a later one already.
    /// Call it only for a report whose signature was checked.
    @discardableResult
    package func recordDelivery(
        _ report: DeliveryReport, ofPlatformMessage id: String, adapter: String, at date: Date
    ) async throws -> DeliveryRecord {
        guard (1...Self.maximumPlatformIDLength).contains(id.utf8.count) else { return .unknownMessage }
        let state: DeliveryState
        let reason: String?
        switch report {
        case .delivered: (state, reason) = (.delivered, nil)
        case .undelivered(let why):
            (state, reason) = (.undelivered, String(why.prefix(Self.maximumDeliveryReasonLength)))
        }
        let stamp = Self.storedSecond(date)
        return try await database.write { db in
            let updated = try await db.update(Self.table)
                .set("delivery_state", to: SQLBind(state.rawValue))
                .set("delivery_reason", to: reason.map { SQLBind($0) as any SQLExpression } ?? SQLLiteral.null)
                .set("delivery_reported_at", to: SQLBind(stamp))
                .where("adapter", .equal, SQLBind(adapter)).where("platform_message_id", .equal, SQLBind(id))
                .where { earlier in
                    let none = earlier.where("delivery_state", .is, SQLLiteral.null)
                    // Delivered passes undelivered (a late receipt proves it arrived); never the reverse.
                    return state == .delivered
                        ? none.orWhere("delivery_state", .equal, SQLBind(DeliveryState.undelivered.rawValue)) : none
                }
                .returning("id").all().count
            if updated > 0 { return .recorded }
            let known = try await db.select().column("id").from(Self.table)
                .where("adapter", .equal, SQLBind(adapter)).where("platform_message_id", .equal, SQLBind(id)).first()
            return known == nil ? .unknownMessage : .unchanged
        }
    }

    /// `date` in whole seconds since 1970, as the outbox stores times; a date outside 1970 to
    /// year 33658 (which no report carries) is clamped into it.
    static func storedSecond(_ date: Date) -> Int64 {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite else { return 0 }
        return Int64(min(max(0, seconds), 1e12).rounded(.down))
    }
}
