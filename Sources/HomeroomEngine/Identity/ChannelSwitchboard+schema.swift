import SQLKit

extension ChannelSwitchboard {
    /// Creates `core_channel_switches`, one row per switch turned in a channel (core migration 1).
    static func createTable(on db: any SQLDatabase) async throws {
        try await db.create(table: table)
            .column("adapter", type: .text, .notNull).column("channel", type: .text, .notNull)
            .column("target", type: .text, .notNull).primaryKey("adapter", "channel", "target").run()
    }
}
