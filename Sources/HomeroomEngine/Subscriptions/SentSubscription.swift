import CivilDates
import Foundation
import HomeroomCore
import SQLKit

/// What a daily subscription delivered for one date, as its change alerts compare with it: where
/// the message went (after `/me notify`), what it said, and the topic's text its latest change
/// alert carried, which `core_change_alerts` keeps until the date has passed.
struct SentSubscription: Sendable {
    /// The adapter the message went through.
    let adapter: String
    /// Where it went.
    let target: DeliveryTarget
    /// The topic's text as the subscriber read it last: the latest change alert's, else the message's.
    let lines: [String]

    static let alertsTable = "core_change_alerts"

    /// Creates `core_change_alerts` (core migration 16).
    static func createAlertsTable(on db: any SQLDatabase) async throws {
        try await db.create(table: alertsTable)
            .column("subscription", type: .bigint, .notNull).column("day", type: .text, .notNull)
            .column("body", type: .text, .notNull)
            .primaryKey("subscription", "day").run()
    }

    /// The idempotency key of subscription `id`'s message for `date`.
    static func key(subscription id: Int64, on date: LocalDate) -> String { "subscription:\(id):\(date.iso)" }

    /// What subscription `id` delivered for `date`; nil when nothing was (none sent, or still
    /// waiting, or given up).
    static func delivered(subscription id: Int64, on date: LocalDate, in database: any Database) async throws
        -> SentSubscription?
    {
        try await database.read { db in
            guard
                let row = try await db.select().columns("adapter", "target", "body").from(Outbox.table)
                    .where("idempotency_key", .equal, SQLBind(key(subscription: id, on: date)))
                    .where("state", .equal, SQLBind(Outbox.State.delivered.rawValue)).first(),
                let target = DeliveryTarget(stored: try row.decode(column: "target", as: String.self))
            else { return nil }
            let alerted = try await db.select().column("body").from(alertsTable)
                .where("subscription", .equal, SQLBind(id)).where("day", .equal, SQLBind(date.iso)).first()
            let body = try (alerted ?? row).decode(column: "body", as: String.self)
            return SentSubscription(
                adapter: try row.decode(column: "adapter", as: String.self), target: target,
                lines: body.isEmpty
                    ? [] : body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
    }

    /// A subscription's message that has not gone out yet.
    struct Pending: Sendable {
        /// Its outbox row.
        let id: Int64
        /// True while a delivery worker holds it (it is being sent).
        let isClaimed: Bool
    }

    /// Subscription `id`'s message for `date` when it waits in the outbox (due, or to be retried)
    /// at `now`; nil otherwise.
    static func pending(subscription id: Int64, on date: LocalDate, at now: Date, in database: any Database)
        async throws -> Pending?
    {
        try await database.read { db in
            try await db.select().columns("id", "claim_expires_at").from(Outbox.table)
                .where("idempotency_key", .equal, SQLBind(key(subscription: id, on: date)))
                .where("state", .equal, SQLBind(Outbox.State.pending.rawValue)).first()
                .map { row in
                    let claimedUntil = try row.decode(column: "claim_expires_at", as: Int64?.self)
                    return Pending(
                        id: try row.decode(column: "id", as: Int64.self),
                        isClaimed: claimedUntil.map { $0 >= Int64(now.timeIntervalSince1970) } ?? false)
                }
        }
    }

    /// Writes `lines` into `pending`'s message, unless a worker claimed it meanwhile; true when written.
    static func rewrite(_ pending: Pending, lines: [String], in database: any Database) async throws -> Bool {
        try await database.write { db in
            try await !db.update(Outbox.table).set("body", to: SQLBind(lines.joined(separator: "\n")))
                .where("id", .equal, SQLBind(pending.id))
                .where("state", .equal, SQLBind(Outbox.State.pending.rawValue))
                .where("claimed_by", .is, SQLLiteral.null).returning("id").all().isEmpty
        }
    }

    /// Records, inside the caller's transaction `db`, that subscription `id`'s latest change alert
    /// for `date` carried the topic's text `lines`.
    static func recordAlert(subscription id: Int64, on date: LocalDate, lines: [String], in db: any SQLDatabase)
        async throws
    {
        try await db.insert(into: alertsTable).columns("subscription", "day", "body")
            .values(SQLBind(id), SQLBind(date.iso), SQLBind(lines.joined(separator: "\n")))
            .onConflict(with: ["subscription", "day"]) { $0.set(excludedValueOf: "body") }.run()
    }

    /// Forgets the texts of alerts for the dates before `date`, which no alert compares with any
    /// more, and of subscriptions that are gone (unsubscribed, or forgotten with `/me forget`).
    static func forgetAlerts(before date: LocalDate, in database: any Database) async throws {
        try await database.write { db in
            try await db.raw(
                """
                DELETE FROM \(ident: alertsTable) WHERE day < \(bind: date.iso) OR NOT EXISTS
                    (SELECT 1 FROM \(ident: SubscriptionBook.table) WHERE id = \(ident: alertsTable).subscription)
                """
            ).run()
        }
    }
}
