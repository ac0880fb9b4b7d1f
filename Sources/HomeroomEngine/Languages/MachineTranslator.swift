import Foundation
import HomeroomCore
import Logging

/// Machine translation of what admins wrote, through a LibreTranslate-compatible server the school
/// runs (`POST /translate`, LibreTranslate's API reference: "Translate text"). Off unless
/// configured; its translations are kept as machine translations, labelled wherever shown, never
/// put in place of an admin's, and never made of a text an admin marked to keep as written.
package struct MachineTranslator: Sendable {
    /// Where the server is and what it translates into.
    package struct Settings: Sendable, Equatable {
        /// The server's address (`https://translate.district.example`); requests go to its `/translate`.
        package var url: URL
        /// The server's API key, when it asks for one.
        package var apiKey: String?
        /// The languages to translate into.
        package var languages: [Language]

        package init(url: URL, apiKey: String? = nil, languages: [Language]) {
            self.url = url
            self.apiKey = apiKey
            self.languages = languages
        }
    }

    /// The most texts one run translates: the rest wait for the next minute.
    package static let textsPerRun = 50

    package let settings: Settings
    let fetcher: any HTTPFetching

    package init(settings: Settings, fetcher: any HTTPFetching) {
        self.settings = settings
        self.fetcher = fetcher
    }

    /// Why the server gave no translation.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// `text`, translated from English into `language` by the server.
    package func translate(_ text: String, into language: Language) async throws -> String {
        struct Request: Encodable {
            let q: String
            let source: String
            let target: String
            let format: String
            let api_key: String?
        }
        struct Answer: Decodable {
            let translatedText: String?
            let error: String?
        }
        let body = try JSONEncoder().encode(
            Request(q: text, source: "en", target: Self.code(of: language), format: "text", api_key: settings.apiKey))
        var request = OutgoingRequest(
            url: settings.url.appendingPathComponent("translate"), json: Array(body), timeout: .seconds(20))
        request.maximumResponseBytes = 65_536
        let response: OutgoingResponse
        do {
            response = try await fetcher.send(request)
        } catch {
            throw Failure(description: "the translation server did not answer: \(error.detail)")
        }
        let answer = try? JSONDecoder().decode(Answer.self, from: Data(response.body))
        guard (200..<300).contains(response.status) else {
            throw Failure(
                description: "the translation server answered \(response.status)"
                    + (answer?.error.map { ": \($0.prefix(200))" } ?? ""))
        }
        guard let translated = answer?.translatedText?.trimmingCharacters(in: .whitespacesAndNewlines),
            !translated.isEmpty, translated.count <= ContentTranslationBook.maximumLength
        else { throw Failure(description: "the translation server's answer holds no usable translation") }
        return translated
    }

    /// Translates the texts readers wanted and found untranslated, into every configured
    /// language they lack, and keeps the translations in `book`; returns how many it kept.
    /// A text that fails waits for the next run.
    @discardableResult
    package func translateWanted(in book: ContentTranslationBook, logger: Logger) async -> Int {
        let wanted = book.translations.takeWanted().sorted()
        var changes: [ContentTranslationBook.Change] = []
        for (index, text) in wanted.enumerated() {
            guard index < Self.textsPerRun, text.count <= ContentTranslationBook.maximumLength,
                !book.translations.isKept(text)
            else { continue }
            for language in settings.languages
            where book.translations.translation(of: text, into: language) == nil {
                do {
                    changes.append(
                        .translate(text, into: language, as: try await translate(text, into: language), isMachine: true)
                    )
                } catch {
                    logger.warning("machine translation into \(language.code) failed: \(error)")
                }
            }
        }
        guard !changes.isEmpty else { return 0 }
        do {
            try await book.apply(changes, audit: nil)
        } catch {
            logger.warning("machine translations could not be kept: \(error)")
            return 0
        }
        return changes.count
    }

    /// The language code LibreTranslate knows a language by.
    static func code(of language: Language) -> String {
        language == .chinese ? "zh" : language.code
    }
}
