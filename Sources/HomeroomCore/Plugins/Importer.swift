import Foundation

/// A way for an admin to load a plugin's data from a file: `homeroom import NAME SOURCE`.
///
/// A plugin lists its importers in ``Plugin/importers``; `homeroom import` offers every importer of
/// the installed plugins, reads the source, opens the plugin's storage and runs ``run``. An import is
/// all or nothing: a bad input throws a ``UserFacingError`` naming the problem (with its line where
/// there is one), which is printed as it is, and nothing is written.
public struct Importer: Sendable {
    /// What an importer reads.
    public enum Source: Sendable, Equatable {
        /// A local file.
        case file
        /// A local file or a web page (an http or https address, fetched with the configured limits).
        case fileOrWebPage
    }

    /// What an import is given.
    public struct Request: Sendable {
        /// The bytes read.
        public let bytes: [UInt8]
        /// The source as the admin named it: a file path or an address.
        public let source: String
        /// The address the bytes came from, for a web page; nil for a file.
        public let webAddress: URL?
        /// The plugin's storage.
        public let storage: PluginStorage
        /// Who imports, for the audit log: ``AuditEntry/commandLine``.
        public let actor: UserID
        /// The time of the import, from the runtime's clock.
        public let now: Date

        /// Creates a request; `homeroom import` and tests make them.
        public init(
            bytes: [UInt8], source: String, webAddress: URL? = nil, storage: PluginStorage,
            actor: UserID = AuditEntry.commandLine, now: Date
        ) {
            self.bytes = bytes
            self.source = source
            self.webAddress = webAddress
            self.storage = storage
            self.actor = actor
            self.now = now
        }
    }

    /// What an import did, for the admin.
    public struct Report: Sendable, Equatable {
        /// The lines that say what was imported (standard output).
        public let lines: [String]
        /// Anything the admin should look at although the import succeeded (standard error).
        public let warnings: [String]

        /// Creates a report.
        public init(_ lines: [String], warnings: [String] = []) {
            self.lines = lines
            self.warnings = warnings
        }
    }

    /// The name after `homeroom import`: lowercase letters, unique among the installed plugins.
    public let name: String
    /// One line for `homeroom import --help`: what it imports and in which format.
    public let summary: String
    /// More help: how a bad file is treated, an example.
    public let discussion: String
    /// What it reads.
    public let source: Source
    /// The help for the source argument: which file it wants.
    public let sourceHelp: String
    /// Checks the bytes and writes them to the storage; throws ``UserFacingError`` for a bad input.
    public let run: @Sendable (Request) async throws -> Report

    /// Creates an importer.
    public init(
        name: String, summary: String, discussion: String, source: Source = .file, sourceHelp: String,
        run: @escaping @Sendable (Request) async throws -> Report
    ) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.source = source
        self.sourceHelp = sourceHelp
        self.run = run
    }
}
