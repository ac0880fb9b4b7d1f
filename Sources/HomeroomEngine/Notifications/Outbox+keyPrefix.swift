import Foundation
import HomeroomCore
import SQLKit

extension Outbox {
    /// How the messages whose keys start with one prefix stand, on one adapter.
    package struct Tally: Sendable, Equatable {
        /// Went out, and were not reported undelivered.
        package var sent = 0
        /// Of those sent, the ones the platform reported reached their recipient; nil when the
        /// platform reports no deliveries for these messages (none of them carries a platform id).
        package var delivered: Int?
        /// Given up, or reported undelivered by the platform, with how many each reason counted.
        package var failed: [String: Int] = [:]
        /// Due, waiting for their turn, or waiting for a retry after a failed attempt.
        package var pending = 0
        /// Held for later before any attempt (the quiet hours).
        package var held = 0
        /// When the last one reached its recipient, as the platform reported it, or else went out.
        package var lastDeliveryAt: Date?

        /// How many were given up or reported undelivered.
        package var failedCount: Int { failed.values.reduce(0, +) }

        /// Counts `count` delivered when the platform reports deliveries.
        mutating func addDelivered(_ count: Int) { delivered = (delivered ?? 0) + count }
    }

    /// The messages whose idempotency keys start with `prefix` (`announce:12:`), by adapter, as
    /// they stand at `now`: counted by the database, never read row by row.
    package func tally(keyPrefix prefix: String, at now: Date) async throws -> [String: Tally] {
        let stamp = Int64(now.timeIntervalSince1970)
        return try await database.read { db in
            var tallies: [String: Tally] = [:]
            // A sent row's moment: its delivery when the platform reported one, else when it went out.
            let moment = SQLRaw(
                "CASE WHEN delivery_state = 'delivered' THEN delivery_reported_at ELSE delivered_at END")
            let counts = try await db.select().column("adapter").column("state").column("delivery_state")
                .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
                .column(SQLFunction("COUNT", args: SQLColumn("platform_message_id")), as: "tracked")
                .column(SQLFunction("MAX", args: moment), as: "last")
                .from(Self.table).where(startsWith("idempotency_key", prefix))
                .where("due_at", .lessThanOrEqual, SQLBind(stamp))
                .groupBy("adapter").groupBy("state").groupBy("delivery_state").all()
            for row in counts {
                let adapter = try row.decode(column: "adapter", as: String.self)
                let count = Int(try row.decode(column: "n", as: Int64.self))
                let report = try row.decode(column: "delivery_state", as: String?.self).flatMap(DeliveryState.init)
                switch State(rawValue: try row.decode(column: "state", as: String.self)) {
                case .delivered:
                    // Undelivered rows count as failed, with their reason, below.
                    guard report != .undelivered else { continue }
                    tallies[adapter, default: Tally()].sent += count
                    if report == .delivered {
                        tallies[adapter, default: Tally()].addDelivered(count)
                    } else if try row.decode(column: "tracked", as: Int64.self) > 0 {
                        tallies[adapter, default: Tally()].addDelivered(0)
                    }
                    if let last = try row.decode(column: "last", as: Int64?.self) {
                        let moment = Date(timeIntervalSince1970: Double(last))
                        let known = tallies[adapter]?.lastDeliveryAt ?? moment
                        tallies[adapter, default: Tally()].lastDeliveryAt = max(known, moment)
                    }
                case .pending: tallies[adapter, default: Tally()].pending += count
                case .failed, nil: break
                }
            }
            // Due later: held when never tried, else waiting for its retry.
            let later = try await db.select().column("adapter").column("failed_attempts")
                .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
                .from(Self.table).where(startsWith("idempotency_key", prefix))
                .where("state", .equal, SQLBind(State.pending.rawValue))
                .where("due_at", .greaterThan, SQLBind(stamp)).groupBy("adapter").groupBy("failed_attempts").all()
            for row in later {
                let adapter = try row.decode(column: "adapter", as: String.self)
                let count = Int(try row.decode(column: "n", as: Int64.self))
                if try row.decode(column: "failed_attempts", as: Int64.self) == 0 {
                    tallies[adapter, default: Tally()].held += count
                } else {
                    tallies[adapter, default: Tally()].pending += count
                }
            }
            let failures = try await db.select().column("adapter").column("last_error")
                .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
                .from(Self.table).where(startsWith("idempotency_key", prefix))
                .where("state", .equal, SQLBind(State.failed.rawValue)).groupBy("adapter").groupBy("last_error").all()
            for row in failures {
                let reason = try row.decode(column: "last_error", as: String?.self) ?? ""
                tallies[try row.decode(column: "adapter", as: String.self), default: Tally()].failed[
                    reason, default: 0] += Int(try row.decode(column: "n", as: Int64.self))
            }
            let undelivered = try await db.select().column("adapter").column("delivery_reason")
                .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
                .from(Self.table).where(startsWith("idempotency_key", prefix))
                .where("state", .equal, SQLBind(State.delivered.rawValue))
                .where("delivery_state", .equal, SQLBind(DeliveryState.undelivered.rawValue))
                .groupBy("adapter").groupBy("delivery_reason").all()
            for row in undelivered {
                let adapter = try row.decode(column: "adapter", as: String.self)
                let reason = try row.decode(column: "delivery_reason", as: String?.self) ?? ""
                tallies[adapter, default: Tally()].failed[reason, default: 0] += Int(
                    try row.decode(column: "n", as: Int64.self))
                tallies[adapter, default: Tally()].addDelivered(0)
            }
            return tallies
        }
    }

    /// Puts the messages whose keys start with `prefix` that were given up, or that their platform
    /// reported undelivered, back in line, due now; returns how many, with `audit` in the same
    /// transaction.
    package func retryFailed(keyPrefix prefix: String, audit: AuditEntry) async throws -> Int {
        let now = Int64(clock.now.timeIntervalSince1970)
        return try await database.write { db in
            let retried = try await db.update(Self.table)
                .set("state", to: SQLBind(State.pending.rawValue)).set("failed_attempts", to: SQLBind(0))
                .set("due_at", to: SQLBind(now)).set("last_error", to: SQLLiteral.null)
                .set("claimed_by", to: SQLLiteral.null).set("claim_expires_at", to: SQLLiteral.null)
                .set("platform_message_id", to: SQLLiteral.null).set("delivery_state", to: SQLLiteral.null)
                .set("delivery_reason", to: SQLLiteral.null).set("delivery_reported_at", to: SQLLiteral.null)
                .where(startsWith("idempotency_key", prefix))
                .where { failed in
                    failed.where("state", .equal, SQLBind(State.failed.rawValue)).orWhere { undelivered in
                        undelivered.where("state", .equal, SQLBind(State.delivered.rawValue))
                            .where("delivery_state", .equal, SQLBind(DeliveryState.undelivered.rawValue))
                    }
                }
                .returning("id").all()
            if !retried.isEmpty { try await AuditLog.insert(audit, into: db) }
            return retried.count
        }
    }

    /// Deletes the messages whose keys start with `prefix` that have not gone out and that no
    /// worker is sending now, inside the caller's transaction `db`; returns how many.
    package static func withdrawPending(keyPrefix prefix: String, at now: Date, on db: any SQLDatabase) async throws
        -> Int
    {
        let stamp = Int64(now.timeIntervalSince1970)
        return try await db.delete(from: table)
            .where(startsWith("idempotency_key", prefix))
            .where("state", .equal, SQLBind(State.pending.rawValue))
            .where { free in
                free.where("claim_expires_at", .is, SQLLiteral.null)
                    .orWhere("claim_expires_at", .lessThan, SQLBind(stamp))
            }
            .returning("id").all().count
    }

    /// The messages whose keys start with `prefix` that went out, after row `id`, `limit` at a
    /// time in id order, inside the caller's transaction or read `db`.
    package static func sent(keyPrefix prefix: String, after id: Int64, limit: Int, on db: any SQLDatabase)
        async throws -> [OutboxMessage]
    {
        try await db.select().columns(messageColumns).from(table)
            .where(startsWith("idempotency_key", prefix))
            .where("state", .equal, SQLBind(State.delivered.rawValue))
            .where("id", .greaterThan, SQLBind(id)).orderBy("id").limit(limit).all()
            .compactMap(message(in:))
    }
}
