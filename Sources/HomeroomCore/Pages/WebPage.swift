/// A web page a plugin serves on the webhook server: `GET /PATH` and `GET /PATH/NAME`, for
/// what a phone's browser or a calendar app opens (a QR code's page, a calendar feed).
///
/// The plugin sees a request and returns a response; it never sees the HTTP server.
public struct WebPage: Sendable {
    /// Answers one request. Throw ``UserFacingError`` for a short 400 answer.
    public typealias Handler = @Sendable (WebPageRequest) async throws -> WebPageResponse

    /// The first path segment, lowercase: `here` serves `/here` and `/here/B2-EAST`.
    public let path: String
    /// The handler.
    public let handler: Handler

    /// Declares a page.
    public init(_ path: String, handler: @escaping Handler) {
        self.path = path.lowercased()
        self.handler = handler
    }
}

/// One request for a plugin's page.
@dynamicMemberLookup
public struct WebPageRequest: Sendable {
    /// The path segment after the page's own (`B2-EAST` in `/here/B2-EAST`), percent-decoded; nil for `/here`.
    public let name: String?
    /// The query's fields (`?to=B-201&accessible=1`), decoded.
    public let query: [String: String]
    /// The plugin's tables, the school, the clock, a logger with the plugin's metadata, the outbox
    /// and outgoing HTTP; read them as the request's own (`request.storage`).
    public let services: PluginServices
    /// What the plugin says, in the reader's language (`?lang=`, else the browser's, else the
    /// school's); `words.language` gives the page's `lang` and `dir`.
    public let words: Words

    /// Creates a request. The dispatcher does this when the page is asked for.
    package init(name: String?, query: [String: String], services: PluginServices, words: Words) {
        self.words = words
        self.name = name
        self.query = query
        self.services = services
    }

    /// One of the ``services`` (`request.storage`, `request.clock`), read as the request's own.
    public subscript<T>(dynamicMember keyPath: KeyPath<PluginServices, T>) -> T { services[keyPath: keyPath] }
}

/// What a page answers.
public struct WebPageResponse: Sendable, Equatable {
    /// The HTTP status.
    public let status: Int
    /// The `Content-Type`.
    public let contentType: String
    /// The body.
    public let body: [UInt8]

    /// Creates a response.
    public init(status: Int = 200, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// An HTML page in UTF-8.
    public static func html(_ text: String, status: Int = 200) -> WebPageResponse {
        WebPageResponse(status: status, contentType: "text/html; charset=utf-8", body: Array(text.utf8))
    }

    /// Plain text in UTF-8.
    public static func text(_ text: String, status: Int = 200) -> WebPageResponse {
        WebPageResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }
}
