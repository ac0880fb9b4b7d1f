import AsyncHTTPClient
import Foundation
import HomeroomFetch
import NIOCore
import NIOHTTP1

extension MatrixClient {
    /// The largest answer read from `/sync`.
    package static let largestSyncAnswer = 16 << 20
    /// The largest answer read from any other endpoint.
    package static let largestAnswer = 1 << 20

    /// One request to `/_matrix/client/v3/SEGMENTS`, called `what` in errors, with `body` as JSON,
    /// within `timeout` (default ``requestTimeout``) for the whole exchange, headers and body; the
    /// answer's body, read up to `largest` bytes, when the status is 2xx.
    func exchange(
        _ method: HTTPMethod, _ segments: [String], query: [(String, String)] = [], body: [UInt8]? = nil,
        timeout: Duration? = nil, largest: Int = largestAnswer, what: String
    ) async throws(MatrixAPIError) -> [UInt8] {
        var request = HTTPClientRequest(url: MatrixPath.url(on: homeserver, segments, query: query))
        request.method = method
        request.headers.add(name: "User-Agent", value: "Homeroom")
        request.headers.add(name: "Accept", value: "application/json")
        if let accessToken { request.headers.add(name: "Authorization", value: "Bearer \(accessToken)") }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(body)
        }
        let limit = timeout ?? requestTimeout
        let answer: Answer
        do {
            let deadline = NIODeadline.now() + TimeAmount(limit)
            answer = try await FetchDeadline.run(within: limit) { [http, request] in
                let response = try await http.execute(request, deadline: deadline)
                return try await Answer.read(response, largest: largest)
            }
        } catch {
            throw Self.noAnswer(error, what: what, host: homeserver.host ?? "the homeserver", limit: limit)
        }
        guard (200..<300).contains(answer.status) else {
            throw MatrixErrorAnswer(body: answer.body).error(
                status: answer.status, retryAfterHeader: answer.retryAfter, what: what, accessToken: accessToken)
        }
        guard let received = answer.body else {
            throw MatrixAPIError(.tooLarge, "the answer to \(what) was larger than \(largest >> 20) MB")
        }
        return received
    }

    /// Decodes a 2xx answer to the request called `what`.
    func decode<T: Decodable>(_ type: T.Type, from body: [UInt8], what: String) throws(MatrixAPIError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(body))
        } catch {
            let reason = MatrixErrorAnswer.shown(Self.reason(error), hiding: accessToken, limit: 120)
            throw MatrixAPIError(.malformed, "the answer to \(what) could not be read: \(reason)")
        }
    }

    /// `value` as a JSON body.
    func json(_ value: some Encodable, what: String) throws(MatrixAPIError) -> [UInt8] {
        do {
            return Array(try JSONEncoder().encode(value))
        } catch {
            throw MatrixAPIError(.malformed, "the request \(what) could not be written")
        }
    }

    /// Why no answer came: the deadline, a cancellation, or the transport's failure.
    private static func noAnswer(_ error: any Error, what: String, host: String, limit: Duration) -> MatrixAPIError {
        let reason: String
        switch error {
        case is FetchDeadline.Passed:
            reason = "no complete answer within \(MatrixErrorAnswer.seconds(limit)) s"
        case let error as HTTPClientError where error == .deadlineExceeded:
            reason = "no answer within \(MatrixErrorAnswer.seconds(limit)) s"
        case let error as HTTPClientError where error == .cancelled:
            reason = "cancelled"
        case is CancellationError:
            reason = "cancelled"
        default:
            reason = MatrixErrorAnswer.shown("\(error)", hiding: nil, limit: 120)
        }
        return MatrixAPIError(.noAnswer, "\(what): no answer from \(host): \(reason)")
    }

    /// A decoding error in a few words: what was wrong and where.
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        let (context, what): (DecodingError.Context, String) =
            switch error {
            case .dataCorrupted(let context): (context, "not JSON")
            case .keyNotFound(let key, let context): (context, "\(key.stringValue) missing")
            case .typeMismatch(_, let context): (context, "wrong type")
            case .valueNotFound(_, let context): (context, "null")
            @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "unreadable")
            }
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return path.isEmpty ? what : "\(what) at \(path)"
    }
}

/// A homeserver's answer: its status, `Retry-After`, and its body (nil when it passed the cap).
private struct Answer: Sendable {
    var status: Int
    var retryAfter: String?
    var body: [UInt8]?

    /// Reads `response`'s body chunk by chunk, stopping at the first byte past `largest`.
    static func read(_ response: HTTPClientResponse, largest: Int) async throws -> Answer {
        var answer = Answer(status: Int(response.status.code), retryAfter: response.headers.first(name: "Retry-After"))
        var body: [UInt8] = []
        for try await buffer in response.body {
            guard buffer.readableBytes <= largest - body.count else { return answer }
            body.append(contentsOf: buffer.readableBytesView)
        }
        answer.body = body
        return answer
    }
}
