import AsyncHTTPClient
import Foundation
import NIOCore

/// A form post as Twilio makes one to an application's webhook (a status callback, an incoming
/// message): `application/x-www-form-urlencoded`, `X-Twilio-Signature` when signed, and only ever
/// to a loopback address, since the fake is for tests.
enum TwilioWebhookPost {
    /// What the webhook answered.
    struct Answer: Sendable {
        let status: Int
        let contentType: String?
        let body: String
    }

    /// The longest answer read.
    private static let maximumAnswerBytes = 1_048_576

    /// Posts `fields` to `url` with `signature` (none when nil); throws
    /// ``TwilioAPIServerError/notLoopback(_:)`` for a URL off this machine, or the client's error.
    static func send(_ fields: [(name: String, value: String)], to url: String, signature: String?) async throws
        -> Answer
    {
        guard isLoopback(url) else { throw TwilioAPIServerError.notLoopback(url) }
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        if let signature { request.headers.add(name: "X-Twilio-Signature", value: signature) }
        request.body = .bytes(ByteBuffer(string: TwilioForm.encode(fields)))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: maximumAnswerBytes)
        return Answer(
            status: Int(response.status.code), contentType: response.headers.first(name: "Content-Type"),
            body: String(buffer: body))
    }

    /// True for http(s) URLs to 127.0.0.0/8, `::1` or `localhost`.
    static func isLoopback(_ url: String) -> Bool {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = parsed.host?.lowercased()
        else { return false }
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}

/// Why ``TwilioAPIServer`` did not make a request.
public enum TwilioAPIServerError: Error, CustomStringConvertible {
    /// The URL is not on this machine; the fake posts to loopback addresses only.
    case notLoopback(String)

    public var description: String {
        switch self {
        case .notLoopback(let url): "the Twilio fake posts to loopback addresses only, not \(url)"
        }
    }
}
