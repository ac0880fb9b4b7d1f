import Foundation
import HomeroomTexts
import HomeroomWebhooks

extension TwilioAPIServer {
    /// A way to spoil an incoming-message post, to test that the application refuses it.
    public enum InboundTamper: Sendable, Equatable {
        /// Signed with another auth token.
        case wrongToken
        /// Signed, then its `Body` changed.
        case bodyChangedAfterSigning
        /// Sent without `X-Twilio-Signature`.
        case noSignatureHeader
    }

    /// How the application's webhook answered an incoming message.
    public struct InboundAnswer: Sendable, Equatable {
        /// The HTTP status.
        public let status: Int
        /// The `Content-Type` header, if any.
        public let contentType: String?
        /// The body: TwiML, when the application answers as Twilio expects.
        public let body: String
    }

    /// Posts an incoming text from `from` to `to` saying `body` to the application's webhook at
    /// `url`, as Twilio does when a message reaches one of the account's numbers: the parameters
    /// of https://www.twilio.com/docs/messaging/guides/webhook-request — "Parameters in Twilio's
    /// request to your application" (`MessageSid`, `SmsSid`, `SmsMessageSid`, `AccountSid`,
    /// `MessagingServiceSid`, `From`, `To`, `Body`, `NumMedia`, `NumSegments`, `SmsStatus`,
    /// `ApiVersion`, and the geographic `FromCity` … `ToCountry`), form-encoded and signed with
    /// `X-Twilio-Signature` over `signingURL` (the URL as Twilio was configured with it, e.g. a
    /// public proxy's; `url` unless given) and the parameters, with `authToken` (the server's
    /// unless given). `extraParameters` replace parameters of the same name and add the others.
    ///
    /// Twilio acts on carrier keywords itself, whatever the application answers
    /// (https://support.twilio.com/hc/en-us/articles/223134027 — "Twilio support for opt-out keywords
    /// (SMS STOP filtering)": "the block works … even if your number currently has no messaging request URL"): a STOP makes `from` opted out (messages to it then answer 21610) and a START
    /// opts it back in. Throws ``TwilioAPIServerError/notLoopback(_:)`` for a `url` off this machine.
    @discardableResult
    public func postInbound(
        to url: URL, signingURL: String? = nil, from: String, to: String, body: String,
        extraParameters: [(name: String, value: String)] = [], authToken: String? = nil, tamper: InboundTamper? = nil
    ) async throws -> InboundAnswer {
        let sid = Shared.newSID(prefix: "SM")
        var parameters: [(name: String, value: String)] = [
            ("MessageSid", sid), ("SmsSid", sid), ("SmsMessageSid", sid), ("AccountSid", shared.accountSID),
            ("MessagingServiceSid", Self.messagingServiceSID), ("From", from), ("To", to), ("Body", body),
            ("NumMedia", "0"), ("NumSegments", String(SegmentCount(of: body).segments)), ("SmsStatus", "received"),
            ("ApiVersion", "2010-04-01"), ("FromCity", ""), ("FromState", ""), ("FromZip", ""),
            ("FromCountry", Self.country(of: from)), ("ToCity", ""), ("ToState", ""), ("ToZip", ""),
            ("ToCountry", Self.country(of: to)),
        ]
        for extra in extraParameters {
            if let index = parameters.firstIndex(where: { $0.name == extra.name }) {
                parameters[index].value = extra.value
            } else {
                parameters.append(extra)
            }
        }
        switch CarrierKeyword(message: body) {
        case .optOut: optOut(from)
        case .optIn: optIn(from)
        case .help, nil: break
        }
        let token = authToken ?? shared.state.withLock { $0.authToken }
        let signature = TwilioSignature.signature(
            for: signingURL ?? url.absoluteString, parameters: parameters,
            authToken: tamper == .wrongToken ? token + "0" : token)
        if tamper == .bodyChangedAfterSigning, let index = parameters.firstIndex(where: { $0.name == "Body" }) {
            parameters[index].value += " (changed)"
        }
        let answer = try await TwilioWebhookPost.send(
            parameters, to: url.absoluteString, signature: tamper == .noSignatureHeader ? nil : signature)
        return InboundAnswer(status: answer.status, contentType: answer.contentType, body: answer.body)
    }

    /// The country Twilio would name for `number`: "US" for the North American +1, else unknown ("").
    private static func country(of number: String) -> String {
        number.hasPrefix("+1") ? "US" : ""
    }
}
