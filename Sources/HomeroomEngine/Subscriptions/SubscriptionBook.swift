import Foundation
import HomeroomCore
import SQLKit

/// The daily subscriptions (`core_subscriptions`): a topic, where it goes, and at what time.
package struct SubscriptionBook: Sendable {
    /// One daily subscription.
    package struct Entry: Sendable, Equatable {
        package let id: Int64
        package let topic: String
        package let adapter: String
        package let target: DeliveryTarget
        /// `HH:MM` in the school's zone.
        package let time: String
        /// When it was made (or its time last moved).
        package let createdAt: Date
        /// The school it was made at (`/subscribe lunch at adams`); nil for one made before
        /// Homeroom knew of schools, which follows its channel's or person's school.
        package let school: String?
    }

    static let table = "core_subscriptions"

    static let migration = Migration(3, "daily subscriptions") { context in
        try await context.database.create(table: table)
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("topic", type: .text, .notNull).column("adapter", type: .text, .notNull)
            .column("target", type: .text, .notNull).column("time", type: .text, .notNull)
            .column("created_by", type: .text, .notNull).column("created_at", type: .bigint, .notNull)
            .unique("topic", "adapter", "target").run()
        try await context.database.create(index: "core_subscriptions_time").on(table).column("time").run()
    }

    let database: any Database

    /// Subscribes `target` to `topic` at `time`, or moves its time; returns the previous time, if any.
    /// `school` is the school it is made at, whose data it is composed from.
    func subscribe(
        _ topic: String, adapter: String, target: DeliveryTarget, at time: String, school: String, audit: AuditEntry
    ) async throws -> String? {
        try await database.write { db in
            let previous = try await db.select().column("time").from(Self.table).where("topic", .equal, SQLBind(topic))
                .where("adapter", .equal, SQLBind(adapter)).where("target", .equal, SQLBind(target.description)).first()
                .map { try $0.decode(column: "time", as: String.self) }
            try await db.delete(from: Self.table).where("topic", .equal, SQLBind(topic))
                .where("adapter", .equal, SQLBind(adapter)).where("target", .equal, SQLBind(target.description)).run()
            try await db.insert(into: Self.table)
                .columns("topic", "adapter", "target", "time", "created_by", "created_at", "school")
                .values(
                    SQLBind(topic), SQLBind(adapter), SQLBind(target.description), SQLBind(time),
                    SQLBind(audit.actor.description), SQLBind(Int64(audit.at.timeIntervalSince1970)), SQLBind(school)
                ).run()
            try await AuditLog.insert(audit, into: db)
            return previous
        }
    }

    /// Removes `target`'s subscription to `topic`; false when there was none.
    func unsubscribe(_ topic: String, adapter: String, target: DeliveryTarget, audit: AuditEntry) async throws -> Bool {
        try await database.write { db in
            let existing = try await db.select().column("id").from(Self.table).where("topic", .equal, SQLBind(topic))
                .where("adapter", .equal, SQLBind(adapter)).where("target", .equal, SQLBind(target.description)).first()
            guard existing != nil else { return false }
            try await db.delete(from: Self.table).where("topic", .equal, SQLBind(topic))
                .where("adapter", .equal, SQLBind(adapter)).where("target", .equal, SQLBind(target.description)).run()
            try await AuditLog.insert(audit, into: db)
            return true
        }
    }

    /// The daily subscriptions of `target`, by topic.
    func entries(adapter: String, target: DeliveryTarget) async throws -> [Entry] {
        try await database.read { db in
            try await db.select().columns(Self.columns).from(Self.table)
                .where("adapter", .equal, SQLBind(adapter)).where("target", .equal, SQLBind(target.description))
                .orderBy("topic").all().compactMap(Self.entry(in:))
        }
    }

    /// The daily subscriptions due at any of `times`.
    func entries(at times: [String]) async throws -> [Entry] {
        try await database.read { db in
            try await db.select().columns(Self.columns).from(Self.table)
                .where("time", .in, SQLBind.group(times)).orderBy("id").all().compactMap(Self.entry(in:))
        }
    }

    /// The daily subscriptions to any of `topics` after subscription `id`, in id order, at most `limit`.
    func entries(topics: Set<String>, after id: Int64, limit: Int) async throws -> [Entry] {
        try await database.read { db in
            try await db.select().columns(Self.columns).from(Self.table)
                .where("topic", .in, SQLBind.group(topics.sorted())).where("id", .greaterThan, SQLBind(id))
                .orderBy("id").limit(max(1, limit)).all().compactMap(Self.entry(in:))
        }
    }

    /// Deletes the subscriptions of `identities` in direct messages, inside the caller's transaction.
    static func forget(_ identities: [UserID], on db: any SQLDatabase) async throws {
        try await db.deleteRows(naming: identities, from: table, column: "target", asDeliveryTargets: true)
    }

    private static let columns = ["id", "topic", "adapter", "target", "time", "created_at", "school"]

    private static func entry(in row: any SQLRow) throws -> Entry? {
        guard let target = DeliveryTarget(stored: try row.decode(column: "target", as: String.self)) else { return nil }
        return Entry(
            id: try row.decode(column: "id", as: Int64.self), topic: try row.decode(column: "topic", as: String.self),
            adapter: try row.decode(column: "adapter", as: String.self), target: target,
            time: try row.decode(column: "time", as: String.self),
            createdAt: Date(timeIntervalSince1970: TimeInterval(try row.decode(column: "created_at", as: Int64.self))),
            school: try row.decode(column: "school", as: String?.self))
    }
}
