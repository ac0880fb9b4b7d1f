import Foundation
import HomeroomCore
import SQLKit

extension Outbox {
    /// How the messages whose keys start with one prefix stand, on one adapter.
    package struct Tally: Sendable, Equatable {
        /// Went out.
        package var sent = 0
        /// Given up, with how many each reason counted.
        package var failed: [String: Int] = [:]
        /// Due, waiting for their turn, or waiting for a retry after a failed attempt.
        package var pending = 0
        /// Held for later before any attempt (the quiet hours).
        package var held = 0
        /// When the last one went out.
        package var lastSentAt: Date?

        /// How many were given up.
        package var failedCount: Int { failed.values.reduce(0, +) }
    }

    /// The messages whose idempotency keys start with `prefix` (`announce:12:`), by adapter, as
    /// they stand at `now`: counted by the database, never read row by row.
    package func tally(keyPrefix prefix: String, at now: Date) async throws -> [String: Tally] {
        let stamp = Int64(now.timeIntervalSince1970)
        return try await database.read { db in
            var tallies: [String: Tally] = [:]
            let counts = try await db.select().column("adapter").column("state")
                .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
                .column(SQLFunction("MAX", args: SQLColumn("delivered_at")), as: "last")
                .from(Self.table).where(startsWith("idempotency_key", prefix))
                .where("due_at", .lessThanOrEqual, SQLBind(stamp))
                .groupBy("adapter").groupBy("state").all()
            for row in counts {
                let adapter = try row.decode(column: "adapter", as: String.self)
                let count = Int(try row.decode(column: "n", as: Int64.self))
                switch State(rawValue: try row.decode(column: "state", as: String.self)) {
                case .delivered:
                    tallies[adapter, default: Tally()].sent += count
                    if let last = try row.decode(column: "last", as: Int64?.self) {
                        tallies[adapter, default: Tally()].lastSentAt = Date(timeIntervalSince1970: Double(last))
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
            return tallies
        }
    }

    /// Puts the given-up messages whose keys start with `prefix` back in line, due now; returns
    /// how many, with `audit` in the same transaction.
    package func retryFailed(keyPrefix prefix: String, audit: AuditEntry) async throws -> Int {
        let now = Int64(clock.now.timeIntervalSince1970)
        return try await database.write { db in
            let retried = try await db.update(Self.table)
                .set("state", to: SQLBind(State.pending.rawValue)).set("failed_attempts", to: SQLBind(0))
                .set("due_at", to: SQLBind(now)).set("last_error", to: SQLLiteral.null)
                .set("claimed_by", to: SQLLiteral.null).set("claim_expires_at", to: SQLLiteral.null)
                .where(startsWith("idempotency_key", prefix))
                .where("state", .equal, SQLBind(State.failed.rawValue)).returning("id").all()
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
