import Foundation
import HomeroomCore
import Metrics
import SQLKit

/// The durable outbox of notifications (DESIGN.md, Notifications): subscriptions and plugins put
/// messages here, in the same transaction as the change that causes them, and a delivery worker
/// per adapter sends them at least once — across restarts, and with retries when a platform is down.
public struct Outbox: NotificationOutbox {
    /// How failed deliveries are retried: exponential backoff from `firstDelay`, capped at
    /// `maximumDelay`, given up (and logged as failed) after `maximumAttempts`.
    package struct RetryPolicy: Sendable, Equatable {
        /// The delay after the first failure.
        package var firstDelay: TimeInterval
        /// The longest delay.
        package var maximumDelay: TimeInterval
        /// Attempts before a message is given up.
        package var maximumAttempts: Int

        /// Creates a policy; the defaults retry after 5 s, 10 s, 20 s … up to an hour, 25 times (about a day).
        package init(firstDelay: TimeInterval = 5, maximumDelay: TimeInterval = 3600, maximumAttempts: Int = 25) {
            self.firstDelay = firstDelay
            self.maximumDelay = maximumDelay
            self.maximumAttempts = maximumAttempts
        }

        /// The delay after `failures` failures.
        func delay(afterFailures failures: Int) -> TimeInterval {
            min(maximumDelay, firstDelay * pow(2, Double(max(0, failures - 1))))
        }
    }

    static let table = "core_outbox"

    /// The longest wait a platform's `Retry-After` imposes: a day, about the whole retry schedule.
    static let longestRetryAfter: TimeInterval = 86_400

    /// The claimer of the outboxes not working under a duty's hold: unique to this process.
    package static let processClaimer = "process:\(InstanceName.make())"

    let database: any Database
    let clock: any HomeroomClock
    /// How failures are retried.
    package let retryPolicy: RetryPolicy
    /// The name this outbox's claims carry (`claimed_by`); its workers release and record only their own.
    package let claimer: String
    /// How long a claim keeps other workers off a row, in seconds on ``clock``: a worker that dies
    /// holding claims delays those rows by at most this long.
    package let claimLifetime: TimeInterval
    /// The duty's hold this outbox works under (``working(under:)``), if any: its workers send
    /// only while ``DutyHold/isHeld``.
    let hold: DutyHold?
    /// Where its workers count their deliveries (`homeroom_outbox_deliveries_total`), if anywhere.
    let metrics: (any MetricsFactory)?
    /// Rung when messages due now were queued in this process, to wake its workers at once.
    package let bell: OutboxBell

    /// Creates the outbox over `database`; its claims are `claimer`'s and last `claimLifetime`
    /// seconds; under `hold`, its workers send only while the hold is held; its workers count
    /// their deliveries into `metrics` when given.
    package init(
        database: any Database, clock: any HomeroomClock, retryPolicy: RetryPolicy = RetryPolicy(),
        claimer: String = Outbox.processClaimer, claimLifetime: TimeInterval = 120, hold: DutyHold? = nil,
        metrics: (any MetricsFactory)? = nil, bell: OutboxBell = OutboxBell()
    ) {
        self.bell = bell
        self.database = database
        self.clock = clock
        self.retryPolicy = retryPolicy
        self.claimer = claimer
        self.claimLifetime = claimLifetime.isFinite ? min(max(1, claimLifetime), 86_400) : 120
        self.hold = hold
        self.metrics = metrics
    }

    /// Adds a notification inside the caller's transaction `db`, due at `due`; returns false when
    /// one with the same idempotency key is already there.
    @discardableResult
    public static func enqueue(
        adapter: String, target: DeliveryTarget, lines: [String], idempotencyKey: String, due: Date,
        into db: any SQLDatabase
    ) async throws -> Bool {
        // One statement, so that two instances enqueuing the same key at once cannot both insert
        // (a read-then-insert would let the second fail on the unique key instead).
        let inserted = try await db.insert(into: table)
            .columns("adapter", "target", "body", "idempotency_key", "due_at", "failed_attempts")
            .values(
                SQLBind(adapter), SQLBind(target.description), SQLBind(lines.joined(separator: "\n")),
                SQLBind(idempotencyKey), SQLBind(Int64(due.timeIntervalSince1970)), SQLBind(0)
            )
            .ignoringConflicts(with: "idempotency_key")
            .returning("id").all()
        return !inserted.isEmpty
    }

    /// Adds a notification inside the caller's transaction `db` (``NotificationOutbox``): the same as the
    /// static ``enqueue(adapter:target:lines:idempotencyKey:due:into:)``, the outbox a transaction writes
    /// to being the one in that transaction's database.
    @discardableResult
    public func enqueue(
        adapter: String, target: DeliveryTarget, lines: [String], idempotencyKey: String, due: Date,
        into db: any SQLDatabase
    ) async throws -> Bool {
        try await Self.enqueue(
            adapter: adapter, target: target, lines: lines, idempotencyKey: idempotencyKey, due: due, into: db)
    }

    /// Adds a notification, due now, in a transaction of its own, and wakes this process's workers.
    @discardableResult
    public func enqueue(adapter: String, target: DeliveryTarget, lines: [String], idempotencyKey: String) async throws
        -> Bool
    {
        let now = clock.now
        let queued = try await database.write { db in
            try await Self.enqueue(
                adapter: adapter, target: target, lines: lines, idempotencyKey: idempotencyKey, due: now, into: db)
        }
        if queued { bell.ring() }
        return queued
    }

    /// True when a message with `key` was ever queued (delivered, waiting or given up).
    package func hasMessage(withKey key: String) async throws -> Bool {
        try await database.read { db in
            try await db.select().column("id").from(Self.table).where("idempotency_key", .equal, SQLBind(key)).first()
                != nil
        }
    }

    /// The undelivered messages for `adapter` that are due now, oldest first, whether a worker claimed
    /// them or not: what waits, as an admin or a test looks at it. Reading them claims nothing;
    /// delivery claims its rows with ``claim(for:limit:targets:)``.
    package func due(for adapter: String, limit: Int = 50) async throws -> [OutboxMessage] {
        let now = Int64(clock.now.timeIntervalSince1970)
        return try await database.read { db in
            try await db.select().columns(Self.messageColumns)
                .from(Self.table).where("adapter", .equal, SQLBind(adapter))
                .where("state", .equal, SQLBind(State.pending.rawValue))
                .where("due_at", .lessThanOrEqual, SQLBind(now)).orderBy("due_at").orderBy("id").limit(limit).all()
                .compactMap(Self.message(in:))
        }
    }

    /// A message given up after its last attempt (or at once, when retrying could not help).
    package struct DeadLetter: Sendable, Equatable {
        /// The message.
        package let message: OutboxMessage
        /// Why the last attempt failed.
        package let lastError: String?
        /// When the last attempt was made.
        package let failedAt: Date
    }

    /// The messages given up, newest first.
    package func deadLetters(limit: Int = 10) async throws -> [DeadLetter] {
        try await database.read { db in
            try await db.select().columns(Self.messageColumns + ["last_error", "due_at"]).from(Self.table)
                .where("state", .equal, SQLBind(State.failed.rawValue)).orderBy("id", .descending).limit(limit).all()
                .compactMap { row in
                    guard let message = try Self.message(in: row) else { return nil }
                    // A given-up row keeps the due time its last failure computed; the attempt was before it.
                    return DeadLetter(
                        message: message, lastError: try row.decode(column: "last_error", as: String?.self),
                        failedAt: Date(
                            timeIntervalSince1970: TimeInterval(try row.decode(column: "due_at", as: Int64.self))))
                }
        }
    }

    /// How many messages were given up.
    package func deadLetterCount() async throws -> Int {
        try await database.read { db in
            try await db.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count").from(Self.table)
                .where("state", .equal, SQLBind(State.failed.rawValue)).first()
                .map { try $0.decode(column: "count", as: Int.self) } ?? 0
        }
    }

    /// Puts the given-up message `id` back in the queue, due now with a fresh count of attempts,
    /// recording `audit` in the same transaction; false when no message with that id was given up.
    package func retryDeadLetter(_ id: Int64, audit: AuditEntry) async throws -> Bool {
        let now = Int64(clock.now.timeIntervalSince1970)
        return try await database.write { db in
            let dead = try await db.select().column("id").from(Self.table).where("id", .equal, SQLBind(id))
                .where("state", .equal, SQLBind(State.failed.rawValue)).first()
            guard dead != nil else { return false }
            try await db.update(Self.table).set("state", to: SQLBind(State.pending.rawValue))
                .set("due_at", to: SQLBind(now)).set("failed_attempts", to: SQLBind(0))
                .where("id", .equal, SQLBind(id)).run()
            try await AuditLog.insert(audit, into: db)
            return true
        }
    }

    static let messageColumns = ["id", "adapter", "target", "body", "idempotency_key", "failed_attempts"]

    static func message(in row: any SQLRow) throws -> OutboxMessage? {
        guard let target = DeliveryTarget(stored: try row.decode(column: "target", as: String.self)) else {
            return nil
        }
        return OutboxMessage(
            id: try row.decode(column: "id", as: Int64.self),
            adapter: try row.decode(column: "adapter", as: String.self),
            target: target,
            lines: try row.decode(column: "body", as: String.self).split(
                separator: "\n", omittingEmptySubsequences: false
            )
            .map(String.init),
            idempotencyKey: try row.decode(column: "idempotency_key", as: String.self),
            failedAttempts: try row.decode(column: "failed_attempts", as: Int.self))
    }

    /// Deletes every notification for `identities` in direct messages, waiting, given up or
    /// delivered, inside the caller's transaction (`/me forget`).
    static func forget(_ identities: [UserID], on db: any SQLDatabase) async throws {
        try await db.deleteRows(naming: identities, from: table, column: "target", asDeliveryTargets: true)
    }

    /// The instant the next undelivered message for `adapter` (among `targets`) can be claimed, if
    /// any: its due time, or the end of its claim while a worker holds it.
    package func nextDue(for adapter: String, targets: OutboxTargets = .all) async throws -> Date? {
        // The later of the two; no claim (NULL) leaves the due time.
        let claimable = SQLRaw("CASE WHEN claim_expires_at > due_at THEN claim_expires_at ELSE due_at END")
        return try await database.read { db in
            var query = db.select().column(SQLFunction("MIN", args: claimable), as: "next").from(Self.table)
                .where("adapter", .equal, SQLBind(adapter)).where("state", .equal, SQLBind(State.pending.rawValue))
            if let condition = targets.condition { query = query.where(condition) }
            return try await query.first()
                .flatMap { try $0.decode(column: "next", as: Int64?.self) }
                .map { Date(timeIntervalSince1970: TimeInterval($0)) }
        }
    }

    /// Records that `messages` were delivered, in one transaction, ending their claims.
    package func markDelivered(_ messages: [OutboxMessage]) async throws {
        guard !messages.isEmpty else { return }
        let now = Int64(clock.now.timeIntervalSince1970)
        try await database.write { db in
            try await db.update(Self.table).set("state", to: SQLBind(State.delivered.rawValue))
                .set("delivered_at", to: SQLBind(now)).set("claimed_by", to: SQLLiteral.null)
                .set("claim_expires_at", to: SQLLiteral.null)
                .where("id", .in, SQLBind.group(messages.map(\.id))).run()
        }
    }

    /// Records a failed attempt: the message is due again after the backoff (or after
    /// `retryAfter`, when the platform said so), or given up after the last attempt or at once
    /// when the failure is `permanent`; its claim ends. Returns whether it will be retried by
    /// this record.
    ///
    /// Nothing is recorded, and false returned, when the message is no longer this outbox's to
    /// record: another worker claimed it after this one's claim ran out (and may have delivered
    /// it meanwhile).
    @discardableResult
    package func markFailed(
        _ message: OutboxMessage, error: String, retryAfter: TimeInterval? = nil, permanent: Bool = false
    ) async throws -> Bool {
        try await recordFailure(message, error: error, retryAfter: retryAfter, permanent: permanent) == .retrying
    }

    /// What ``recordFailure(_:error:retryAfter:permanent:)`` did with a failed attempt.
    enum FailureRecord {
        /// The message is due again later.
        case retrying
        /// The message is given up.
        case givenUp
        /// Nothing: the message is no longer this outbox's to record.
        case claimedElsewhere
    }

    /// Records a failed attempt as ``markFailed(_:error:retryAfter:permanent:)`` does, and says what it recorded.
    func recordFailure(
        _ message: OutboxMessage, error: String, retryAfter: TimeInterval?, permanent: Bool
    ) async throws -> FailureRecord {
        let now = clock.now
        let failures = message.failedAttempts + 1
        let retry = !permanent && failures < retryPolicy.maximumAttempts
        // The platform's wait is outside input: a day at most, nothing for a number that is none.
        let asked = retryAfter.map { $0.isNaN ? 0 : min(max(0, $0), Self.longestRetryAfter) } ?? 0
        let due = now.addingTimeInterval(max(asked, retryPolicy.delay(afterFailures: failures)))
        // `due_at` holds whole seconds and a row is claimed once `due_at` <= the current second:
        // rounded up, the retry never comes before the wait has fully passed (truncated, a
        // `Retry-After: 8` at 100.5 s was due at 108, 7.5 s later).
        let dueSecond = Int64(due.timeIntervalSince1970.rounded(.up))
        let claimer = claimer
        let updated = try await database.write { db in
            try await db.update(Self.table)
                .set("failed_attempts", to: SQLBind(failures)).set("last_error", to: SQLBind(String(error.prefix(500))))
                .set("due_at", to: SQLBind(dueSecond))
                .set("state", to: SQLBind((retry ? State.pending : State.failed).rawValue))
                .set("claimed_by", to: SQLLiteral.null).set("claim_expires_at", to: SQLLiteral.null)
                .where("id", .equal, SQLBind(message.id)).where("state", .equal, SQLBind(State.pending.rawValue))
                .where { $0.where("claimed_by", .is, SQLLiteral.null).orWhere("claimed_by", .equal, SQLBind(claimer)) }
                .returning("id").all().count
        }
        guard updated > 0 else { return .claimedElsewhere }
        return retry ? .retrying : .givenUp
    }

    /// How many messages wait for delivery (for `adapter`, or for all).
    package func pendingCount(for adapter: String? = nil) async throws -> Int {
        try await database.read { db in
            var query = db.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count").from(Self.table)
                .where("state", .equal, SQLBind(State.pending.rawValue))
            if let adapter { query = query.where("adapter", .equal, SQLBind(adapter)) }
            return try await query.first().map { try $0.decode(column: "count", as: Int.self) } ?? 0
        }
    }

    /// How many messages wait for delivery, by adapter (adapters with none are left out).
    package func pendingCounts() async throws -> [String: Int] {
        try await database.read { db in
            try await db.select().column("adapter").column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count")
                .from(Self.table).where("state", .equal, SQLBind(State.pending.rawValue)).groupBy("adapter").all()
                .reduce(into: [:]) { counts, row in
                    counts[try row.decode(column: "adapter", as: String.self)] = try row.decode(
                        column: "count", as: Int.self)
                }
        }
    }

    /// A row's state.
    enum State: String {
        case pending, delivered, failed
    }
}
