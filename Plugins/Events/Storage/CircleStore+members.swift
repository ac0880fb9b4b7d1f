import HomeroomCore
import SQLKit

extension CircleStore {
    /// Up to `limit` members of `circle` after `cursor` (nil: from the first), in the order of
    /// their identities' text, for an announcement's fan-out to go through a page at a time.
    func members(of circle: String, after cursor: UserID?, limit: Int) async throws -> [UserID] {
        let table = storage.table("members")
        let scope = SQLBind(storage.scope)
        return try await storage.read { db in
            var query = db.select().column("user_id").from(table).where(PluginStorage.scopeColumn, .equal, scope)
                .where("circle", .equal, SQLBind(circle))
            if let cursor { query = query.where("user_id", .greaterThan, SQLBind(cursor.description)) }
            return try await query.orderBy("user_id").limit(limit).all().compactMap {
                UserID(try $0.decode(column: "user_id", as: String.self))
            }
        }
    }
}
