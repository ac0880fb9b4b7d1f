import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// JSON in and out of the endpoints.
package enum JSONBody {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// `value` as JSON bytes.
    package static func encode(_ value: some Encodable) -> [UInt8] {
        // Encoding the plain structs of this module cannot fail; an empty object is a safe answer if it ever did.
        (try? Array(encoder.encode(value))) ?? Array("{}".utf8)
    }

    /// A response with `value` as its JSON body.
    package static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        response(bytes: encode(value), status: status)
    }

    /// A response with JSON bytes as its body.
    package static func response(bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The headers of every JSON response, checked and built once.
    private static let headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]

    /// Appends `text` as a JSON string, escaped as the encoder escapes it: quotation mark, reverse
    /// solidus and control characters; slashes and non-ASCII text as they are.
    package static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        if !text.utf8.contains(where: needsEscape) {
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
            case 0x08: bytes += Array(#"\b"#.utf8)
            case 0x09: bytes += Array(#"\t"#.utf8)
            case 0x0A: bytes += Array(#"\n"#.utf8)
            case 0x0C: bytes += Array(#"\f"#.utf8)
            case 0x0D: bytes += Array(#"\r"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// True for a byte that a JSON string escapes: quotation mark, reverse solidus, a control character.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Decodes a request body; a body that does not fit `type` is a 400 naming the problem.
    package static func decode<T: Decodable>(_ type: T.Type, from body: [UInt8]) throws(WebhookRejection) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(body))
        } catch let error as DecodingError {
            throw .badRequest("malformed JSON: \(describe(error))")
        } catch {
            throw .badRequest("malformed JSON")
        }
    }

    /// A decoding error in a few words: which field, what was wrong.
    package static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return context.codingPath.isEmpty ? "not a JSON object" : "\(path(context.codingPath)) has the wrong type"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context.codingPath)) is invalid"
        @unknown default: return "not valid JSON"
        }
    }
}
