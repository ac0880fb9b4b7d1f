import HomeroomCore
import SQLKit

extension CircleStore {
    /// Up to `limit` members of `circle` after `cursor` (nil: from the first), in the order of
    /// their identities' text, for an announcement's fan-out to go through a page at a time. A
    /// stored identity that no longer reads as one is passed over, and the page filled from the
    /// rows after it: a short page means the last one.
    func members(of circle: String, after cursor: UserID?, limit: Int) async throws -> [UserID] {
        let table = storage.table("members")
        let scope = SQLBind(storage.scope)
        var members: [UserID] = []
        var after = cursor?.description
        while members.count < limit {
            let wanted = limit - members.count
            let rows = try await storage.read { [after] db in
                var query = db.select().column("user_id").from(table)
                    .where(PluginStorage.scopeColumn, .equal, scope).where("circle", .equal, SQLBind(circle))
                if let after { query = query.where("user_id", .greaterThan, SQLBind(after)) }
                return try await query.orderBy("user_id").limit(wanted).all()
                    .map { try $0.decode(column: "user_id", as: String.self) }
            }
            for raw in rows {
                after = raw
                if let member = UserID(raw) { members.append(member) }
            }
            if rows.count < wanted { break }
        }
        return members
    }
}
