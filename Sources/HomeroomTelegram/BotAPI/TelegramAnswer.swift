import Foundation

/// The envelope of every Bot API answer (https://core.telegram.org/bots/api#making-requests): "The
/// response contains a JSON object, which always has a Boolean field 'ok' and may have an optional
/// String field 'description' … If 'ok' equals True, the request was successful and the result of
/// the query can be found in the 'result' field. In case of an unsuccessful request, 'ok' equals
/// false and the error is explained in the 'description'. An Integer 'error_code' field is also
/// returned … Some errors may also have an optional field 'parameters' of the type
/// ResponseParameters".
package struct TelegramAnswer<Result: Decodable & Sendable>: Decodable, Sendable {
    package let ok: Bool
    package let result: Result?
    package let errorCode: Int?
    package let description: String?
    package let parameters: Parameters?

    /// `ResponseParameters` (https://core.telegram.org/bots/api#responseparameters).
    package struct Parameters: Decodable, Sendable {
        /// Seconds to wait before the request may be repeated (flood control).
        package let retryAfter: Int?

        enum CodingKeys: String, CodingKey { case retryAfter = "retry_after" }
    }

    enum CodingKeys: String, CodingKey {
        case ok, result, description, parameters
        case errorCode = "error_code"
    }

    /// The longest wait a 429 is taken to ask for: an hour; a longer one is read as an hour.
    static var longestRetryAfter: Int { 3600 }

    /// The result of an answer with HTTP `status` and `body`, or the error it says.
    package static func read(status: Int, body: [UInt8]) -> Swift.Result<Result, TelegramAPIError> {
        let answer = try? JSONDecoder().decode(TelegramAnswer<Result>.self, from: Data(body))
        if let answer, answer.ok, (200..<300).contains(status), let result = answer.result { return .success(result) }
        guard let answer, !answer.ok else {
            let kind: TelegramAPIError.Kind = status >= 500 ? .serverError : .noAnswer
            return .failure(TelegramAPIError(kind, code: status, detail: "an answer that is not the Bot API's"))
        }
        let code = answer.errorCode ?? status
        let retryAfter = answer.parameters?.retryAfter.map { min(max($0, 1), longestRetryAfter) }
        let said = String((answer.description ?? "no description").prefix(200))
        return .failure(
            TelegramAPIError(TelegramAPIError.kind(of: code), code: code, detail: said, retryAfter: retryAfter))
    }
}
