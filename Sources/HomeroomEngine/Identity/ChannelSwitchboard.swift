import Foundation
import HomeroomCore
import SQLKit
import Synchronization

/// Plugins and commands that admins have switched off in particular channels (`/admin disable news`).
///
/// Stored in `core_channel_switches` and held in memory, so the check on every message is a set
/// lookup. A change made here takes effect at once and is announced through ``sharedCache``; when
/// another instance announces one, the switches are marked stale and the next message in a channel
/// reads the table again (``refreshIfStale(at:)``). A change made without a word (another process
/// writing the table) shows after ``refreshInterval``.
package final class ChannelSwitchboard: Sendable {
    private struct Key: Hashable {
        let adapter: String
        let channel: String
        let target: String
    }

    /// When the table was last read (nil: stale, read it before the next check), whether a read is
    /// under way, and a count of the changes announced by other instances.
    private struct Loaded {
        var at: Date?
        var refreshing = false
        var generation: UInt64 = 0
    }

    static let table = "core_channel_switches"

    /// How long the switches held in memory are trusted before the table is read again.
    package let refreshInterval: TimeInterval
    private let database: any Database
    private let disabled: Mutex<Set<Key>>
    private let loaded: Mutex<Loaded>
    private let announcer = CacheAnnouncer()

    private init(database: any Database, disabled: Set<Key>, loadedAt: Date, refreshInterval: TimeInterval) {
        self.database = database
        self.disabled = Mutex(disabled)
        self.loaded = Mutex(Loaded(at: loadedAt))
        self.refreshInterval = refreshInterval
    }

    /// The switches as a shared cache: a change here is announced, one announced elsewhere makes
    /// the next message read the table again.
    package var sharedCache: SharedCache {
        SharedCache(announcer: announcer) { [self] in markStale() }
    }

    private func markStale() {
        loaded.withLock { loaded in
            loaded.at = nil
            loaded.generation &+= 1
        }
    }

    /// Loads the switches stored in `database`.
    package static func load(
        from database: any Database, at now: Date, refreshInterval: TimeInterval = 10
    ) async throws -> ChannelSwitchboard {
        ChannelSwitchboard(
            database: database, disabled: try await read(database), loadedAt: now, refreshInterval: refreshInterval)
    }

    private static func read(_ database: any Database) async throws -> Set<Key> {
        let keys: [Key] = try await database.read { db in
            try await db.select().columns("adapter", "channel", "target").from(table).all().map {
                Key(
                    adapter: try $0.decode(column: "adapter", as: String.self),
                    channel: try $0.decode(column: "channel", as: String.self),
                    target: try $0.decode(column: "target", as: String.self))
            }
        }
        return Set(keys)
    }

    /// Reads the table again when another instance announced a change or the switches in memory
    /// are older than ``refreshInterval`` (one read at a time; the others go on with what is in
    /// memory). A read that an announcement overtook leaves the switches stale, to be read again.
    package func refreshIfStale(at now: Date) async throws {
        let due: UInt64? = loaded.withLock { loaded in
            guard !loaded.refreshing else { return nil }
            if let at = loaded.at, now.timeIntervalSince(at) < refreshInterval { return nil }
            loaded.refreshing = true
            return loaded.generation
        }
        guard let generation = due else { return }
        do {
            let keys = try await Self.read(database)
            loaded.withLock { loaded in
                loaded.refreshing = false
                // Overtaken by a change here or an announcement: keep what memory has, read again later.
                guard loaded.generation == generation else { return }
                disabled.withLock { $0 = keys }
                loaded.at = now
            }
        } catch {
            loaded.withLock { $0.refreshing = false }
            throw error
        }
    }

    /// True when the plugin or the command (or a command above it) is switched off in this channel.
    package func isDisabled(adapter: String, channel: String, pluginID: String, capability: String) -> Bool {
        disabled.withLock { disabled in
            guard !disabled.isEmpty else { return false }
            return disabled.contains { key in
                key.adapter == adapter && key.channel == channel
                    && (key.target == pluginID || CapabilitySet.pattern(key.target, covers: capability))
            }
        }
    }

    /// What is switched off in one channel, sorted.
    package func disabledTargets(adapter: String, channel: String) -> [String] {
        disabled.withLock {
            $0.filter { $0.adapter == adapter && $0.channel == channel && !$0.target.hasPrefix(Self.languageTarget) }
                .map(\.target).sorted()
        }
    }

    /// Switches `target` off (`on == false`) or on in a channel, recording `audit` in the same
    /// transaction. Returns false when it already was in that state.
    @discardableResult
    package func set(_ target: String, on: Bool, adapter: String, channel: String, audit: AuditEntry) async throws
        -> Bool
    {
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
        // One step with the generation, so a read of the table that started before this write
        // cannot put the old switches back (`refreshIfStale` takes the locks in the same order).
        loaded.withLock { loaded in
            loaded.generation &+= 1
            disabled.withLock { disabled in
                if on {
                    disabled.remove(key)
                } else {
                    disabled.insert(key)
                }
            }
        }
        announcer.announce()
        return true
    }

    /// A channel's language is kept as one more row of its switches: `language=es`.
    static let languageTarget = "language="

    /// The language an admin set for `channel` on `adapter` (`/channel language es`), if any.
    package func language(adapter: String, channel: String) -> Language? {
        disabled.withLock { rows in
            guard !rows.isEmpty else { return nil }
            return rows.first {
                $0.adapter == adapter && $0.channel == channel && $0.target.hasPrefix(Self.languageTarget)
            }.flatMap { Language(code: String($0.target.dropFirst(Self.languageTarget.count))) }
        }
    }

    /// Sets the language of `channel` on `adapter` (nil: none, the school's), recorded in the
    /// audit log; false when it already was.
    @discardableResult
    package func setLanguage(_ language: Language?, adapter: String, channel: String, audit: AuditEntry) async throws
        -> Bool
    {
        guard self.language(adapter: adapter, channel: channel) != language else { return false }
        let key = language.map { Key(adapter: adapter, channel: channel, target: Self.languageTarget + $0.code) }
        try await database.write { db in
            try await db.delete(from: Self.table).where("adapter", .equal, SQLBind(adapter))
                .where("channel", .equal, SQLBind(channel)).where("target", .like, SQLBind(Self.languageTarget + "%"))
                .run()
            if let key {
                try await db.insert(into: Self.table).columns("adapter", "channel", "target")
                    .values(SQLBind(adapter), SQLBind(channel), SQLBind(key.target)).run()
            }
            try await AuditLog.insert(audit, into: db)
        }
        loaded.withLock { loaded in
            loaded.generation &+= 1
            disabled.withLock { rows in
                rows = rows.filter {
                    !($0.adapter == adapter && $0.channel == channel && $0.target.hasPrefix(Self.languageTarget))
                }
                if let key { rows.insert(key) }
            }
        }
        announcer.announce()
        return true
    }

    /// The language set for `channel` on `adapter`, read from the table rather than memory (for
    /// notifications, which any instance may send).
    static func language(adapter: String, channel: String, on db: any SQLDatabase) async throws -> Language? {
        try await db.select().column("target").from(table).where("adapter", .equal, SQLBind(adapter))
            .where("channel", .equal, SQLBind(channel)).where("target", .like, SQLBind(languageTarget + "%"))
            .first()
            .flatMap {
                Language(code: String(try $0.decode(column: "target", as: String.self).dropFirst(languageTarget.count)))
            }
    }

}
