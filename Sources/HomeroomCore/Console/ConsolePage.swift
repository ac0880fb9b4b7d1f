/// A page of the office's web console (`/console/PATH`), declared by a plugin: the lunch week, the
/// bell calendar, the checkpoint codes.
///
/// The plugin describes what the page shows as a ``ConsoleView`` and does what its forms ask; the
/// console signs people in, checks every form's CSRF token, lays the page out and escapes every
/// text. A page is listed only for people whose capabilities include ``capability``, and its
/// forms are refused for others.
public struct ConsolePage: Sendable {
    /// Shows the page.
    public typealias Show = @Sendable (ConsoleRequest) async throws -> ConsoleView
    /// Does what a posted form asks and says how it went; the console then shows the page again
    /// with those notices above it. Throw ``UserFacingError`` for a refusal.
    public typealias Change = @Sendable (ConsoleRequest) async throws -> [ConsoleNotice]

    /// The path segment, lowercase: `lunch` serves `/console/lunch`.
    public let path: String
    /// The capability a person needs to see the page (`lunch.set`).
    public let capability: String
    /// The page's name in the console's menu and its heading, in the reader's language.
    public let title: @Sendable (Words) -> String
    /// Shows the page.
    public let show: Show
    /// Handles its forms; nil for a page that only shows.
    public let change: Change?

    /// Declares a page.
    public init(
        _ path: String, capability: String, title: @escaping @Sendable (Words) -> String, show: @escaping Show,
        change: Change? = nil
    ) {
        self.path = path.lowercased()
        self.capability = capability
        self.title = title
        self.show = show
        self.change = change
    }
}
