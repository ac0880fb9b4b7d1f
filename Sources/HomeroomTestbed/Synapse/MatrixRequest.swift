import AsyncHTTPClient
import Foundation
import HomeroomRuntime
import NIOCore
import NIOHTTP1

/// One JSON request to a homeserver, as the test clients make them.
enum MatrixRequest {
    /// A homeserver's answer: its status and JSON body (`.null` when it was not JSON).
    struct Answer: Sendable {
        let status: Int
        let body: JSONValue
    }

    /// Sends `body` (when given) to `url` with `method`, bearing `token`, and reads the answer (up
    /// to 16 MB).
    static func send(
        _ method: HTTPMethod, _ url: URL, token: String? = nil, body: JSONValue? = nil,
        timeout: Duration = .seconds(30)
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: try body.encoded()))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: TimeAmount(timeout))
        let bytes = try await response.body.collect(upTo: 16 << 20)
        let json = (try? JSONDecoder().decode(JSONValue.self, from: Data(bytes.readableBytesView))) ?? .null
        return Answer(status: Int(response.status.code), body: json)
    }
}
