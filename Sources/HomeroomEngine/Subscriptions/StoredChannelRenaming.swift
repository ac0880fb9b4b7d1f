import HomeroomCore
import SQLKit

/// Renames one adapter's channels where the core keeps them by name: daily subscriptions and
/// channel switches. For an adapter whose channel names changed form, such as the JSON API's
/// `#lobby`, which is now `CLIENT:#lobby`.
package struct StoredChannelRenaming: Sendable {
    let database: any Database

    package init(database: any Database) {
        self.database = database
    }

    /// The channel names of `adapter` kept in subscriptions or channel switches for which `isOld`
    /// holds, each once, sorted.
    package func channels(of adapter: String, where isOld: @escaping @Sendable (String) -> Bool) async throws
        -> [String]
    {
        try await database.read { db in
            let subscribed = try await db.select().column("target").from(SubscriptionBook.table)
                .where("adapter", .equal, SQLBind(adapter)).all()
                .compactMap { row -> String? in
                    guard
                        case .channel(let name)? = DeliveryTarget(
                            stored: try row.decode(column: "target", as: String.self))
                    else { return nil }
                    return name
                }
            let switched = try await db.select().column("channel").from(ChannelSwitchboard.table)
                .where("adapter", .equal, SQLBind(adapter)).all()
                .map { try $0.decode(column: "channel", as: String.self) }
            return Set((subscribed + switched).filter(isOld)).sorted()
        }
    }

    /// Renames, in one transaction, each channel of `adapter` that `newName` gives a new name for.
    /// A subscription or switch the new name has already is kept, and the old one dropped. Returns
    /// how many rows were renamed or dropped.
    package func rename(adapter: String, _ newName: @escaping @Sendable (String) -> String?) async throws -> Int {
        try await database.write { db in
            var changed = 0
            let subscriptions = try await db.select().columns("id", "topic", "target").from(SubscriptionBook.table)
                .where("adapter", .equal, SQLBind(adapter)).all()
            for row in subscriptions {
                guard
                    case .channel(let old)? = DeliveryTarget(stored: try row.decode(column: "target", as: String.self)),
                    let new = newName(old)
                else { continue }
                let id = try row.decode(column: "id", as: Int64.self)
                let topic = try row.decode(column: "topic", as: String.self)
                let target = DeliveryTarget.channel(new).description
                let taken =
                    try await db.select().column("id").from(SubscriptionBook.table)
                    .where("topic", .equal, SQLBind(topic)).where("adapter", .equal, SQLBind(adapter))
                    .where("target", .equal, SQLBind(target)).first() != nil
                if taken {
                    try await db.delete(from: SubscriptionBook.table).where("id", .equal, SQLBind(id)).run()
                } else {
                    try await db.update(SubscriptionBook.table).set("target", to: SQLBind(target))
                        .where("id", .equal, SQLBind(id)).run()
                }
                changed += 1
            }
            let switches = try await db.select().columns("channel", "target").from(ChannelSwitchboard.table)
                .where("adapter", .equal, SQLBind(adapter)).all()
            for row in switches {
                let old = try row.decode(column: "channel", as: String.self)
                guard let new = newName(old) else { continue }
                let target = try row.decode(column: "target", as: String.self)
                try await db.delete(from: ChannelSwitchboard.table).where("adapter", .equal, SQLBind(adapter))
                    .where("channel", .equal, SQLBind(old)).where("target", .equal, SQLBind(target)).run()
                let taken =
                    try await db.select().column("target").from(ChannelSwitchboard.table)
                    .where("adapter", .equal, SQLBind(adapter)).where("channel", .equal, SQLBind(new))
                    .where("target", .equal, SQLBind(target)).first() != nil
                if !taken {
                    try await db.insert(into: ChannelSwitchboard.table).columns("adapter", "channel", "target")
                        .values(SQLBind(adapter), SQLBind(new), SQLBind(target)).run()
                }
                changed += 1
            }
            return changed
        }
    }
}
