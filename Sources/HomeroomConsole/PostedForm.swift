import Foundation
import HomeroomCore
import HomeroomWebhooks
import Hummingbird
import NIOCore

/// A form a browser posted to the console: `application/x-www-form-urlencoded`, or
/// `multipart/form-data` when it carries a file (``MultipartBody``).
package struct PostedForm {
    /// The text fields; a field given twice keeps its first value.
    package var fields: [String: String] = [:]
    /// The file, when the form had one and it was chosen.
    package var upload: ConsoleUpload?

    /// The most fields a form may carry.
    package static let maximumFields = 200

    /// What was wrong with a posted body.
    package struct Malformed: Error {}

    /// Reads `body`, sent with `contentType`.
    package init(body: ByteBuffer, contentType: String?) throws(Malformed) {
        let type = contentType?.lowercased() ?? ""
        if type.hasPrefix("multipart/form-data") {
            try readMultipart(body, contentType: contentType ?? "")
        } else if type.isEmpty || type.hasPrefix("application/x-www-form-urlencoded") {
            guard let text = String(validating: body.readableBytesView, as: UTF8.self),
                let pairs = URLEncodedPairs.read(text, maximumCount: Self.maximumFields)
            else { throw Malformed() }
            for (name, value) in pairs { add(name, value) }
        } else {
            throw Malformed()
        }
        guard fields.count <= Self.maximumFields else { throw Malformed() }
    }

    private mutating func add(_ name: String, _ value: String) {
        if fields[name] == nil { fields[name] = value }
    }

    private mutating func readMultipart(_ body: ByteBuffer, contentType: String) throws(Malformed) {
        guard
            let boundary = contentType.split(separator: ";").lazy.map({ $0.trimmingCharacters(in: .whitespaces) })
                .first(where: { $0.lowercased().hasPrefix("boundary=") })?.dropFirst("boundary=".count)
                .trimmingCharacters(in: CharacterSet(charactersIn: "\"")), (1...70).contains(boundary.count)
        else { throw Malformed() }
        let parts: [MultipartBody.Part]
        do {
            parts = try MultipartBody(
                Array(body.readableBytesView)[...], boundary: boundary, maximumParts: Self.maximumFields
            )
            .parts
        } catch {
            throw Malformed()
        }
        // A browser's form has at least its token; a body with no part is not one.
        guard !parts.isEmpty else { throw Malformed() }
        for part in parts {
            guard let disposition = part.headers["content-disposition"],
                let name = Self.parameter("name", in: disposition)
            else { continue }
            if let fileName = Self.parameter("filename", in: disposition) {
                if upload == nil, !fileName.isEmpty || !part.body.isEmpty {
                    upload = ConsoleUpload(fileName: fileName, bytes: Array(part.body))
                }
            } else {
                guard let value = String(validating: part.body, as: UTF8.self) else { throw Malformed() }
                add(name, value)
            }
        }
    }

    /// A parameter of a `Content-Disposition` header (`name="specials"`).
    private static func parameter(_ key: String, in header: String) -> String? {
        for piece in header.split(separator: ";") {
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            guard trimmed.lowercased().hasPrefix(key + "=") else { continue }
            var value = trimmed.dropFirst(key.count + 1)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            return String(value)
        }
        return nil
    }
}
