import Foundation

/// A plugin's page bound to the plugin's storage, as the webhook server serves it.
package struct ServedPage: Sendable {
    /// The plugin it belongs to.
    package let pluginID: String
    /// The page.
    package let page: WebPage
    let services: PluginServices
    let phrasebook: Phrasebook

    /// Binds plugin `pluginID`'s `page` to the plugin's `services`, speaking from its `phrasebook`.
    package init(pluginID: String, page: WebPage, services: PluginServices, phrasebook: Phrasebook = .untranslated) {
        self.pluginID = pluginID
        self.phrasebook = phrasebook
        self.page = page
        self.services = services
    }

    /// Two plugins declared the same page path.
    package struct DuplicatePath: Error, CustomStringConvertible {
        /// The path.
        package let path: String
        /// The plugins that declared it.
        package let pluginIDs: [String]

        /// The error for `path`, declared by each of `pluginIDs`.
        package init(path: String, pluginIDs: [String]) {
            self.path = path
            self.pluginIDs = pluginIDs
        }
        package var description: String {
            "the page /\(path) is declared by both \(pluginIDs.joined(separator: " and "))"
        }
    }

    /// Answers `GET /PATH[/NAME]?QUERY`; `name` is percent-encoded as it came, `query` already decoded.
    /// A ``UserFacingError`` becomes a 400 answer with its message; any other error is logged
    /// with a reference and answered with a 500 that shows only the reference.
    /// The page is in the language `?lang=` names, else the first shipped one of the browser's
    /// `Accept-Language`, else the school's.
    package func respond(name: String?, query: [String: String], acceptLanguage: String? = nil) async
        -> WebPageResponse
    {
        let language =
            query["lang"].flatMap { Language($0) } ?? acceptLanguage.flatMap(Language.preferred(in:))
            ?? services.school.language
        let request = WebPageRequest(
            name: name.map { $0.removingPercentEncoding ?? $0 }, query: query, services: services,
            words: Words(phrasebook, language, content: services.translations))
        do {
            return try await page.handler(request)
        } catch let error as UserFacingError {
            return .text(error.message, status: 400)
        } catch {
            let reference = ErrorReference.logging(
                error, as: "page failed", metadata: ["page": "/\(page.path)"], to: services.logger)
            let words = Words(.core, language)
            return .text(
                words(
                    "Something went wrong — it is logged as {reference} for the admins.", ["reference": "\(reference)"]),
                status: 500)
        }
    }
}
