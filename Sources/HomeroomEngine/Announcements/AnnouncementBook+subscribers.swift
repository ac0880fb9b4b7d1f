import Foundation
import HomeroomCore
import SQLKit

extension AnnouncementBook {
    /// A channel or a person that subscribed to announcements (`/subscribe announcements`).
    package struct Subscriber: Sendable, Equatable {
        package let adapter: String
        package let target: DeliveryTarget
    }

    /// The key a subscriber is stored and ordered by.
    static func subscriberKey(adapter: String, target: DeliveryTarget) -> String { "\(adapter) \(target)" }

    /// Subscribes `target` on `adapter` (at `school`); false when it already was.
    package func subscribe(adapter: String, target: DeliveryTarget, school: String?, at now: Date, audit: AuditEntry)
        async throws -> Bool
    {
        try await database.write { db in
            let added = try await db.insert(into: Self.subscribersTable)
                .columns("subscriber", "adapter", "target", "school", "subscribed_at")
                .values(
                    SQLBind(Self.subscriberKey(adapter: adapter, target: target)), SQLBind(adapter),
                    SQLBind(target.description), SQLBind(school), SQLBind(Int64(now.timeIntervalSince1970))
                )
                .ignoringConflicts(with: "subscriber").returning("subscriber").all()
            if !added.isEmpty { try await AuditLog.insert(audit, into: db) }
            return !added.isEmpty
        }
    }

    /// Unsubscribes `target` on `adapter`; false when it was not subscribed.
    package func unsubscribe(adapter: String, target: DeliveryTarget, audit: AuditEntry) async throws -> Bool {
        try await database.write { db in
            let removed = try await db.delete(from: Self.subscribersTable)
                .where("subscriber", .equal, SQLBind(Self.subscriberKey(adapter: adapter, target: target)))
                .returning("subscriber").all()
            if !removed.isEmpty { try await AuditLog.insert(audit, into: db) }
            return !removed.isEmpty
        }
    }

    /// True when `target` on `adapter` is subscribed.
    package func isSubscribed(adapter: String, target: DeliveryTarget) async throws -> Bool {
        try await database.read { db in
            try await db.select().column("subscriber").from(Self.subscribersTable)
                .where("subscriber", .equal, SQLBind(Self.subscriberKey(adapter: adapter, target: target))).first()
                != nil
        }
    }

    /// The subscribers after `cursor` (of `school`, or of every school when nil), `limit` at a
    /// time in key order, with their keys, on `db`.
    static func subscribers(after cursor: String?, school: String?, limit: Int, on db: any SQLDatabase) async throws
        -> [(key: String, subscriber: Subscriber)]
    {
        var query = db.select().columns("subscriber", "adapter", "target").from(subscribersTable)
        if let cursor { query = query.where("subscriber", .greaterThan, SQLBind(cursor)) }
        if let school { query = query.where(Self.atSchool(school)) }
        return try await query.orderBy("subscriber").limit(limit).all().compactMap(Self.subscriber(in:))
    }

    /// The first `count` subscribers of each platform (of `school`, or of every school when nil),
    /// in key order, on `db`.
    static func firstSubscribers(perPlatform count: Int, school: String?, on db: any SQLDatabase) async throws
        -> [(key: String, subscriber: Subscriber)]
    {
        var platforms = db.select().distinct().column("adapter").from(subscribersTable)
        if let school { platforms = platforms.where(Self.atSchool(school)) }
        var found: [(key: String, subscriber: Subscriber)] = []
        for row in try await platforms.all() {
            let adapter = try row.decode(column: "adapter", as: String.self)
            var query = db.select().columns("subscriber", "adapter", "target").from(subscribersTable)
                .where("adapter", .equal, SQLBind(adapter))
            if let school { query = query.where(Self.atSchool(school)) }
            found += try await query.orderBy("subscriber").limit(count).all().compactMap(Self.subscriber(in:))
        }
        return found
    }

    /// The condition that a subscriber is `school`'s or made before Homeroom knew of schools.
    private static func atSchool(_ school: String) -> any SQLExpression {
        SQLGroupExpression(
            SQLBinaryExpression(
                SQLBinaryExpression(SQLColumn("school"), .equal, SQLBind(school)), .or,
                SQLBinaryExpression(SQLColumn("school"), .is, SQLLiteral.null)))
    }

    /// The subscriber a row holds; nil for a target no version wrote.
    private static func subscriber(in row: any SQLRow) throws -> (key: String, subscriber: Subscriber)? {
        guard let target = DeliveryTarget(stored: try row.decode(column: "target", as: String.self)) else { return nil }
        return (
            try row.decode(column: "subscriber", as: String.self),
            Subscriber(adapter: try row.decode(column: "adapter", as: String.self), target: target)
        )
    }

    /// Deletes the subscriptions of `identities` in direct messages, inside `/me forget`'s transaction.
    static func forgetSubscriptions(of identities: [UserID], on db: any SQLDatabase) async throws {
        let targets = identities.map { DeliveryTarget.user($0).description }
        guard !targets.isEmpty else { return }
        try await db.delete(from: subscribersTable).where("target", .in, SQLBind.group(targets)).run()
    }
}
