import AsyncHTTPClient
import Foundation
import HomeroomCore
import NIOCore
import NIOHTTP1

/// ``HTTPFetching`` on AsyncHTTPClient: a GET with a deadline for the whole exchange, up to five
/// redirects, ETag/Last-Modified conditional requests and a cap on the body that is checked while
/// it streams in (a huge or endless body is cut off, not buffered).
public struct HTTPFetcher: HTTPFetching {
    private let client: HTTPClient?

    /// Uses the given client, or AsyncHTTPClient's process-wide one (which follows redirects and
    /// needs no shutdown), created only when the first fetch happens: a bot that never fetches
    /// starts no event loop threads for it.
    public init(client: HTTPClient? = nil) {
        self.client = client
    }

    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        var outgoing = try Self.makeRequest(request.url)
        if let etag = request.etag { outgoing.headers.add(name: "If-None-Match", value: etag) }
        if let lastModified = request.lastModified {
            outgoing.headers.add(name: "If-Modified-Since", value: lastModified)
        }
        let deadline = Self.deadline(after: request.timeout)
        do {
            let response = try await (client ?? .shared).execute(outgoing, deadline: deadline)
            switch response.status.code {
            case 304:
                return .notModified
            case 200..<300:
                if let declared = response.headers.first(name: "Content-Length").flatMap(Int.init),
                    declared > request.maximumBytes
                {
                    throw FetchError("the file is \(declared) bytes, more than the limit of \(request.maximumBytes)")
                }
                var body: [UInt8] = []
                for try await buffer in response.body {
                    guard body.count + buffer.readableBytes <= request.maximumBytes else {
                        throw FetchError("the file is larger than the limit of \(request.maximumBytes) bytes")
                    }
                    body.append(contentsOf: buffer.readableBytesView)
                }
                return .fetched(
                    body: body, etag: response.headers.first(name: "ETag"),
                    lastModified: response.headers.first(name: "Last-Modified"))
            default:
                throw FetchError("the server answered \(response.status.code) \(response.status.reasonPhrase)")
            }
        } catch let error as FetchError {
            throw error
        } catch {
            throw Self.failure(error, url: request.url, timeout: request.timeout)
        }
    }

    public func send(_ request: OutgoingRequest) async throws(FetchError) -> OutgoingResponse {
        var outgoing = try Self.makeRequest(request.url)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for field in request.headers { outgoing.headers.add(name: field.name, value: field.value) }
        outgoing.body = .bytes(request.body)
        do {
            let response = try await (client ?? .shared).execute(
                outgoing, deadline: Self.deadline(after: request.timeout))
            var body: [UInt8] = []
            for try await buffer in response.body where body.count < Self.keptResponseBytes {
                body.append(contentsOf: buffer.readableBytesView.prefix(Self.keptResponseBytes - body.count))
            }
            return OutgoingResponse(
                status: Int(response.status.code), retryAfter: response.headers.first(name: "Retry-After"), body: body)
        } catch {
            throw Self.failure(error, url: request.url, timeout: request.timeout)
        }
    }

    /// A request to `url` with Homeroom's User-Agent; refuses anything but an http or https address.
    private static func makeRequest(_ url: URL) throws(FetchError) -> HTTPClientRequest {
        guard url.isWebAddress else {
            throw FetchError("\(url.absoluteString) is not an http or https address")
        }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: "Homeroom/1.0 (school chat bot)")
        return request
    }

    /// Why an exchange with `url` failed, in words for an admin.
    private static func failure(_ error: any Error, url: URL, timeout: Duration) -> FetchError {
        if let error = error as? HTTPClientError {
            if error == .deadlineExceeded || error == .connectTimeout || error == .readTimeout {
                return FetchError("no answer within \(timeout.components.seconds) s")
            }
            return FetchError("the request failed: \(error)")
        }
        return FetchError("could not reach \(url.host ?? "the server"): \(describe(error))")
    }

    /// How much of an answer to a sent request is kept (for the log); the rest is read and dropped.
    private static let keptResponseBytes = 4096

    private static func deadline(after timeout: Duration) -> NIODeadline {
        NIODeadline.now()
            + .nanoseconds(
                Int64(timeout.components.seconds) * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000)
    }

    private static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        return text
    }
}
