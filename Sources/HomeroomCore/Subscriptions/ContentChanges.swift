import CivilDates
import Foundation
import SQLKit

/// The days whose content a plugin changed (`core_content_changes`): one row a plugin and day,
/// stamped with the last change, which the runtime's change alerts read once the edits have
/// settled and then clear.
///
/// A plugin marks a day through ``PluginStorage/markChanged(_:at:in:)``, in the transaction that
/// changes it; each edit moves the stamp, so that quick edits settle into one alert.
package enum ContentChanges {
    /// One changed day of one plugin.
    package struct Mark: Sendable, Equatable {
        /// The plugin whose content changed.
        package let plugin: String
        /// The day it changed for.
        package let day: LocalDate
        /// When it last changed, in whole seconds since 1970.
        package let changedAt: Int64
    }

    static let table = "core_content_changes"

    /// Creates the table (core migration 16).
    package static func createTable(on db: any SQLDatabase) async throws {
        try await db.create(table: table)
            .column("plugin", type: .text, .notNull).column("day", type: .text, .notNull)
            .column("changed_at", type: .bigint, .notNull)
            .primaryKey("plugin", "day").run()
    }

    /// Records that `plugin`'s content for `day` changed at `now`, inside the caller's transaction
    /// `db`; a day marked already keeps one row, stamped with the later change.
    package static func mark(plugin: String, day: LocalDate, at now: Date, in db: any SQLDatabase) async throws {
        guard (LocalDate.earliest...LocalDate.latest).contains(day) else { return }
        try await db.insert(into: table).columns("plugin", "day", "changed_at")
            .values(SQLBind(plugin), SQLBind(day.iso), SQLBind(Int64(now.timeIntervalSince1970.rounded(.down))))
            .onConflict(with: ["plugin", "day"]) { $0.set(excludedValueOf: "changed_at") }.run()
    }

    /// The marks last changed at or before `cutoff` (settled: no edit since), oldest first, at most `limit`.
    package static func settled(before cutoff: Date, limit: Int, in database: any Database) async throws -> [Mark] {
        let stamp = Int64(cutoff.timeIntervalSince1970.rounded(.down))
        return try await database.read { db in
            try await db.select().columns("plugin", "day", "changed_at").from(table)
                .where("changed_at", .lessThanOrEqual, SQLBind(stamp))
                .orderBy("changed_at").orderBy("plugin").orderBy("day").limit(max(1, limit)).all()
                .compactMap { row in
                    guard let day = LocalDate(iso: try row.decode(column: "day", as: String.self)) else { return nil }
                    return Mark(
                        plugin: try row.decode(column: "plugin", as: String.self), day: day,
                        changedAt: try row.decode(column: "changed_at", as: Int64.self))
                }
        }
    }

    /// Deletes `mark` unless the day changed again since it was read (its stamp moved): a newer
    /// edit keeps its mark for the next round.
    package static func clear(_ mark: Mark, in database: any Database) async throws {
        try await database.write { db in
            try await db.delete(from: table).where("plugin", .equal, SQLBind(mark.plugin))
                .where("day", .equal, SQLBind(mark.day.iso)).where("changed_at", .equal, SQLBind(mark.changedAt)).run()
        }
    }
}
