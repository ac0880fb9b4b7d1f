import Foundation

/// Outgoing HTTP for plugins and adapters: a GET with a deadline, a size cap, redirects and
/// conditional requests (feeds, calendars, pages), and a request that sends a body (webhook
/// notifications, deferred replies). The runtime provides it (`HomeroomFetch`, which reaches only
/// the addresses the configuration's `fetch` section allows); callers see only this.
public protocol HTTPFetching: Sendable {
    /// Fetches `request.url`; throws ``FetchError``, whose ``FetchError/message`` is short enough for
    /// chat and whose ``FetchError/detail`` is for the log.
    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse

    /// Sends `request` and returns whatever status the server answered (a redirect is not
    /// followed); throws ``FetchError`` only when no answer came (the address is not allowed, no
    /// connection, the deadline passed).
    func send(_ request: OutgoingRequest) async throws(FetchError) -> OutgoingResponse
}

/// A request with a body, such as a JSON notification posted to a webhook URL.
public struct OutgoingRequest: Sendable, Equatable {
    /// An `http` or `https` URL.
    public var url: URL
    /// `POST`, `PATCH`, `PUT`, or `GET` with an empty body.
    public var method: String
    /// Header names and values, in order.
    public var headers: [HeaderField]
    /// The body.
    public var body: [UInt8]
    /// The whole exchange must end within this.
    public var timeout: Duration
    /// How much of the answer's body is kept (``OutgoingResponse/body``), at most 1 MB; the rest is
    /// read and dropped. A platform's API answer that the caller decodes needs more than the 4 KB
    /// kept for the log.
    public var maximumResponseBytes: Int = OutgoingRequest.keptForTheLog {
        didSet { maximumResponseBytes = min(max(0, maximumResponseBytes), 1_048_576) }
    }

    /// Where the address came from: an admin set it (the default: a webhook, a platform's API), or
    /// a request's body named it (a `response_url`). The `fetch` settings open private and loopback
    /// addresses only as far as ``FetchProvenance`` says.
    public var provenance: FetchProvenance = .configured

    /// The bytes of an answer kept unless told otherwise: enough for the log.
    public static let keptForTheLog = 4096

    /// One header.
    public struct HeaderField: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A JSON body sent with `method` (POST by default), within 10 seconds unless told otherwise.
    public init(
        url: URL, method: String = "POST", json body: [UInt8], headers: [HeaderField] = [],
        timeout: Duration = .seconds(10)
    ) {
        self.url = url
        self.method = method
        self.headers = [HeaderField("Content-Type", "application/json")] + headers
        self.body = body
        self.timeout = timeout
    }

    /// A body of `contentType` (such as `application/x-www-form-urlencoded`) sent with `method`.
    public init(
        url: URL, method: String = "POST", body: [UInt8], contentType: String, headers: [HeaderField] = [],
        timeout: Duration = .seconds(10)
    ) {
        self.url = url
        self.method = method
        self.headers = [HeaderField("Content-Type", contentType)] + headers
        self.body = body
        self.timeout = timeout
    }
}

/// What a server answered to an ``OutgoingRequest``.
public struct OutgoingResponse: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// The `Retry-After` header, when the server sent one.
    public var retryAfter: String?
    /// The start of the body, at most the request's ``OutgoingRequest/maximumResponseBytes``.
    public var body: [UInt8]
    /// Every header of the answer, in order (a platform's rate-limit headers, for one).
    public var headers: [OutgoingRequest.HeaderField]

    public init(
        status: Int, retryAfter: String? = nil, body: [UInt8] = [], headers: [OutgoingRequest.HeaderField] = []
    ) {
        self.status = status
        self.retryAfter = retryAfter
        self.body = body
        self.headers = headers
    }

    /// The first header named `name`, compared without case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// One GET request.
public struct FetchRequest: Sendable, Equatable {
    /// An `http` or `https` URL.
    public var url: URL
    /// Where the address came from: an admin set it, or it was found in what was fetched. The
    /// `fetch` settings open private and loopback addresses only for an admin's host.
    public var provenance: FetchProvenance
    /// The ETag of the copy already held: the server may answer 304 Not Modified.
    public var etag: String?
    /// The Last-Modified of the copy already held.
    public var lastModified: String?
    /// The body may not be larger; a larger one is an error, not a truncated copy.
    public var maximumBytes: Int
    /// The whole exchange, redirects included, must end within this.
    public var timeout: Duration

    /// A request for `url`, which came from `provenance`, with the usual limits: 5 MB and 20 seconds.
    public init(
        url: URL, provenance: FetchProvenance, etag: String? = nil, lastModified: String? = nil,
        maximumBytes: Int = 5_000_000, timeout: Duration = .seconds(20)
    ) {
        self.url = url
        self.provenance = provenance
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
