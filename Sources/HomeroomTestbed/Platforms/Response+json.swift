import Foundation
import Hummingbird
import NIOCore

extension Response {
    /// `value` as a JSON answer with sorted keys (`{}` if it is not JSON), as the fake platform servers
    /// send them, with a `Retry-After` header when `retryAfter` is given.
    static func json(
        _ value: Any, status: HTTPResponse.Status = .ok, contentType: String = "application/json; charset=utf-8",
        retryAfter: String? = nil
    ) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data("{}".utf8)
        var headers: HTTPFields = [.contentType: contentType]
        if let retryAfter { headers[.retryAfter] = retryAfter }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
