import Foundation

/// A plugin's page bound to the plugin's storage, as the webhook server serves it.
package struct ServedPage: Sendable {
    /// The plugin it belongs to.
    package let pluginID: String
    /// The page.
    package let page: WebPage
    let services: PluginServices

    /// Binds plugin `pluginID`'s `page` to the plugin's `services`.
    package init(pluginID: String, page: WebPage, services: PluginServices) {
        self.pluginID = pluginID
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
    package func respond(name: String?, query: [String: String]) async -> WebPageResponse {
        let request = WebPageRequest(
            name: name.map { $0.removingPercentEncoding ?? $0 }, query: query, services: services)
        do {
            return try await page.handler(request)
        } catch let error as UserFacingError {
            return .text(error.message, status: 400)
        } catch {
            let reference = ErrorReference.logging(
                error, as: "page failed", metadata: ["page": "/\(page.path)"], to: services.logger)
            return .text("Something went wrong — it is logged as \(reference) for the admins.", status: 500)
        }
    }
}
