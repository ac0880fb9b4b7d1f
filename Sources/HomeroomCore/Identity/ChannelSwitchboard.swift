import Foundation
import SQLKit
import Synchronization

/// Plugins and commands that admins have switched off in particular channels (`/admin disable news`).
///
/// Stored in `core_channel_switches` and held in memory, so the check on every message is a set
/// lookup; a change made here takes effect at once.
public final class ChannelSwitchboard: Sendable {
    private struct Key: Hashable {
        let adapter: String
        let channel: String
        let target: String
    }

    static let table = "core_channel_switches"

    private let database: any Database
    private let disabled: Mutex<Set<Key>>

    private init(database: any Database, disabled: Set<Key>) {
        self.database = database
        self.disabled = Mutex(disabled)
    }

    /// Loads the switches stored in `database`.
    public static func load(from database: any Database) async throws -> ChannelSwitchboard {
        let keys: [Key] = try await database.read { db in
            try await db.select().columns("adapter", "channel", "target").from(table).all().map {
                Key(
                    adapter: try $0.decode(column: "adapter", as: String.self),
                    channel: try $0.decode(column: "channel", as: String.self),
                    target: try $0.decode(column: "target", as: String.self))
            }
        }
        return ChannelSwitchboard(database: database, disabled: Set(keys))
    }

    /// True when the plugin or the command (or a command above it) is switched off in this channel.
    public func isDisabled(adapter: String, channel: String, pluginID: String, capability: String) -> Bool {
        disabled.withLock { disabled in
            guard !disabled.isEmpty else { return false }
            return disabled.contains { key in
                key.adapter == adapter && key.channel == channel
                    && (key.target == pluginID || CapabilitySet.pattern(key.target, covers: capability))
            }
        }
    }

    /// What is switched off in one channel, sorted.
    public func disabledTargets(adapter: String, channel: String) -> [String] {
        disabled.withLock { $0.filter { $0.adapter == adapter && $0.channel == channel }.map(\.target).sorted() }
    }

    /// Switches `target` off (`on == false`) or on in a channel, recording `audit` in the same
    /// transaction. Returns false when it already was in that state.
    @discardableResult
    public func set(_ target: String, on: Bool, adapter: String, channel: String, audit: AuditEntry) async throws -> Bool {
        let key = Key(adapter: adapter, channel: channel, target: target)
        let alreadyThere = disabled.withLock { $0.contains(key) } != on
        guard !alreadyThere else { return false }
        try await database.write { db in
            if on {
                try await db.delete(from: Self.table).where("adapter", .equal, SQLBind(adapter))
                    .where("channel", .equal, SQLBind(channel)).where("target", .equal, SQLBind(target)).run()
            } else {
                try await db.insert(into: Self.table).columns("adapter", "channel", "target")
                    .values(SQLBind(adapter), SQLBind(channel), SQLBind(target)).run()
            }
            try await AuditLog.insert(audit, into: db)
        }
        disabled.withLock { disabled in
            if on {
                disabled.remove(key)
            } else {
                disabled.insert(key)
            }
        }
        return true
    }
}
