import Foundation
import HomeroomCore
import HomeroomEngine

/// Posts JSON to a platform's URL (an incoming webhook, a `response_url`, Discord's interaction
/// webhook) and sorts failures into the ones worth retrying (no answer, 408, 429 with its
/// `Retry-After`, 5xx) and the ones that are not (any other 4xx).
package struct WebhookPoster: Sendable {
    let fetcher: any HTTPFetching
    package let timeout: Duration

    /// A poster sending through `fetcher`, each post given at most `timeout`.
    package init(fetcher: any HTTPFetching, timeout: Duration) {
        self.fetcher = fetcher
        self.timeout = timeout
    }

    /// Sends `json` to `url`, an address an admin set unless `provenance` says otherwise; throws a
    /// ``DeliveryFailure`` saying whether to retry.
    package func post(
        _ json: [UInt8], to url: URL, method: String = "POST", idempotencyKey: String? = nil,
        headers extra: [OutgoingRequest.HeaderField] = [], provenance: FetchProvenance = .configured
    ) async throws(DeliveryFailure) {
        var headers = extra
        if let idempotencyKey { headers.append(.init("Idempotency-Key", idempotencyKey)) }
        var request = OutgoingRequest(url: url, method: method, json: json, headers: headers, timeout: timeout)
        request.provenance = provenance
        let response: OutgoingResponse
        do {
            response = try await fetcher.send(request)
        } catch {
            throw DeliveryFailure(error.message)
        }
        switch response.status {
        case 200..<300:
            return
        case _ where response.isWorthRetrying:
            throw DeliveryFailure(
                "\(Self.host(url)) answered \(response.status)", retryAfter: response.retryAfterSeconds())
        default:
            throw DeliveryFailure(
                "\(Self.host(url)) refused the message with \(response.status)\(response.quotedBody)", isPermanent: true)
        }
    }

    /// The wait a `Retry-After` header asks for: seconds, or an HTTP date.
    static func seconds(retryAfter header: String, now: Date = Date()) -> Double? {
        let text = header.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(text) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text).map { max(0, $0.timeIntervalSince(now)) }
    }

    private static func host(_ url: URL) -> String { url.host ?? url.absoluteString }
}
