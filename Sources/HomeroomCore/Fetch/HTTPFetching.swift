import Foundation

/// Outgoing HTTP for plugins (feeds, calendars, pages): one GET with a deadline, a size cap,
/// redirects and conditional requests. The runtime provides it (`HomeroomFetch`); plugins see only this.
public protocol HTTPFetching: Sendable {
    /// Fetches `request.url`; throws ``FetchError`` with a reason an admin can act on.
    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse
}

/// One GET request.
public struct FetchRequest: Sendable, Equatable {
    /// An `http` or `https` URL.
    public var url: URL
    /// The ETag of the copy already held: the server may answer 304 Not Modified.
    public var etag: String?
    /// The Last-Modified of the copy already held.
    public var lastModified: String?
    /// The body may not be larger; a larger one is an error, not a truncated copy.
    public var maximumBytes: Int
    /// The whole exchange, redirects included, must end within this.
    public var timeout: Duration

    /// A request with the usual limits: 5 MB and 20 seconds.
    public init(
        url: URL, etag: String? = nil, lastModified: String? = nil, maximumBytes: Int = 5_000_000,
        timeout: Duration = .seconds(20)
    ) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.maximumBytes = maximumBytes
        self.timeout = timeout
    }
}

/// What the server answered.
public enum FetchResponse: Sendable, Equatable {
    /// 304: the copy already held is current.
    case notModified
    /// 200 with the body and the validators to send next time.
    case fetched(body: [UInt8], etag: String?, lastModified: String?)
}

/// Why a fetch failed, in words for an admin ("the server answered 503", "timed out after 20 s").
public struct FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
