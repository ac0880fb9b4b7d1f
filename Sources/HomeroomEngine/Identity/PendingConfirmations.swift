import Foundation
import HomeroomCore
import SQLKit

/// Questions a command asked and waits to have confirmed (`/me forget`, then `/me forget yes`),
/// in `core_confirmations`, so that the answer may reach any instance within ``lifetime``.
enum PendingConfirmations {
    static let table = "core_confirmations"

    static let migration = Migration(5, "pending confirmations") { context in
        try await context.database.create(table: table)
            .column("identity", type: .text, .notNull).column("action", type: .text, .notNull)
            .column("expires_at", type: .bigint, .notNull).primaryKey("identity", "action").run()
    }

    /// How long a question waits for its answer.
    static let lifetime: TimeInterval = 5 * 60

    /// Records that `identity` was asked to confirm `action`, replacing an earlier question.
    static func ask(_ identity: UserID, _ action: String, at now: Date, in database: any Database) async throws {
        try await database.write { db in
            try await db.delete(from: table).where("identity", .equal, SQLBind(identity.description))
                .where("action", .equal, SQLBind(action)).run()
            try await db.insert(into: table).columns("identity", "action", "expires_at")
                .values(
                    SQLBind(identity.description), SQLBind(action),
                    SQLBind(Int64(now.addingTimeInterval(lifetime).timeIntervalSince1970))
                ).run()
        }
    }

    /// Takes the question `identity` was asked about `action` inside the caller's transaction;
    /// true when it was asked and has not expired.
    static func take(_ identity: UserID, _ action: String, at now: Date, on db: any SQLDatabase) async throws -> Bool {
        let row = try await db.select().column("expires_at").from(table)
            .where("identity", .equal, SQLBind(identity.description)).where("action", .equal, SQLBind(action)).first()
        try await db.delete(from: table).where("identity", .equal, SQLBind(identity.description))
            .where("action", .equal, SQLBind(action)).run()
        guard let row else { return false }
        return try row.decode(column: "expires_at", as: Int64.self) > Int64(now.timeIntervalSince1970)
    }

    /// Deletes every question of `identities`, inside the caller's transaction.
    static func forget(_ identities: [UserID], on db: any SQLDatabase) async throws {
        try await db.deleteRows(naming: identities, from: table, column: "identity")
    }
}
