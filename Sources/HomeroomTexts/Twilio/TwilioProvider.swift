import Foundation
import HTTPTypes
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Hummingbird
import NIOCore

/// Twilio's Programmable Messaging (<https://www.twilio.com/docs/messaging>): incoming texts and
/// statuses are form posts signed with `X-Twilio-Signature` ("Webhooks security"), answered with
/// TwiML ("TwiML for Programmable Messaging"); texts go out through the Messages resource
/// (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, "Create a Message resource").
package struct TwilioProvider: TextMessageProvider {
    package let name = "twilio"
    let settings: TwilioSettings
    let fetcher: any HTTPFetching
    let timeout: Duration

    /// The most parameters one posted form may have: Twilio's incoming text has about 20, and 10
    /// media items add 2 each.
    static let maximumParameters = 100
    /// Twilio's error for a number that replied STOP ("Error 21610: Attempt to send to
    /// unsubscribed recipient").
    static let unsubscribedRecipient = 21610
    /// The longest body the Messages resource takes, in UTF-16 code units ("Error 21617: The
    /// concatenated message body exceeds the 1600 character limit", counted as encoded).
    static let maximumBodyUnits = 1600

    /// The account `settings` name, reached through `fetcher`, each request given `timeout`.
    package init(settings: TwilioSettings, fetcher: any HTTPFetching, timeout: Duration) {
        self.settings = settings
        self.fetcher = fetcher
        self.timeout = timeout
    }

    package func incomingText(_ request: RawRequest, path: String) throws(WebhookRejection) -> IncomingText {
        let (parameters, signature) = try signedParameters(of: request, path: path)
        guard let messageID = parameters["MessageSid"] ?? parameters["SmsSid"], Self.isMessageID(messageID) else {
            throw .badRequest("MessageSid is missing or is not Twilio's")
        }
        guard let sender = parameters["From"], let from = PhoneNumber(sender, assumingNorthAmerica: false) else {
            throw .badRequest("From is missing or is not a telephone number")
        }
        guard parameters["AccountSid"] == settings.accountSID else {
            throw .unauthorized("the text is for another Twilio account")
        }
        return IncomingText(messageID: messageID, from: from, body: parameters["Body"] ?? "", signature: signature)
    }

    package func deliveryStatus(_ request: RawRequest, path: String) throws(WebhookRejection) -> TextDeliveryStatus {
        let (parameters, _) = try signedParameters(of: request, path: path)
        guard let messageID = parameters["MessageSid"] ?? parameters["SmsSid"], Self.isMessageID(messageID) else {
            throw .badRequest("MessageSid is missing or is not Twilio's")
        }
        let status = parameters["MessageStatus"] ?? parameters["SmsStatus"] ?? ""
        let errorCode = parameters["ErrorCode"].flatMap { Int($0) }
        return TextDeliveryStatus(
            messageID: messageID, to: parameters["To"].flatMap { PhoneNumber($0, assumingNorthAmerica: false) },
            stage: TextDeliveryStatus.Stage(rawValue: status) ?? .other, errorCode: errorCode,
            recipientOptedOut: errorCode == Self.unsubscribedRecipient)
    }

    package func response(replying reply: String?) -> Response {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?><Response>"#
        if let reply, !reply.isEmpty { xml += "<Message>\(Self.escapedXML(reply))</Message>" }
        xml += "</Response>"
        return Response(
            status: .ok, headers: [.contentType: "text/xml; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: xml)))
    }

    package func send(_ text: String, to number: PhoneNumber, statusCallback: URL) async throws -> String {
        var form: [(String, String)] = [("To", number.e164), ("Body", Self.fitted(text))]
        if let from = settings.from {
            form.append(("From", from))
        } else if let service = settings.messagingServiceSID {
            form.append(("MessagingServiceSid", service))
        }
        form.append(("StatusCallback", statusCallback.absoluteString))
        let body = form.map { "\(Self.formEncoded($0.0))=\(Self.formEncoded($0.1))" }.joined(separator: "&")
        let credentials = Data("\(settings.accountSID):\(settings.authToken)".utf8).base64EncodedString()
        var request = OutgoingRequest(
            url: messagesURL, body: Array(body.utf8), contentType: "application/x-www-form-urlencoded",
            headers: [.init("Authorization", "Basic \(credentials)")], timeout: timeout)
        request.maximumResponseBytes = 65_536
        let response: OutgoingResponse
        do {
            response = try await fetcher.send(request)
        } catch {
            throw DeliveryFailure("Twilio did not answer: \(error.message)")
        }
        let answer = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
        switch response.status {
        case 200..<300:
            guard let sid = answer?["sid"] as? String, Self.isMessageID(sid) else {
                throw DeliveryFailure("Twilio accepted the text but named no message SID\(response.quotedBody)")
            }
            return sid
        case _ where response.isWorthRetrying:
            throw DeliveryFailure("Twilio answered \(response.status)", retryAfter: response.retryAfterSeconds())
        default:
            let code = (answer?["code"] as? Int) ?? (answer?["code"] as? String).flatMap { Int($0) }
            if code == Self.unsubscribedRecipient { throw TextSendFailure.optedOut("Twilio error 21610") }
            throw DeliveryFailure(
                "Twilio refused the text with \(response.status)\(response.quotedBody)", isPermanent: true)
        }
    }

    /// `…/2010-04-01/Accounts/{AccountSid}/Messages.json`.
    private var messagesURL: URL {
        settings.apiURL.appendingPathComponent("2010-04-01").appendingPathComponent("Accounts")
            .appendingPathComponent(settings.accountSID).appendingPathComponent("Messages.json")
    }

    /// The posted parameters, once `X-Twilio-Signature` holds over the URL Twilio posted to (the
    /// configured public address and `path`) and every parameter; and the signature's bytes.
    private func signedParameters(of request: RawRequest, path: String) throws(WebhookRejection) -> (
        [String: String], [UInt8]
    ) {
        guard let header = request.header("X-Twilio-Signature") else {
            throw .unauthorized("the X-Twilio-Signature header is missing")
        }
        guard let signature = Data(base64Encoded: header), signature.count == 20 else {
            throw .unauthorized("the X-Twilio-Signature header is not a signature")
        }
        guard let text = String(validating: request.body, as: UTF8.self),
            let pairs = URLEncodedPairs.read(text, maximumCount: Self.maximumParameters)
        else { throw .badRequest("the form is malformed or has too many parameters") }
        guard TwilioSignature.isValid(header, for: signedURL(path), parameters: pairs, authToken: settings.authToken)
        else { throw .unauthorized("the Twilio signature does not match") }
        var parameters: [String: String] = [:]
        for (name, value) in pairs where parameters[name] == nil { parameters[name] = value }
        return (parameters, Array(signature))
    }

    /// The address Twilio posted `path` to, as its signature covers it.
    package func signedURL(_ path: String) -> String {
        var base = settings.publicURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base + path
    }

    /// `text` cut to whole characters within ``maximumBodyUnits``: pages are far shorter, so this
    /// only guards against a configuration of 10 segments meeting a page of wide characters.
    static func fitted(_ text: String) -> String {
        guard text.utf16.count > maximumBodyUnits else { return text }
        var units = 0
        return String(
            text.prefix { character in
                units += character.utf16.count
                return units <= maximumBodyUnits
            })
    }

    /// `SM` or `MM` and 32 hexadecimal digits.
    static func isMessageID(_ text: String) -> Bool {
        text.utf8.count == 34 && (text.hasPrefix("SM") || text.hasPrefix("MM"))
            && text.dropFirst(2).allSatisfy { $0.isASCII && $0.isHexDigit }
    }

    /// `text` percent-encoded for a form: letters, digits and `-._~` as they are.
    static func formEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(
            CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// `text` with `&`, `<`, `>` and quotes escaped for XML, and the characters XML 1.0 cannot
    /// carry (controls other than tab and line breaks, U+FFFE, U+FFFF) dropped.
    static func escapedXML(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars
        where scalar.value >= 0x20
            ? scalar.value != 0xFFFE && scalar.value != 0xFFFF : "\t\n\r".unicodeScalars.contains(scalar)
        {
            kept.append(scalar)
        }
        return String(kept).escapingMarkupAttribute
    }
}
