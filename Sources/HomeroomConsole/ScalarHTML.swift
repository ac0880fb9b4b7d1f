import HomeroomCore
import Mustache

/// HTML escaping by Unicode scalar. swift-mustache's own escapes whole characters, so a quote
/// followed by a combining mark (`"\u{301}`) is one character it leaves alone, and a value could
/// end an attribute early.
struct ScalarHTML: MustacheContentType {
    /// The name templates give it in their `CONTENT_TYPE` pragma.
    static let name = "ScalarHTML"

    func escapeText(_ text: String) -> String { text.escapingMarkupAttribute }
}
