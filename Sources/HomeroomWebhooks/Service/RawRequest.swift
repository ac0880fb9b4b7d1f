import HTTPTypes
import Hummingbird

/// A request's raw body and headers: signatures are checked over these exact bytes before any
/// of them is parsed.
package struct RawRequest: Sendable {
    package let body: [UInt8]
    package let headers: HTTPFields

    /// The body and headers of `request`, whose body ``RequestBodyDeadline`` already read (within
    /// `webhooks.maximumBodyBytes` and `webhooks.readTimeoutSeconds`).
    package static func read(_ request: Request) async throws -> RawRequest {
        let buffer = try await request.body.collect(upTo: .max)
        return RawRequest(body: Array(buffer.readableBytesView), headers: request.headers)
    }

    /// The value of the header `name`, if present.
    package func header(_ name: String) -> String? {
        HTTPField.Name(name).flatMap { headers[$0] }
    }

    /// An `application/x-www-form-urlencoded` body (a Slack or Mattermost slash command) decoded
    /// into `type`; 400 naming the field when one is missing or the form is malformed.
    package func form<Form: Decodable>(_ type: Form.Type) throws(WebhookRejection) -> Form {
        guard let text = String(validating: body, as: UTF8.self) else {
            throw .badRequest("the form is not UTF-8 text")
        }
        do {
            return try URLEncodedFormDecoder().decode(Form.self, from: text)
        } catch let error as DecodingError {
            if case .keyNotFound(let key, _) = error {
                throw .badRequest("the form field \(key.stringValue) is missing")
            }
            throw .badRequest("malformed form: \(JSONBody.describe(error))")
        } catch {
            throw .badRequest("malformed form")
        }
    }
}
