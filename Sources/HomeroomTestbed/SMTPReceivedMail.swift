import Foundation

/// A message the test SMTP server (``SMTPServer``) took: its envelope, its bytes as they arrived,
/// and the message as Python's `email` package (policy `default`) reads it, an independent
/// reader of RFC 5322, MIME and RFC 2047: headers decoded, each part's text, any defects found.
public struct SMTPReceivedMail: Sendable {
    /// One leaf part of the message.
    public struct Part: Sendable {
        /// `text/plain`, `text/html`.
        public let contentType: String
        /// The declared charset, lower-cased.
        public let charset: String?
        /// `base64`, `quoted-printable`, or nil.
        public let transferEncoding: String?
        /// The text, decoded; nil for a part that is not text.
        public let text: String?
    }

    /// `MAIL FROM`.
    public let mailFrom: String
    /// The accepted `RCPT TO`s.
    public let recipients: [String]
    /// The bytes as received (after SMTP's dot-unstuffing).
    public let raw: [UInt8]
    /// Each header's name and decoded value, in order.
    public let headers: [(name: String, value: String)]
    /// The top-level content type.
    public let contentType: String
    /// The leaf parts, in order.
    public let parts: [Part]
    /// What the reader found wrong (folded badly, a bad encoding); empty for a well-formed message.
    public let defects: [String]

    /// The decoded value of the first header `name` (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The text of the first part of `contentType`.
    public func text(_ contentType: String) -> String? {
        parts.first { $0.contentType == contentType }?.text
    }

    /// The raw header section (up to the first empty line), as text.
    public var rawHeaders: String {
        let text = String(decoding: raw, as: UTF8.self)
        return text.components(separatedBy: "\r\n\r\n").first ?? text
    }

    init(record: Data, raw: [UInt8]) throws {
        guard let object = try JSONSerialization.jsonObject(with: record) as? [String: Any] else {
            throw CocoaError(.coderReadCorrupt)
        }
        mailFrom = object["mailFrom"] as? String ?? ""
        recipients = object["recipients"] as? [String] ?? []
        self.raw = raw
        headers = (object["headers"] as? [[String]] ?? []).compactMap { pair in
            pair.count == 2 ? (pair[0], pair[1]) : nil
        }
        contentType = object["contentType"] as? String ?? ""
        parts = (object["parts"] as? [[String: Any]] ?? []).map { part in
            Part(
                contentType: part["contentType"] as? String ?? "", charset: part["charset"] as? String,
                transferEncoding: part["transferEncoding"] as? String, text: part["text"] as? String)
        }
        defects = object["defects"] as? [String] ?? []
    }
}
