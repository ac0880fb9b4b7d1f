import Foundation
import SQLKit

/// Claims: how several delivery workers, in one process or in several instances on one
/// PostgreSQL database, share an adapter's rows without sending one twice (DESIGN.md, Several
/// instances). A claimed row carries its claimer and the end of its claim (`claimed_by`,
/// `claim_expires_at`, seconds since 1970 on the outbox's clock, like `due_at`); other workers
/// skip it until then. Recording a delivery or a failure ends the claim.
extension Outbox {
    /// Claims up to `limit` of `adapter`'s undelivered messages that are due now, among `targets`,
    /// and returns them oldest first. Messages another worker claimed are skipped until that claim
    /// runs out; the claims taken last ``claimLifetime`` seconds.
    ///
    /// One statement: on PostgreSQL the rows are chosen `FOR UPDATE SKIP LOCKED`, so workers
    /// claiming at the same instant take disjoint rows; SQLite serialises writes.
    package func claim(for adapter: String, limit: Int = 50, targets: OutboxTargets = .all) async throws
        -> [OutboxMessage]
    {
        let now = Int64(clock.now.timeIntervalSince1970)
        let expiry = now + Int64(claimLifetime.rounded(.up))
        let limit = min(max(1, limit), 1000)
        let claimer = claimer
        let skipLocked = database.backend == .postgres
        let condition = targets.condition
        let rows = try await database.write { db in
            try await db.update(Self.table)
                .set("claimed_by", to: SQLBind(claimer)).set("claim_expires_at", to: SQLBind(expiry))
                .where(
                    "id", .in,
                    SQLSubquery.select { builder in
                        var query = builder.column("id").from(Self.table)
                            .where("adapter", .equal, SQLBind(adapter))
                            .where("state", .equal, SQLBind(State.pending.rawValue))
                            .where("due_at", .lessThanOrEqual, SQLBind(now))
                            .where {
                                $0.where("claim_expires_at", .is, SQLLiteral.null)
                                    .orWhere("claim_expires_at", .lessThanOrEqual, SQLBind(now))
                            }
                        if let condition { query = query.where(condition) }
                        query = query.orderBy("due_at").orderBy("id").limit(limit)
                        return skipLocked ? query.lockingClause(SQLRaw("FOR UPDATE SKIP LOCKED")) : query
                    }
                )
                .returning(Self.messageColumns.map { SQLColumn($0) } + [SQLColumn("due_at")]).all()
        }
        // RETURNING keeps no order: sort as the subquery chose.
        var claimed: [(due: Int64, message: OutboxMessage)] = []
        for row in rows {
            guard let message = try Self.message(in: row) else { continue }
            claimed.append((try row.decode(column: "due_at", as: Int64.self), message))
        }
        return claimed.sorted { ($0.due, $0.message.id) < ($1.due, $1.message.id) }.map(\.message)
    }

    /// Ends this outbox's claims on `messages` (claimed, not attempted), so that another worker
    /// takes them at once instead of after the claim runs out.
    package func release(_ messages: [OutboxMessage]) async throws {
        guard !messages.isEmpty else { return }
        let claimer = claimer
        try await database.write { db in
            try await db.update(Self.table)
                .set("claimed_by", to: SQLLiteral.null).set("claim_expires_at", to: SQLLiteral.null)
                .where("id", .in, SQLBind.group(messages.map(\.id))).where("claimed_by", .equal, SQLBind(claimer))
                .where("state", .equal, SQLBind(State.pending.rawValue)).run()
        }
    }

    /// Ends every claim on `adapter`'s undelivered messages among `targets`, whoever made it, and
    /// returns how many it ended. Only for a worker that has just taken the adapter's delivery
    /// duty: no other live worker delivers these rows then, so a claim left on them is a dead or
    /// paused holder's (or this instance's before a restart), and its rows go now instead of
    /// after the claim runs out. Through a hold's database, the write is refused once the duty
    /// has passed on.
    @discardableResult
    package func takeOverClaims(for adapter: String, targets: OutboxTargets = .all) async throws -> Int {
        let condition = targets.condition
        return try await database.write { db in
            var query = db.update(Self.table)
                .set("claimed_by", to: SQLLiteral.null).set("claim_expires_at", to: SQLLiteral.null)
                .where("adapter", .equal, SQLBind(adapter)).where("state", .equal, SQLBind(State.pending.rawValue))
                .where("claimed_by", .isNot, SQLLiteral.null)
            if let condition { query = query.where(condition) }
            return try await query.returning("id").all().count
        }
    }
}
