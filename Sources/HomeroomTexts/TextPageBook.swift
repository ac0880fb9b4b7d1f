import Foundation
import HomeroomCore
import HomeroomEngine

/// The pages of an answer or notification not sent yet, by number, for the person's MORE: kept in
/// the adapter state of `sms`, account `more`, naming the person, so that any instance answers
/// MORE and `/me forget` deletes them. A new answer's pages replace what was kept.
package struct TextPageBook: Sendable {
    /// What is kept for one number.
    struct Kept: Codable {
        /// The pages still to send, in order.
        var pages: [String]
        /// The language of the answer they came from (nil: English).
        var language: String?
    }

    let state = AdapterState(adapter: TextsPlatform.platform.rawValue, account: "more")
    let database: any Database
    /// The most pages kept: an answer longer than this many pages is cut.
    static let maximumPages = 20

    /// The book kept in `database`.
    package init(database: any Database) {
        self.database = database
    }

    /// Keeps `pages` for `number`'s next MORE, in place of what was kept; no pages forget it.
    package func keep(_ pages: [String], language: Language?, for number: PhoneNumber, at now: Date) async throws {
        guard !pages.isEmpty else {
            try await state.remove(number.e164, in: database)
            return
        }
        let kept = Kept(pages: Array(pages.prefix(Self.maximumPages)), language: language?.code)
        var encoded = String(decoding: try JSONEncoder().encode(kept), as: UTF8.self)
        var count = kept.pages.count
        while encoded.utf8.count > AdapterState.maximumLength, count > 1 {
            count -= 1
            encoded = String(
                decoding: try JSONEncoder().encode(
                    Kept(pages: Array(kept.pages.prefix(count)), language: kept.language)),
                as: UTF8.self)
        }
        try await state.set(
            encoded, for: number.e164, about: TextsPlatform.user(number), at: now, in: database)
    }

    /// Takes the next kept page for `number`, with how many are left after it and their language;
    /// nil when nothing is kept.
    package func takeNext(for number: PhoneNumber, at now: Date) async throws -> (
        page: String, remaining: Int, language: Language?
    )? {
        guard let stored = try await state.value(for: number.e164, in: database),
            let kept = try? JSONDecoder().decode(Kept.self, from: Data(stored.utf8)), let first = kept.pages.first
        else { return nil }
        let language = kept.language.flatMap(Language.init(code:))
        try await keep(Array(kept.pages.dropFirst()), language: language, for: number, at: now)
        return (first, kept.pages.count - 1, language)
    }
}
