import Foundation

/// One e-mail as RFC 5322 and MIME (RFC 2045, 2046) write it: the headers, then a
/// `multipart/alternative` of the plain text and the HTML, each UTF-8 in base64 (lines of 76
/// characters), every line ended by CRLF. Only ``MailHeader`` writes text that came from outside
/// into a header.
struct MailMessage {
    var from: EmailAddress
    var fromName: String?
    var to: EmailAddress
    var subject: String
    var date: Date
    /// The `Message-ID`, without its angle brackets (`homeroom.42.1f2e@school.example`).
    var messageID: String
    /// The one-click unsubscribe link (RFC 8058), which also goes in `List-Unsubscribe`.
    var unsubscribeURL: String
    var text: String
    var html: String
    /// The multipart boundary; base64 never holds a `-`, so `homeroom-…` cannot occur in a part.
    var boundary: String

    /// The message, ready for SMTP's DATA (libcurl stuffs the dots).
    func rendered() -> [UInt8] {
        var lines = [
            "Date: " + MailDate.text(date),
            MailHeader.mailbox("From", displayName: fromName, address: from),
            MailHeader.mailbox("To", displayName: nil, address: to),
            MailHeader.unstructured("Subject", subject),
            "Message-ID: <\(messageID)>",
            "MIME-Version: 1.0",
            "List-Unsubscribe: <\(unsubscribeURL)>",
            "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
            "Auto-Submitted: auto-generated",
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
            "",
        ]
        for (type, body) in [("text/plain", Self.withCRLF(text)), ("text/html", Self.withCRLF(html))] {
            lines += [
                "--" + boundary,
                "Content-Type: \(type); charset=UTF-8",
                "Content-Transfer-Encoding: base64",
                "",
            ]
            lines += Self.base64Lines(Array(body.utf8))
        }
        lines += ["--\(boundary)--", ""]
        return Array(lines.joined(separator: "\r\n").utf8)
    }

    /// The text with every line break (CRLF, CR, LF, the Unicode separators) as CRLF: a text
    /// part's canonical form (RFC 2046 section 4.1.1).
    static func withCRLF(_ text: String) -> String {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: "\r\n")
    }

    /// `bytes` in base64, 76 characters a line (RFC 2045 section 6.8).
    static func base64Lines(_ bytes: [UInt8]) -> [String] {
        let encoded = Array(Data(bytes).base64EncodedString().utf8)
        return stride(from: 0, to: encoded.count, by: 76).map { start in
            String(decoding: encoded[start..<min(start + 76, encoded.count)], as: UTF8.self)
        }
    }
}
