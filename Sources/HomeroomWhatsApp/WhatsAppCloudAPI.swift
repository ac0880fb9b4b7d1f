import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks

/// The Cloud API's Messages endpoint, `POST {apiURL}/{phoneNumberID}/messages` with the access
/// token as a Bearer token (Cloud API reference, "Messages" and "Send messages"); its errors
/// (`{"error": {"code": …}}`, "Error codes") mapped to whether the outbox retries.
package struct WhatsAppCloudAPI: Sendable {
    /// What one request sends.
    package enum Message: Sendable, Equatable {
        /// A free-form text, only within the 24-hour window.
        case text(String)
        /// An approved template with one body parameter.
        case template(WhatsAppTemplate, parameter: String)
    }

    let account: WhatsAppAccount
    let fetcher: any HTTPFetching
    let timeout: Duration

    /// Errors that a later attempt may get past: 130429 "Rate limit hit" (throughput), 131056
    /// "(Business Account, Consumer Account) pair rate limit hit", and Meta's transient 1 ("API
    /// Unknown"), 2 ("API Service"), 4 ("API Too Many Calls"), 80007 (rate limit), 131000
    /// ("Something went wrong"), 133004 ("Server temporarily unavailable").
    static let retriedCodes: Set<Int> = [130429, 131056, 1, 2, 4, 80007, 131000, 133004]
    /// 131047 "Re-engagement message": more than 24 hours since the person last wrote.
    static let reEngagement = 131047

    /// The account's Messages endpoint, reached through `fetcher` with `timeout` a request.
    package init(account: WhatsAppAccount, fetcher: any HTTPFetching, timeout: Duration) {
        self.account = account
        self.fetcher = fetcher
        self.timeout = timeout
    }

    /// Sends `message` to `number`; returns Meta's id for it (nil when Meta named none). Throws a
    /// ``DeliveryFailure`` saying whether to retry.
    @discardableResult
    package func send(_ message: Message, to number: PhoneNumber) async throws -> String? {
        var request = OutgoingRequest(
            url: account.apiURL.appendingPathComponent(account.phoneNumberID).appendingPathComponent("messages"),
            json: Self.body(message, to: number), headers: [.init("Authorization", "Bearer \(account.accessToken)")],
            timeout: timeout)
        request.maximumResponseBytes = 65_536
        let response: OutgoingResponse
        do {
            response = try await fetcher.send(request)
        } catch {
            throw DeliveryFailure("the WhatsApp Cloud API did not answer: \(error.message)")
        }
        let answer = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
        if (200..<300).contains(response.status) {
            return ((answer?["messages"] as? [Any])?.first as? [String: Any])?["id"] as? String
        }
        let error = answer?["error"] as? [String: Any]
        let code = WhatsAppNotification.code(error?["code"])
        let said = "WhatsApp answered \(response.status)" + (code.map { ", error \($0)" } ?? "")
        if code == Self.reEngagement {
            throw DeliveryFailure(
                "\(said): \(number.masked) last wrote more than 24 hours ago, outside the customer-service window",
                isPermanent: true)
        }
        if response.isWorthRetrying || code.map(Self.retriedCodes.contains) == true {
            throw DeliveryFailure(said, retryAfter: response.retryAfterSeconds())
        }
        throw DeliveryFailure("\(said)\(response.quotedBody)", isPermanent: true)
    }

    /// The request's JSON: `messaging_product`, `recipient_type`, `to` (the number's digits) and
    /// the text (`preview_url` off) or template ("Text messages", "Template messages").
    static func body(_ message: Message, to number: PhoneNumber) -> [UInt8] {
        let to = String(number.e164.dropFirst())
        switch message {
        case .text(let text):
            return JSONBody.encode(
                TextRequest(to: to, text: .init(preview_url: false, body: text)))
        case .template(let template, let parameter):
            return JSONBody.encode(
                TemplateRequest(
                    to: to,
                    template: .init(
                        name: template.name, language: .init(code: template.language),
                        components: [.init(type: "body", parameters: [.init(type: "text", text: parameter)])])))
        }
    }
}

// The request bodies, named as the Cloud API names their fields.
// swift-format-ignore: AlwaysUseLowerCamelCase
extension WhatsAppCloudAPI {
    struct TextRequest: Encodable {
        var messaging_product = "whatsapp"
        var recipient_type = "individual"
        let to: String
        var type = "text"
        let text: Text

        struct Text: Encodable {
            let preview_url: Bool
            let body: String
        }
    }

    struct TemplateRequest: Encodable {
        var messaging_product = "whatsapp"
        var recipient_type = "individual"
        let to: String
        var type = "template"
        let template: Template

        struct Template: Encodable {
            let name: String
            let language: Language
            let components: [Component]
        }

        struct Language: Encodable { let code: String }

        struct Component: Encodable {
            let type: String
            let parameters: [Parameter]
        }

        struct Parameter: Encodable {
            let type: String
            let text: String
        }
    }
}
