import Foundation
import HomeroomRuntime
import HomeroomTestbed

/// What `Scripts/chromium-scenario.py` printed: each step's record, the errors the page's console
/// showed, and the step that failed, if one did.
struct BrowserOutcome: Decodable {
    /// One step's record; which fields it has depends on what the step did.
    struct Step: Decodable {
        let step: Int
        let `do`: String
        let name: String?
        /// When the step ended, in milliseconds since 1970.
        let at: Double
        let url: String?
        let status: Int?
        let elapsedMs: Int?
        let title: String?
        let text: String?
        let scrollWidth: Int?
        let viewportWidth: Int?
        let screenshot: String?
        let violations: [Violation]?
        let value: JSONValue?
        let focused: Focus?
        let cookies: [Cookie]?
    }

    /// A cookie the browser keeps (its value is never recorded).
    struct Cookie: Decodable {
        let name: String
        let path: String
        let httpOnly: Bool
        let sameSite: String?
        let secure: Bool
    }

    /// An axe-core rule the page breaks, with the elements that break it.
    struct Violation: Decodable {
        struct Node: Decodable {
            let target: JSONValue
            let html: String
        }
        let id: String
        /// minor, moderate, serious or critical.
        let impact: String?
        let help: String
        let nodes: [Node]

        /// True for the impacts a page must not have.
        var isSerious: Bool { impact == "serious" || impact == "critical" }

        /// One line for a report: the rule, its impact, what it asks and the elements' HTML.
        var summary: String {
            "\(id) (\(impact ?? "?")): \(help) — " + nodes.map(\.html).joined(separator: " | ")
        }
    }

    /// The element that had the focus after a key was pressed.
    struct Focus: Decodable {
        let tag: String
        let id: String?
        let name: String?
        let text: String
    }

    /// An error the page's console showed, during the step `step`.
    struct ConsoleError: Decodable {
        let step: Int?
        let source: String
        let text: String
        let url: String?
    }

    let results: [Step]
    let consoleErrors: [ConsoleError]
    let error: String?

    /// The record of the step named `name`.
    func step(_ name: String) -> Step? {
        results.first { $0.name == name }
    }

    /// Milliseconds between the ends of the steps named `first` and `second`.
    func milliseconds(from first: String, to second: String) -> Int? {
        guard let start = step(first)?.at, let end = step(second)?.at else { return nil }
        return Int(end - start)
    }

    /// The console's errors but those about a favicon, which the console does not serve.
    var errorsButFavicon: [ConsoleError] {
        consoleErrors.filter { !($0.url ?? "").contains("favicon") && !$0.text.contains("favicon") }
    }
}

extension JSONValue {
    /// The truth value, when this is one (the test bed reads numbers and texts).
    var bool: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }
}
