import Foundation
import HomeroomCore
import SQLKit

extension AnnouncementBook {
    /// How far an announcement's fan-out got: the step it is at, the last recipient of that step
    /// put in the outbox, and the counts so far.
    package struct Progress: Sendable, Equatable {
        /// The step: `roster`, `subscribers`, `channels` or `correction`; nil before the first,
        /// `done` once the last batch went in.
        package var phase: String?
        /// The last recipient of ``phase`` done (a roster id, a subscriber, an outbox row id).
        package var cursor: String?
        /// Messages put in the outbox.
        package var queued = 0
        /// Recipients left out because they opted out (STOP, unsubscribe).
        package var optedOut = 0
        /// Roster people with no contact to reach them at.
        package var unreachable = 0
        /// When the fan-out began and ended.
        package var startedAt: Date?
        package var finishedAt: Date?
    }

    /// The progress of announcement `id`; nil when there is none.
    package func progress(of id: Int64) async throws -> Progress? {
        try await database.read { db in
            try await db.select().columns(
                "phase", "cursor", "queued", "opted_out", "unreachable", "started_at", "finished_at"
            )
            .from(Self.table).where("id", .equal, SQLBind(id)).first().map(Self.progress(from:))
        }
    }

    /// Takes announcement `id`'s fan-out for `claimer` until `until` (its state becomes sending):
    /// false when another instance holds it, or it is not scheduled or sending.
    package func claim(_ id: Int64, for claimer: String, at now: Date, until: Date) async throws -> Bool {
        let stamp = Int64(now.timeIntervalSince1970)
        return try await database.write { db in
            let taken = try await db.update(Self.table)
                .set("state", to: SQLBind(Announcement.State.sending.rawValue))
                .set("claimed_by", to: SQLBind(claimer))
                .set("claim_expires_at", to: SQLBind(Int64(until.timeIntervalSince1970)))
                .set(
                    SQLIdentifier("started_at"),
                    to: SQLFunction("COALESCE", args: SQLColumn("started_at"), SQLBind(stamp))
                )
                .where("id", .equal, SQLBind(id))
                .where(
                    "state", .in,
                    SQLBind.group([Announcement.State.scheduled.rawValue, Announcement.State.sending.rawValue])
                )
                .where { free in
                    free.where("claimed_by", .is, SQLLiteral.null).orWhere("claimed_by", .equal, SQLBind(claimer))
                        .orWhere("claim_expires_at", .lessThan, SQLBind(stamp))
                }
                .returning("id").all()
            return !taken.isEmpty
        }
    }

    /// Ends at once the claims on fan-outs under way that `claimer` does not hold, and returns how
    /// many it ended: for a database only one process sends from (one SQLite file is one `serve`),
    /// where such a claim is a killed process's, so its fan-out goes on now instead of when the
    /// claim runs out. A one-shot process still running its own fan-out loses it at its next batch
    /// (``FanOutLost``) and stops; the outbox's keys keep either from queuing a message twice.
    package func endClaims(notHeldBy claimer: String) async throws -> Int {
        try await database.write { db in
            try await db.update(Self.table)
                .set("claim_expires_at", to: SQLBind(Int64(0)))
                .where("state", .equal, SQLBind(Announcement.State.sending.rawValue))
                .where("claimed_by", .notEqual, SQLBind(claimer))
                .where("claim_expires_at", .greaterThan, SQLBind(Int64(0)))
                .returning("id").all().count
        }
    }

    /// Records, inside the fan-out's transaction `db`, that `claimer` went on to `progress` and
    /// holds the fan-out until `until`; throws ``FanOutLost`` (rolling the batch back) when it
    /// no longer holds it or the announcement was cancelled.
    static func advance(
        _ id: Int64, to progress: Progress, by claimer: String, until: Date, on db: any SQLDatabase
    ) async throws {
        let moved = try await db.update(table)
            .set("phase", to: SQLBind(progress.phase)).set("cursor", to: SQLBind(progress.cursor))
            .set("queued", to: SQLBind(progress.queued)).set("opted_out", to: SQLBind(progress.optedOut))
            .set("unreachable", to: SQLBind(progress.unreachable))
            .set("claim_expires_at", to: SQLBind(Int64(until.timeIntervalSince1970)))
            .where("id", .equal, SQLBind(id)).where("claimed_by", .equal, SQLBind(claimer))
            .where("state", .equal, SQLBind(Announcement.State.sending.rawValue)).returning("id").all()
        guard !moved.isEmpty else { throw FanOutLost(id: id) }
    }

    /// Marks announcement `id`'s fan-out, held by `claimer`, done at `now`; false when it no
    /// longer held it.
    func finish(_ id: Int64, by claimer: String, at now: Date) async throws -> Bool {
        try await database.write { db in
            try await !db.update(Self.table)
                .set("state", to: SQLBind(Announcement.State.sent.rawValue))
                .set("finished_at", to: SQLBind(Int64(now.timeIntervalSince1970)))
                .set("claimed_by", to: SQLLiteral.null).set("claim_expires_at", to: SQLLiteral.null)
                .where("id", .equal, SQLBind(id)).where("claimed_by", .equal, SQLBind(claimer))
                .where("state", .equal, SQLBind(Announcement.State.sending.rawValue)).returning("id").all().isEmpty
        }
    }

    /// Cancels announcement `id` unless it was cancelled already, and withdraws its messages not
    /// yet sent, with `audit`, in one transaction; returns how many were withdrawn, nil when it
    /// was already cancelled.
    package func cancel(_ id: Int64, at now: Date, audit: AuditEntry) async throws -> Int? {
        try await database.write { db in
            let cancelled = try await db.update(Self.table)
                .set("state", to: SQLBind(Announcement.State.cancelled.rawValue))
                .set("claimed_by", to: SQLLiteral.null).set("claim_expires_at", to: SQLLiteral.null)
                .where("id", .equal, SQLBind(id))
                .where("state", .notEqual, SQLBind(Announcement.State.cancelled.rawValue)).returning("id").all()
            guard !cancelled.isEmpty else { return nil }
            let withdrawn = try await Outbox.withdrawPending(keyPrefix: Self.keyPrefix(of: id), at: now, on: db)
            try await AuditLog.insert(audit, into: db)
            return withdrawn
        }
    }

    /// What the outbox keys of announcement `id`'s messages start with: `announce:12:`.
    package static func keyPrefix(of id: Int64) -> String { "announce:\(id):" }

    static func progress(from row: any SQLRow) throws -> Progress {
        Progress(
            phase: try row.decode(column: "phase", as: String?.self),
            cursor: try row.decode(column: "cursor", as: String?.self),
            queued: Int(try row.decode(column: "queued", as: Int64.self)),
            optedOut: Int(try row.decode(column: "opted_out", as: Int64.self)),
            unreachable: Int(try row.decode(column: "unreachable", as: Int64.self)),
            startedAt: try row.decode(column: "started_at", as: Int64?.self).map {
                Date(timeIntervalSince1970: Double($0))
            },
            finishedAt: try row.decode(column: "finished_at", as: Int64?.self).map {
                Date(timeIntervalSince1970: Double($0))
            })
    }
}

/// A fan-out stopped because another instance took it over or the announcement was cancelled.
struct FanOutLost: Error, CustomStringConvertible {
    let id: Int64
    var description: String { "announcement \(id): the fan-out was taken over or cancelled" }
}
