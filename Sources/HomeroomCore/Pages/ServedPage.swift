import Foundation
import Logging

/// A plugin's page bound to the plugin's storage, as the webhook server serves it.
public struct ServedPage: Sendable {
    /// The plugin it belongs to.
    public let pluginID: String
    /// The page.
    public let page: WebPage
    let storage: PluginStorage
    let school: SchoolCalendar
    let clock: any HomeroomClock
    let logger: Logger

    /// Two plugins declared the same page path.
    public struct DuplicatePath: Error, CustomStringConvertible {
        /// The path.
        public let path: String
        /// The plugins that declared it.
        public let pluginIDs: [String]
        public var description: String {
            "the page /\(path) is declared by both \(pluginIDs.joined(separator: " and "))"
        }
    }

    /// Answers `GET /PATH[/NAME]?QUERY`; `name` is percent-encoded as it came, `query` already decoded.
    /// A ``UserFacingError`` becomes a 400 answer with its message; any other error is logged
    /// with a reference and answered with a 500 that shows only the reference.
    public func respond(name: String?, query: [String: String]) async -> WebPageResponse {
        let request = WebPageRequest(
            name: name.map { $0.removingPercentEncoding ?? $0 }, query: query, storage: storage, school: school,
            clock: clock, logger: logger)
        do {
            return try await page.handler(request)
        } catch let error as UserFacingError {
            return .text(error.message, status: 400)
        } catch {
            let reference = String(UInt32.random(in: 0x1000...0xFFFF), radix: 16, uppercase: true)
            logger.error(
                "page failed", metadata: ["page": "/\(page.path)", "reference": "\(reference)", "error": "\(error)"])
            return .text("Something went wrong — it is logged as \(reference) for the admins.", status: 500)
        }
    }
}
