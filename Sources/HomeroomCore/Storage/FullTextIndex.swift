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

/// The words of a text as the indexes see them: runs of letters, digits and combining marks,
/// lowercased, accents removed (`Crème` → `creme`); every other Unicode scalar separates them.
///
/// The test is made on each scalar, not on each `Character`: a grapheme cluster that starts with a
/// letter may carry a quote or an operator after it (a prepended letter such as U+0D4E before `"`),
/// and a word holding one would be read as search syntax by FTS5 or `to_tsquery`.
public func searchWords(in text: String) -> [String] {
    let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    var words: [String] = []
    var word = String.UnicodeScalarView()
    for scalar in folded.unicodeScalars {
        if isWordScalar(scalar) {
            word.append(scalar)
        } else if !word.isEmpty {
            words.append(String(word))
            word = String.UnicodeScalarView()
        }
    }
    if !word.isEmpty { words.append(String(word)) }
    // A word of combining marks alone is no word to either index.
    return words.filter { $0.unicodeScalars.contains { !$0.properties.generalCategory.isMark } }
}

/// The words of a search as the indexes query them: ``searchWords(in:)``, at most
/// ``maximumSearchWords`` of them, so a pasted page cannot become a query of thousands of terms.
package func searchQueryWords(in query: String) -> [String] {
    Array(searchWords(in: query).prefix(maximumSearchWords))
}

/// The most words a search uses; the rest of a longer query is ignored.
package let maximumSearchWords = 16

extension Unicode.GeneralCategory {
    fileprivate var isMark: Bool { self == .nonspacingMark || self == .spacingMark || self == .enclosingMark }
}

/// A letter, a digit or a combining mark (the vowel signs of Hindi or Tamil belong to their words).
private func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
        return true
    default:
        return false
    }
}
