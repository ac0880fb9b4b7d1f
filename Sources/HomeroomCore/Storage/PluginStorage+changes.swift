import CivilDates
import Foundation
import SQLKit

extension PluginStorage {
    /// Records that this plugin's content for `day` changed at `now` — a menu set, a day's type or
    /// bells — inside the transaction `db` that changes it, so that the change and its record are
    /// kept or lost together.
    ///
    /// The runtime then tells each subscriber who already got that day's topic (or the `/day`
    /// digest) what changed, once the edits have settled for a couple of minutes: several quick
    /// edits make one alert, and an edit that changes nothing a subscriber reads sends nothing.
    ///
    /// ```swift
    /// try await storage.write { db in
    ///     try await saveMenu(menu, on: db)
    ///     try await storage.markChanged(menu.date, at: now, in: db)
    /// }
    /// ```
    public func markChanged(_ day: LocalDate, at now: Date, in db: any SQLDatabase) async throws {
        try await ContentChanges.mark(plugin: pluginID, day: day, at: now, in: db)
    }
}
