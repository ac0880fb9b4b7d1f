import Foundation
import SQLKit

/// Full-text search over one plugin's documents, behaving the same on both backends: SQLite's
/// FTS5 and PostgreSQL's `tsvector`. Plugins get one from ``PluginStorage/fullTextIndex(_:fields:)``
/// and create it in a migration with ``Migration/Context/fullTextIndex(_:fields:)``.
///
/// Documents are identified by the plugin's own row ids. Matching ignores case, needs every word
/// of the query, and treats the last word as a prefix (`chick` finds "chickpeas"), so what a user
/// types works as they expect; punctuation and search operators in a query are never interpreted.
public protocol FullTextIndex: Sendable {
    /// Creates the index's table; call it in a migration.
    func create(in db: any SQLDatabase) async throws
    /// Sets the text of document `id` (one string per field, in the order the index was declared).
    func replace(_ id: Int64, fields: [String], in db: any SQLDatabase) async throws
    /// Removes document `id`.
    func remove(_ id: Int64, in db: any SQLDatabase) async throws
    /// The ids of the documents that match `query`, best first; empty when the query has no words.
    func search(_ query: String, limit: Int, in db: any SQLDatabase) async throws -> [Int64]
}

/// The words of a text as the indexes see them: runs of letters and digits, lowercased, accents
/// removed (`Crème` → `creme`); everything else separates them.
public func searchWords(in text: String) -> [String] {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
        .split { !($0.isLetter || $0.isNumber) }.map(String.init)
}
