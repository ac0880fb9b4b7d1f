/// An error as the Cloud API answers one (Graph API "Handling errors" and Cloud API "Error codes"):
/// the HTTP status and `{"error": {"message", "type", "code", "error_data": {"messaging_product",
/// "details"}, "fbtrace_id"}}`.
struct WhatsAppCloudAPIError: Error, Equatable {
    let status: Int
    let code: Int
    let message: String
    /// `error_data.details`, what the error says of this request.
    var details: String = ""

    /// The body Meta sends.
    var json: [String: Any] {
        [
            "error": [
                "message": message, "type": "OAuthException", "code": code,
                "error_data": ["messaging_product": "whatsapp", "details": details.isEmpty ? message : details],
                "fbtrace_id": "AzJ0fJ6Wm4sTQ1S9lr2BxvQ",
            ] as [String: Any]
        ]
    }

    /// 190 "Access token has expired" / invalid: a missing or wrong Bearer token (401).
    static let accessToken = WhatsAppCloudAPIError(status: 401, code: 190, message: "Invalid OAuth access token.")
    /// 100 "Invalid parameter": a request that does not fit the Messages API.
    static func invalidParameter(_ details: String) -> WhatsAppCloudAPIError {
        WhatsAppCloudAPIError(status: 400, code: 100, message: "(#100) Invalid parameter", details: details)
    }
    /// 131047 "Re-engagement message": "More than 24 hours have passed since the recipient last
    /// replied to the sender number."
    static let reEngagement = WhatsAppCloudAPIError(
        status: 400, code: 131047, message: "Re-engagement message",
        details:
            "Message failed to send because more than 24 hours have passed since the customer last replied to this number."
    )
    /// 130429 "Rate limit hit": "Cloud API message throughput has been reached."
    static let throughput = WhatsAppCloudAPIError(
        status: 429, code: 130429, message: "(#130429) Rate limit hit",
        details: "Cloud API message throughput has been reached.")
    /// 131056 "(Business Account, Consumer Account) pair rate limit hit": "Too many messages sent
    /// from the sender phone number to the same recipient phone number in a short period of time."
    static let pairRate = WhatsAppCloudAPIError(
        status: 400, code: 131056, message: "(#131056) (Business Account, Consumer Account) pair rate limit hit")
    /// 132001 "Template does not exist": the name or language is not an approved template's.
    static let noTemplate = WhatsAppCloudAPIError(
        status: 404, code: 132001, message: "(#132001) Template name does not exist in the translation")
    /// 132000 "Number of parameters does not match the expected number of params".
    static let parameterCount = WhatsAppCloudAPIError(
        status: 400, code: 132000,
        message: "(#132000) Number of parameters does not match the expected number of params")
    /// 132018 "There was an issue with the parameters in your template": a parameter with a line
    /// break, a tab or more than four consecutive spaces.
    static let parameterFormat = WhatsAppCloudAPIError(
        status: 400, code: 132018, message: "(#132018) There was an issue with the parameters in your template.",
        details: "Param text cannot have new-line/tab characters or more than 4 consecutive spaces")
    /// 1 "API Unknown" (500) and 2 "API Service" (503): temporary, worth retrying.
    static let internalServerError = WhatsAppCloudAPIError(status: 500, code: 1, message: "An unknown error occurred")
    static let serviceUnavailable = WhatsAppCloudAPIError(
        status: 503, code: 2, message: "Service temporarily unavailable")
}
