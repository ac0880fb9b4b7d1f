import HomeroomCore

extension TestBot {
    /// Runs `plugin`'s scheduled job `name` at once, as the scheduler would were it due now (stand
    /// the clock first with ``clock``): on the plugin's own tables, the school's calendar, this
    /// bot's clock, outbox and outgoing HTTP. What the job throws is logged, as the scheduler does;
    /// read what it did through ``storage(of:)`` or the commands that answer from it.
    ///
    /// ```swift
    /// bot.clock.set(to: TestClock.instant("2026-11-24T00:05:00-05:00"))
    /// try await bot.runJob("clear delays", of: BusPlugin.self)
    /// ```
    ///
    /// Throws ``MissingJob`` naming the jobs `plugin` has when none is called `name`, or when
    /// `plugin` is not among the bot's plugins.
    public func runJob(_ name: String, of plugin: any Plugin.Type) async throws {
        try await runJob(name, pluginID: plugin.id)
    }

    /// The tables of `plugin`, to read (or set up) what its commands and jobs keep.
    ///
    /// ```swift
    /// let storage = bot.storage(of: BusPlugin.self)
    /// let departures = storage.table("departures")
    /// let late = try await storage.read { db in
    ///     try await db.select().column("late_minutes").from(departures).all()
    /// }
    /// ```
    public func storage(of plugin: any Plugin.Type) -> PluginStorage {
        runtime.storage(for: plugin.id)
    }

    /// Runs the job `name` of the plugin with id `pluginID`; see ``runJob(_:of:)``.
    func runJob(_ name: String, pluginID: String) async throws {
        guard await runtime.scheduler.runNow(pluginID: pluginID, name: name) else {
            let plugin = runtime.plugins.first { $0.id == pluginID }
            throw MissingJob(pluginID: pluginID, name: name, jobs: plugin.map { $0.jobs.map(\.name) })
        }
    }
}

/// A test asked to run a job that the bot does not have.
public struct MissingJob: Error, CustomStringConvertible {
    /// The plugin's id.
    public let pluginID: String
    /// The job asked for.
    public let name: String
    /// The plugin's jobs; nil when the plugin is not among the bot's plugins.
    public let jobs: [String]?

    /// The plugin, the job asked for, and the jobs the plugin has.
    public var description: String {
        guard let jobs else { return "\(pluginID) is not among the bot's plugins, so it has no job \"\(name)\"" }
        let known = jobs.isEmpty ? "it has none" : "its jobs: \(jobs.map { "\"\($0)\"" }.joined(separator: ", "))"
        return "\(pluginID) has no job \"\(name)\" (\(known))"
    }
}
