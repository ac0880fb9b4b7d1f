import Foundation
import HomeroomCore

/// The importers the plugins contribute (``Plugin/importers``): what `homeroom import` lists, finds
/// by name and runs, without naming any plugin.
public struct PluginImporters: Sendable {
    /// An importer and the plugin whose storage it writes.
    public struct Entry: Sendable {
        /// The id of the plugin that contributes it.
        public let pluginID: String
        /// The importer.
        public let importer: Importer

        /// Runs the importer on the plugin's storage in `runtime` at the school `school` (an id or
        /// name; nil: the district's first), at the runtime's time, for the command line;
        /// afterwards every instance forgets what it cached of the plugin's data. A bad input, or
        /// a school that does not exist, throws a ``UserFacingError``.
        public func run(
            bytes: [UInt8], source: String, webAddress: URL?, school: String? = nil, on runtime: BotRuntime
        ) async throws -> Importer.Report {
            let report = try await importer.run(
                Importer.Request(
                    bytes: bytes, source: source, webAddress: webAddress,
                    storage: runtime.storage(for: pluginID, at: try runtime.schoolID(named: school)),
                    now: runtime.clock.now))
            runtime.caches.changed(plugin: pluginID)
            return report
        }
    }

    /// Every importer, in the order of the plugins and of each plugin's list.
    public let entries: [Entry]

    /// The importers of `plugins`.
    public init(plugins: [any Plugin.Type]) {
        entries = plugins.flatMap { plugin in plugin.importers.map { Entry(pluginID: plugin.id, importer: $0) } }
    }

    /// The importer called `name`; an error listing the importers there are when none is.
    public func entry(named name: String) throws(UserFacingError) -> Entry {
        guard let entry = entries.first(where: { $0.importer.name == name }) else {
            guard !entries.isEmpty else { throw UserFacingError("no installed plugin imports anything") }
            let names = entries.map(\.importer.name).joined(separator: ", ")
            throw UserFacingError("no importer is called \"\(name)\"; the importers are \(names)")
        }
        return entry
    }

    /// The help of `homeroom import`: for each importer, how it is called, what it does and which
    /// source it wants, in lines that wrap well at any width.
    public var help: String {
        guard !entries.isEmpty else { return "No installed plugin imports anything." }
        let importers = entries.map { entry in
            let importer = entry.importer
            let source = importer.source == .file ? "<file>" : "<file-or-address>"
            return "homeroom import \(importer.name) \(source)\n\(importer.summary)\n\(importer.discussion)\n"
                + "\(source): \(importer.sourceHelp)"
        }
        return "The importers of the installed plugins:\n\n" + importers.joined(separator: "\n\n")
    }
}
