import Foundation

/// An article cut into pages a chat can show: whole paragraphs up to a number of characters a
/// page, a paragraph longer than a page cut between words.
struct ArticlePages: Sendable, Equatable {
    let pages: [[String]]

    init(text: String, charactersPerPage: Int) {
        var pages: [[String]] = []
        var page: [String] = []
        var size = 0
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .flatMap { Self.pieces(of: $0, limit: charactersPerPage) }
        for paragraph in paragraphs {
            if size + paragraph.count > charactersPerPage, !page.isEmpty {
                pages.append(page)
                page = []
                size = 0
            }
            page.append(paragraph)
            size += paragraph.count
        }
        if !page.isEmpty { pages.append(page) }
        self.pages = pages.isEmpty ? [[""]] : pages
    }

    /// A paragraph cut between words into pieces of at most `limit` characters.
    private static func pieces(of paragraph: String, limit: Int) -> [String] {
        guard paragraph.count > limit else { return [paragraph] }
        var pieces: [String] = []
        var current = ""
        for word in paragraph.split(separator: " ") {
            if current.count + word.count + 1 > limit, !current.isEmpty {
                pieces.append(current)
                current = ""
            }
            current += current.isEmpty ? String(word) : " \(word)"
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }
}
