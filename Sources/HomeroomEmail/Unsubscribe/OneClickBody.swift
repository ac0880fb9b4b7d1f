import Foundation
import HomeroomWebhooks

/// The body of a one-click unsubscribe (RFC 8058 section 3.2): the field `List-Unsubscribe` with
/// the value `One-Click`, as `application/x-www-form-urlencoded` (what the unsubscribe page's
/// button and most mail providers post) or `multipart/form-data` (which the RFC also allows).
package enum OneClickBody {
    /// True when `body`, of `contentType`, is a one-click unsubscribe.
    package static func isOneClick(_ body: [UInt8], contentType: String?) -> Bool {
        guard body.count <= 4096, let text = String(validating: body, as: UTF8.self) else { return false }
        let type = (contentType ?? "").lowercased()
        if type.hasPrefix("multipart/form-data") {
            return multipartHasOneClick(text)
        }
        guard let pairs = URLEncodedPairs.read(text.trimmingCharacters(in: .whitespacesAndNewlines), maximumCount: 20)
        else { return false }
        return pairs.contains { $0.name == "List-Unsubscribe" && $0.value == "One-Click" }
    }

    /// True when a part named `List-Unsubscribe` holds `One-Click`.
    private static func multipartHasOneClick(_ text: String) -> Bool {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
        for part in normalized.components(separatedBy: "\n--").prefix(20) {
            guard let split = part.range(of: "\n\n") else { continue }
            let headers = part[..<split.lowerBound].lowercased()
            let value = part[split.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
            if headers.contains("name=\"list-unsubscribe\""), value == "One-Click" { return true }
        }
        return false
    }
}
